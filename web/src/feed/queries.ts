import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchHomeFeed } from './api';

/** The signed-in viewer's home feed, keyed by who they are (an account switch reads another). */
export function useHomeFeed(viewerId: string) {
  return useInfiniteQuery({
    queryKey: ['homeFeed', viewerId],
    queryFn: ({ pageParam, signal }) => fetchHomeFeed(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
