import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { pageAdsMetaSchema, type PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import { adsForItems, adsForPage, type PromotedPage } from './placement';

/** Where a paged list's pages carry promoted pins. */
export interface PromotedAsk {
  /** The list's own query key: its pages as shown are read from it. */
  listKey: QueryKey;
  /** Organic items a full page holds (a list whose pages hold fewer than AD_SPACING asks for none). */
  pageSize: number;
  /** False where promoted pins do not belong (a colour filter, another search scope). */
  enabled: boolean;
}

/**
 * A page of a list whose answers carry their promoted pins (the home feed, a search's pins: a page
 * asked with `ads` answers them in `meta.promoted`, chosen by pins-boards while it reads the page).
 * Each page asks for what it may hold (`adsForItems`: two for 25 items), fresh: no request of
 * their own, nothing kept between pages, so a campaign at its budget leaves the next page.
 * `adsForPage` drops any an earlier page of the list has, or whose pin is on the list (a page then
 * holds fewer). A page read again (a refetch of the list) keeps the promoted pins it was first
 * shown with, so a page is never re-laid out by ads. An answer whose promoted pins do not parse
 * is a page without ads.
 */
export async function pageCarryingPromoted<T extends { id: string }>(
  client: QueryClient,
  ask: PromotedAsk,
  pageParam: string | null,
  fetchPage: (ads: number) => Promise<Page<T>>,
): Promise<PromotedPage<T>> {
  const list = client.getQueryData<InfiniteData<PromotedPage<T>, string | null>>(ask.listKey);
  const kept = keptPromoted(list, pageParam);
  const wanted = kept || !ask.enabled ? 0 : adsForItems(ask.pageSize);
  const page = await fetchPage(wanted);
  if (kept) return { ...page, promoted: kept };
  const carried = wanted > 0 ? pageAdsMetaSchema.safeParse(page.meta ?? {}).data?.promoted ?? [] : [];
  return { ...page, promoted: adsForPage(carried, earlierPages(list, pageParam), page.items) };
}

/** The pages of the list before this one (all of them for a page being appended). */
function earlierPages<T>(data: InfiniteData<PromotedPage<T>, string | null> | undefined, pageParam: string | null): PromotedPage<T>[] {
  if (!data) return [];
  const index = data.pageParams.indexOf(pageParam);
  return index >= 0 ? data.pages.slice(0, index) : data.pages;
}

/** The promoted pins a page already had, when the list shown holds that page with items. */
function keptPromoted<T>(data: InfiniteData<PromotedPage<T>, string | null> | undefined, pageParam: string | null): PromotedPin[] | undefined {
  const index = data?.pageParams.indexOf(pageParam) ?? -1;
  const page = index >= 0 ? data?.pages[index] : undefined;
  return page && page.items.length > 0 ? page.promoted : undefined;
}
