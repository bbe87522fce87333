import { AD_SPACING, interleaveAds, type PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';

/** A page of organic items with the promoted pins that came in time for it (none when they did not). */
export interface PromotedPage<T> extends Page<T> {
  promoted: PromotedPin[];
}

/** Promoted pins a page of `itemCount` organic items may hold: one per full AD_SPACING items. */
export const adsForItems = (itemCount: number): number => Math.floor(itemCount / AD_SPACING);

/** Whether a grid item is a promoted pin (served by the ads service) rather than an organic one. */
export function isPromotedPin(item: object): item is PromotedPin {
  return 'ad' in item && 'is_promoted' in item && item.is_promoted === true;
}

/**
 * The promoted pins a page takes of those its answer carried (promoted/queries.ts): in the order
 * served, at most one per full AD_SPACING of the page's organic items, never an ad an earlier page
 * of the list already has, never twice, and never the pin of an organic item of this page or an
 * earlier one (it would show twice).
 */
export function adsForPage<T extends { id: string }>(
  served: readonly PromotedPin[],
  earlier: readonly { items: readonly T[]; promoted: readonly PromotedPin[] }[],
  items: readonly T[],
): PromotedPin[] {
  const given = new Set(earlier.flatMap((page) => page.promoted.map((ad) => ad.ad.ad_id)));
  const pins = new Set([...earlier.flatMap((page) => page.items.map((item) => item.id)), ...items.map((item) => item.id)]);
  const taken: PromotedPin[] = [];
  for (const ad of served) {
    if (taken.length >= adsForItems(items.length)) break;
    if (given.has(ad.ad.ad_id) || pins.has(ad.id)) continue;
    given.add(ad.ad.ad_id);
    pins.add(ad.id);
    taken.push(ad);
  }
  return taken;
}

/**
 * The pages' items in order, each page with its promoted pins placed by `interleaveAds`: at most
 * one per full AD_SPACING organic items of that page, never an ad already placed on an earlier
 * page, never a pin already on the page (or an earlier one) organically. Pure: the same pages
 * give the same list, so a page once shown keeps its layout as later pages are appended.
 */
export function placeAdsOnPages<T extends { id: string }>(pages: readonly { items: readonly T[]; promoted: readonly PromotedPin[] }[]): (T | PromotedPin)[] {
  const shownAds = new Set<string>();
  const seenPins = new Set<string>();
  const out: (T | PromotedPin)[] = [];
  for (const page of pages) {
    for (const item of page.items) seenPins.add(item.id);
    const fresh: PromotedPin[] = [];
    for (const ad of page.promoted) {
      if (fresh.length >= adsForItems(page.items.length)) break;
      if (shownAds.has(ad.ad.ad_id) || seenPins.has(ad.id) || fresh.some((f) => f.ad.ad_id === ad.ad.ad_id)) continue;
      fresh.push(ad);
    }
    const placed = interleaveAds(page.items, fresh, shownAds);
    for (const item of placed) {
      if (isPromotedPin(item)) {
        shownAds.add(item.ad.ad_id);
        seenPins.add(item.id);
      }
      out.push(item);
    }
  }
  return out;
}

/** A grid key that never collides: an ad's pin may also be on another page as an organic pin. */
export const gridItemKey = (item: { id: string }): string => (isPromotedPin(item) ? `promoted-${item.ad.ad_id}` : item.id);
