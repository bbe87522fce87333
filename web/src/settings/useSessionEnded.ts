import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../api/client';
import { forgetViewer } from '../auth/viewer';

/**
 * A settings section whose session ended meanwhile (its read answered 401, or an action did):
 * the viewer is forgotten and the page then sends the visitor to log in again, and back.
 * Answers whether the read said so, and `loggedOut` for the actions.
 */
export function useSessionEnded(readError: unknown): { unauthorized: boolean; loggedOut: () => void } {
  const queryClient = useQueryClient();
  const unauthorized = isUnauthorized(readError);
  useEffect(() => {
    if (unauthorized) void forgetViewer(queryClient);
  }, [unauthorized, queryClient]);
  return { unauthorized, loggedOut: () => void forgetViewer(queryClient) };
}
