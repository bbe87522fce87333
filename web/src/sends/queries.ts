import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchReceivedPins } from './api';

export const receivedKeys = { all: ['receivedPins'] as const };

/** "Sent to you", a page at a time (only for a signed-in viewer: `enabled`). */
export function useReceivedPins(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: receivedKeys.all,
    queryFn: ({ pageParam, signal }) => fetchReceivedPins(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}
