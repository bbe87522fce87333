import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, type SearchOptions } from '@pinhive/contracts';
import { pageCarryingPromoted } from '../promoted/queries';
import { fetchSearchAdvisory, fetchSearchPage } from './api';

/**
 * The results of one search, a page at a time. Keyed by who is looking (their own secret boards
 * and Your Pins are theirs) and by the options read from the address. A page of the pins scope
 * carries its promoted pins (asked with `ads`, promoted/queries.ts pageCarryingPromoted): only
 * those the words searched answer; not with a colour filter (an ad is not of the colours chosen),
 * nor in the other scopes.
 */
export function useSearch(options: SearchOptions, viewerId: string | null, enabled: boolean) {
  const client = useQueryClient();
  const queryKey = ['search', viewerId, options];
  const withAds = options.scope === 'pins' && (options.colors?.length ?? 0) === 0;
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      pageCarryingPromoted(client, { listKey: queryKey, pageSize: SEARCH_PAGE_SIZE, enabled: withAds }, pageParam, (ads) => fetchSearchPage(options, pageParam, signal, ads)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}

/**
 * The advisory of a query (its notice), keyed by the query alone: the same for everyone and on
 * every tab. Asked only for a non-empty query the server takes (not over the length limit). A failure is not retried: the page shows the
 * results without a notice rather than wait for one.
 */
export function useSearchAdvisory(query: string) {
  return useQuery({
    queryKey: ['search-advisory', query],
    queryFn: ({ signal }) => fetchSearchAdvisory(query, signal),
    enabled: query !== '' && query.length <= SEARCH_QUERY_MAX_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
