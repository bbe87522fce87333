import { z } from 'zod';
import { BOOKMARK_END, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@pinhive/contracts';

/**
 * Cursor paging for lists (Outline's pagination middleware, with the spec's `bookmarks`).
 *
 * A cursor ("bookmark") is base64url of a small JSON value: the key that selects the NEXT page,
 * as the repository reads it. What that key is belongs to the repository, and this helper
 * assumes no sort: the last `_id` (or sort key values) of a materialised list, the number of the
 * next bucket, a position in a bounded set chosen by an equality key... Never a skip count: a key
 * keeps pages stable while the list grows, and FerretDB pushes no sort or skip down (blueprint).
 *
 * A route declares `query: z.object({ ...pageQuery({ key }) })` and `paged: true`, fetches
 * `limit + 1` items from the position the bookmark names, and returns `page(items, limit, keyOf)`.
 */

/** What a paged handler returns: the items of this page and the bookmark of the next one. */
export interface Page<T> {
  items: T[];
  /** The next page's cursor, or `-end-` (BOOKMARK_END) when this page is the last. */
  bookmark: string;
}

/** A value a bookmark can hold: JSON only (so a date is stored as its ISO string). */
export type BookmarkKey = string | number | boolean | null | BookmarkKey[] | { [k: string]: BookmarkKey };

/** Longest bookmark accepted: a key is a few values, never a document. */
export const BOOKMARK_MAX_LENGTH = 512;

export const BAD_BOOKMARK_MESSAGE = 'This bookmark is not valid. Load the list again from its first page.';
export const ENDED_BOOKMARK_MESSAGE = `This list has no more pages ("${BOOKMARK_END}" is not a bookmark to send back).`;

/** Encodes the key of the next page as an opaque bookmark. */
export function encodeBookmark(key: BookmarkKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** Decodes a bookmark to its JSON value; undefined when it is not one of ours. */
export function decodeBookmark(raw: string): unknown {
  if (raw.length === 0 || raw.length > BOOKMARK_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The `bookmark` query field: absent means the first page; otherwise it is decoded and checked
 * against `key` (the schema of what the route's `keyOf` encodes). A malformed, forged or foreign
 * bookmark, or the end marker sent back, is a 400 naming the field `bookmark`, never a 500.
 */
export function bookmarkSchema<K extends z.ZodType>(key: K) {
  return z
    .string()
    .transform((raw, ctx): z.output<K> => {
      if (raw === BOOKMARK_END) {
        ctx.addIssue({ code: 'custom', message: ENDED_BOOKMARK_MESSAGE });
        return z.NEVER;
      }
      const decoded = key.safeParse(decodeBookmark(raw));
      if (!decoded.success) {
        ctx.addIssue({ code: 'custom', message: BAD_BOOKMARK_MESSAGE });
        return z.NEVER;
      }
      return decoded.data;
    })
    .optional()
    .meta({ description: `The bookmark of the previous answer (its \`bookmarks[0]\`); absent for the first page. "${BOOKMARK_END}" means there is no next page.` });
}

/**
 * The `limit` query field: a whole number from 1 to `max`, `def` when absent. Query values are
 * strings, so it is parsed strictly (no `1e2`, no blanks); beyond `max` is a 400 that says the maximum.
 */
export function limitSchema(def: number, max: number) {
  const message = `limit must be a whole number from 1 to ${max}.`;
  // Exactly 1 to max, as text (a query string) or a number (JSON), so that the OpenAPI document
  // says what is accepted: the text as the list of its values (max is 100 at most).
  const text = new RegExp(`^(?:${Array.from({ length: max }, (_, i) => i + 1).join('|')})$`);
  return z
    .union([z.string().regex(text, message).transform(Number), z.number().int(message).min(1, message).max(max, message)], { error: message })
    .pipe(z.number({ error: message }).int(message).min(1, message).max(max, message))
    .default(def)
    .meta({ description: `How many items per page: 1 to ${max}, ${def} when absent` });
}

/**
 * The query fragment of a list route: `{ limit, bookmark }`, spread into the route's query
 * schema (`z.object({ ...pageQuery({ key }), other: ... })`). `defaultLimit` and `maxLimit`
 * default to the contracts' PAGE_LIMIT_DEFAULT (25) and PAGE_LIMIT_MAX (100).
 */
export function pageQuery<K extends z.ZodType>(opts: { key: K; defaultLimit?: number; maxLimit?: number }) {
  const max = opts.maxLimit ?? PAGE_LIMIT_MAX;
  const def = opts.defaultLimit ?? Math.min(PAGE_LIMIT_DEFAULT, max);
  if (!Number.isInteger(max) || max < 1 || !Number.isInteger(def) || def < 1 || def > max) {
    throw new Error(`pageQuery: defaultLimit ${def} and maxLimit ${max} must be whole numbers with 1 <= default <= max`);
  }
  return { limit: limitSchema(def, max), bookmark: bookmarkSchema(opts.key) };
}

/**
 * One page from items fetched with `limit + 1`: when the extra item is there, the page is the
 * first `limit` items and its bookmark is `keyOf(last item on this page)` encoded (the key the
 * repository reads to select the next page); otherwise this is the last page (`-end-`).
 * The order of `items` is the repository's; nothing here sorts or assumes a sort.
 */
export function page<T>(items: readonly T[], limit: number, keyOf: (last: T) => BookmarkKey): Page<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`page: limit must be a positive whole number, got ${limit}`);
  if (items.length <= limit) return { items: [...items], bookmark: BOOKMARK_END };
  const shown = items.slice(0, limit);
  return { items: shown, bookmark: encodeBookmark(keyOf(shown[limit - 1] as T)) };
}

/**
 * A page whose repository already knows the next page's key (e.g. the next bucket number), or
 * that there is none (`undefined` or `null`: the last page).
 */
export function pageWithNextKey<T>(items: readonly T[], nextKey: BookmarkKey | undefined): Page<T> {
  return { items: [...items], bookmark: nextBookmark(nextKey) };
}

/** The bookmark of the page that starts at `nextKey` (`-end-` when there is none). */
export function nextBookmark(nextKey: BookmarkKey | undefined): string {
  return nextKey === undefined || nextKey === null ? BOOKMARK_END : encodeBookmark(nextKey);
}
