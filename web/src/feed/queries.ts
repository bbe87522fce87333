import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { HOME_FEED_PAGE_SIZE, type PaletteColor } from '@pinhive/contracts';
import { pageCarryingPromoted } from '../promoted/queries';
import { fetchHomeFeed, fetchPopularPins } from './api';

/** How often an empty home feed is read again while a follow's pins are on their way to it. */
const WAITING_FOR_PINS_MS = 1000;

/**
 * The signed-in viewer's home feed, keyed by who they are (an account switch reads another).
 * `waitingForPins`: the viewer just followed something and the feed is still empty (a follow's
 * pins reach it through an event, a moment later): read it again each second meanwhile.
 * `colors`: only the pins of those named colours (the colour chips, `?colors=`).
 * Each page carries its promoted pins (asked with `ads`, promoted/queries.ts
 * pageCarryingPromoted); none while a colour filter is on (an ad is not of the colours chosen).
 */
export function useHomeFeed(viewerId: string, waitingForPins = false, colors: readonly PaletteColor[] = []) {
  const client = useQueryClient();
  const queryKey = ['homeFeed', viewerId, ...(colors.length > 0 ? [[...colors].sort().join(',')] : [])];
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      pageCarryingPromoted(
        client,
        { listKey: queryKey, pageSize: HOME_FEED_PAGE_SIZE, enabled: colors.length === 0 },
        pageParam,
        (ads) => fetchHomeFeed(pageParam, colors, signal, ads),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    refetchInterval: (query) => (waitingForPins && (query.state.data?.pages[0]?.items.length ?? 0) === 0 ? WAITING_FOR_PINS_MS : false),
  });
}

/** Popular pins of public boards (an empty home's suggestions), the same for everyone for a minute. */
export function usePopularPins() {
  return useQuery({ queryKey: ['popularPins'], queryFn: ({ signal }) => fetchPopularPins(signal), staleTime: 60_000 });
}
