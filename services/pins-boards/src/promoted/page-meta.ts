import type { PageAdsMeta, PageMeta } from '@pinhive/contracts';
import { JsonText } from '@pinhive/kit';

/** A page's promoted pins, each as its JSON (contracts `promotedPinSchema`): promoted/promoted.service.ts. */
export type PromotedJson = readonly string[];

/**
 * A page's meta: its own fields and, when the page was asked for ads, `promoted` (contracts
 * `PageAdsMeta`), as JSON text put together from each item's JSON (nothing serialised per page).
 * Undefined when there is nothing to say.
 */
export function pageMetaWith<M extends PageMeta>(fields: M & { promoted?: never }, promoted: PromotedJson | undefined): M | (M & PageAdsMeta) | JsonText | undefined {
  if (promoted === undefined) return Object.keys(fields).length > 0 ? fields : undefined;
  const own = JSON.stringify(fields);
  return new JsonText(`${own.slice(0, -1)}${own.length > 2 ? ',' : ''}"promoted":[${promoted.join(',')}]}`);
}
