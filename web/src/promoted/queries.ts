import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { AD_SERVE_MAX, homeFeedPageMetaSchema, type AdPlacement, type PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import { fetchPromotedPins } from './api';
import { adsForItems, adsForPage, adsLeft, type PromotedPage } from './placement';

/** What a paged list asks of the ads service for the pages of a visit. */
export interface PromotedAsk {
  placement: AdPlacement;
  /** The search typed (placement search): the ads service serves only promoted pins it answers. */
  query?: string;
  /** The list's own query key: its visit's served ads are kept under it. */
  listKey: QueryKey;
  /** Organic items a full page holds (a list whose pages hold fewer than AD_SPACING asks for none). */
  pageSize: number;
  /** False where promoted pins do not belong (a colour filter, another search scope). */
  enabled: boolean;
}

/** Promoted pins asked for once per visit of a list: ten last five pages of 25 (two each). */
export const VISIT_ADS = AD_SERVE_MAX;

/**
 * How long a visit's served ads are spread over its pages before the next page asks again. The
 * issue's pacing: a campaign stops being served within a minute of reaching its budget. The ads
 * service reads spend every 10 s (ADS_SERVING_REFRESH_MS) and pins-boards its model of ads'
 * campaigns every 10 s (PROMOTED_REFRESH_MS), so an answer kept 40 s still leaves no campaign
 * shown more than a minute after its budget ran out. Spend is counted on impressions.
 */
export const ADS_KEPT_MS = 40_000;

/** A list's served promoted pins (one serve call per visit, spread over its pages), beside the list's key. */
export const promotedKey = (listKey: QueryKey): QueryKey => ['promoted', ...listKey];

/**
 * A page of a list with its promoted pins. A visit of a list makes one serve call (VISIT_ADS
 * pins), at the same moment as its first page, and never waits for it: the page is shown when its
 * items arrive, with the ads only if they came first. The answer is kept (ADS_KEPT_MS) and later
 * pages take their ads from it (`adsForPage`: at most one per ten items, none an earlier page has,
 * none of a pin on the list), so an answer that came after the first page still serves the next
 * ones. A page asks again only when the kept answer is older than ADS_KEPT_MS, or when every ad
 * of a full answer is on a page already; again beside its items, never delaying them. A failure
 * is the same as no ads. A page read again (a refetch of the list) keeps the promoted pins it
 * was first shown with, so a page is never re-laid out by ads.
 */
export async function pageWithPromoted<T extends { id: string }>(
  client: QueryClient,
  ask: PromotedAsk,
  pageParam: string | null,
  organic: Promise<Page<T>>,
  fetchAds: typeof fetchPromotedPins = fetchPromotedPins,
): Promise<PromotedPage<T>> {
  const list = client.getQueryData<InfiniteData<PromotedPage<T>, string | null>>(ask.listKey);
  const kept = keptPromoted(list, pageParam);
  if (kept || !ask.enabled || adsForItems(ask.pageSize) === 0) return { ...(await organic), promoted: kept ?? [] };

  const earlier = earlierPages(list, pageParam);
  const key = promotedKey(ask.listKey);
  const served = keptServed(client, key, earlier);
  if (served) {
    const page = await organic;
    return { ...page, promoted: adsForPage(served, earlier, page.items) };
  }

  const arrived: { ads?: PromotedPin[] } = {};
  client
    .fetchQuery({ queryKey: key, queryFn: ({ signal }) => fetchAds(ask.placement, VISIT_ADS, signal, ask.query), staleTime: 0, retry: false })
    .then(
      (ads) => {
        arrived.ads = ads;
      },
      () => undefined, // no ads this time: the page goes without, the next page asks again
    );
  // Not cancelled when the page comes first: the answer serves the pages after it.
  const page = await organic;
  return { ...page, promoted: adsForPage(arrived.ads ?? [], earlier, page.items) };
}

/**
 * A page of a list whose answers carry their promoted pins (the home feed: a page asked with
 * `ads` answers them in `meta.promoted`, chosen by pins-boards). The visit's rules are
 * pageWithPromoted's, without a request of their own: a page asks for VISIT_ADS only when the
 * visit has none kept (its first page), they are older than ADS_KEPT_MS, or every ad of a full
 * answer is on a page already; the others take theirs from the kept ones. An answer whose
 * promoted pins do not parse is a page without ads.
 */
export async function pageCarryingPromoted<T extends { id: string }>(
  client: QueryClient,
  ask: PromotedAsk,
  pageParam: string | null,
  fetchPage: (ads: number) => Promise<Page<T>>,
): Promise<PromotedPage<T>> {
  const list = client.getQueryData<InfiniteData<PromotedPage<T>, string | null>>(ask.listKey);
  const kept = keptPromoted(list, pageParam);
  if (kept || !ask.enabled || adsForItems(ask.pageSize) === 0) return { ...(await fetchPage(0)), promoted: kept ?? [] };

  const earlier = earlierPages(list, pageParam);
  const key = promotedKey(ask.listKey);
  const served = keptServed(client, key, earlier);
  if (served) {
    const page = await fetchPage(0);
    return { ...page, promoted: adsForPage(served, earlier, page.items) };
  }
  const page = await fetchPage(VISIT_ADS);
  const ads = homeFeedPageMetaSchema.safeParse(page.meta ?? {}).data?.promoted ?? [];
  client.setQueryData<PromotedPin[]>(key, ads);
  return { ...page, promoted: adsForPage(ads, earlier, page.items) };
}

/**
 * The visit's served ads while later pages may take from them: under ADS_KEPT_MS old, and not
 * all shown already when the answer was full (there may be more to serve).
 */
function keptServed(client: QueryClient, key: QueryKey, earlier: readonly PromotedPage<unknown>[]): PromotedPin[] | undefined {
  const state = client.getQueryState<PromotedPin[]>(key);
  const served = state?.data;
  if (served === undefined || Date.now() - state!.dataUpdatedAt >= ADS_KEPT_MS) return undefined;
  return adsLeft(served, earlier).length === 0 && served.length >= VISIT_ADS ? undefined : served;
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
