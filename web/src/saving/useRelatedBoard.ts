import { useQuery } from '@tanstack/react-query';
import { relatedBoardsSchema, type Board } from '@pinhive/contracts';
import { resourceGet } from '../api/resource';
import { relatedBoardOf, relatedBoardOptions, type RelatedBoard } from './success';

/** GET RelatedBoardForPinRandomFeedResource: at most one board suggested for a saved pin. */
export function fetchRelatedBoard(pinId: string, signal?: AbortSignal): Promise<Board[]> {
  return resourceGet('RelatedBoardForPinRandomFeedResource', relatedBoardOptions(pinId), relatedBoardsSchema, signal);
}

/**
 * The success dialog's suggested board. Section 7 says "no caching" and "errors ignored": the
 * answer is a random pick, kept only while the dialog shows it (gcTime 0), never retried, and
 * not asked again on focus or reconnect, where a new pick would swap the board under the reader.
 */
export function useRelatedBoard(pinId: string): RelatedBoard {
  const query = useQuery({
    queryKey: ['relatedBoard', pinId],
    queryFn: ({ signal }) => fetchRelatedBoard(pinId, signal),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return relatedBoardOf(query);
}
