import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchOptions } from '@pinhive/contracts';
import { fetchSearchPage } from './api';

/**
 * The results of one search, a page at a time. Keyed by who is looking (their own secret boards
 * and Your Pins are theirs) and by the options read from the address.
 */
export function useSearch(options: SearchOptions, viewerId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['search', viewerId, options],
    queryFn: ({ pageParam, signal }) => fetchSearchPage(options, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}
