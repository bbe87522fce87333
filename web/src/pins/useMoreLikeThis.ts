import { useQuery } from '@tanstack/react-query';
import { moreLikeThisSchema, type Pin } from '@pinhive/contracts';
import { resourceGet } from '../api/resource';

/** MoreLikeThisResource get: pins whose pictures look like this pin's, the nearest first (at most 25). */
export function fetchMoreLikeThis(pinId: string, signal?: AbortSignal): Promise<Pin[]> {
  return resourceGet('MoreLikeThisResource', { pin: pinId }, moreLikeThisSchema, signal);
}

/** The close-up's "More like this": asked once the pin is shown, kept like the pin itself. */
export function useMoreLikeThis(pinId: string) {
  return useQuery({
    queryKey: ['moreLikeThis', pinId],
    queryFn: ({ signal }) => fetchMoreLikeThis(pinId, signal),
  });
}
