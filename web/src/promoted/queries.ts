import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AdPlacement, PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import { fetchPromotedPins } from './api';
import { adsForItems, type PromotedPage } from './placement';

/** What a paged list asks of the ads service for each of its pages. */
export interface PromotedAsk {
  placement: AdPlacement;
  /** The search typed (placement search): the ads service serves only promoted pins it answers. */
  query?: string;
  /** The list's own query key: each of its pages has its promoted pins under it. */
  listKey: QueryKey;
  /** Organic items a full page holds (promoted pins are asked for as it is read, before its items are known). */
  pageSize: number;
  /** False where promoted pins do not belong (a colour filter, another search scope). */
  enabled: boolean;
}

/** The promoted pins of one page of a list: keyed per page (its bookmark), beside the list's key. */
export const promotedKey = (listKey: QueryKey, pageParam: string | null): QueryKey => ['promoted', ...listKey, pageParam];

/**
 * A page of a list with the promoted pins that came in time for it. The ads are asked for at the
 * same moment as the page (`floor(pageSize / 10)` of them, the page's items not being known yet)
 * and never waited for: if they have not arrived when the organic page has, the page has none
 * and the request is cancelled; a failure is the same as none. So ads never delay nor break the
 * organic items, and a page is never re-laid out by ads arriving after it was shown.
 * A page read again (a refetch of the list) keeps the promoted pins it was first shown with.
 */
export async function pageWithPromoted<T>(
  client: QueryClient,
  ask: PromotedAsk,
  pageParam: string | null,
  organic: Promise<Page<T>>,
  fetchAds: typeof fetchPromotedPins = fetchPromotedPins,
): Promise<PromotedPage<T>> {
  const count = adsForItems(ask.pageSize);
  const kept = keptPromoted(client.getQueryData<InfiniteData<PromotedPage<T>, string | null>>(ask.listKey), pageParam);
  if (kept || !ask.enabled || count === 0) return { ...(await organic), promoted: kept ?? [] };

  const key = promotedKey(ask.listKey, pageParam);
  const arrived: { ads?: PromotedPin[] } = {};
  client
    .fetchQuery({ queryKey: key, queryFn: ({ signal }) => fetchAds(ask.placement, count, signal, ask.query), staleTime: 0, retry: false })
    .then(
      (ads) => {
        arrived.ads = ads;
      },
      () => undefined, // no ads this time: the page goes without
    );
  let page: Page<T>;
  try {
    page = await organic;
  } finally {
    if (!arrived.ads) void client.cancelQueries({ queryKey: key });
  }
  return { ...page, promoted: arrived.ads ?? [] };
}

/** The promoted pins a page already had, when the list shown holds that page with items. */
function keptPromoted<T>(data: InfiniteData<PromotedPage<T>, string | null> | undefined, pageParam: string | null): PromotedPin[] | undefined {
  const index = data?.pageParams.indexOf(pageParam) ?? -1;
  const page = index >= 0 ? data?.pages[index] : undefined;
  return page && page.items.length > 0 ? page.promoted : undefined;
}
