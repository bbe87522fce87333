import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@pinhive/contracts';
import { fetchViewer } from '../api/auth';

/**
 * Who is looking at the app, from `GET /v3/users/me/` (the client renews an expired session
 * once). `loading` only until the first answer; an unreachable server counts as anonymous so the
 * log-in and sign-up buttons stay available.
 */
export type Viewer = { status: 'loading' } | { status: 'anonymous' } | { status: 'authenticated'; user: MeResponse };

export const VIEWER_QUERY_KEY = ['viewer'] as const;

export function useViewer(): Viewer {
  const query = useQuery({
    queryKey: VIEWER_QUERY_KEY,
    queryFn: ({ signal }) => fetchViewer(signal),
    staleTime: 5 * 60_000,
  });
  if (query.data) return { status: 'authenticated', user: query.data };
  if (query.isPending) return { status: 'loading' };
  return { status: 'anonymous' };
}

/** After log-in, sign-up, log-out or a password reset: ask the server again who is looking. */
export function refreshViewer(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: VIEWER_QUERY_KEY });
}

/** After log-out: anonymous at once (no request), then whatever the server says. */
export function forgetViewer(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(VIEWER_QUERY_KEY, null);
  return refreshViewer(queryClient);
}
