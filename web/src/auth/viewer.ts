import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeResponse, StoredAccount } from '@pinhive/contracts';
import { fetchStoredAccounts } from '../api/accounts';
import { fetchViewer } from '../api/auth';

/**
 * Who is looking at the app, from `GET /v3/users/me/` (the client renews an expired session
 * once). `loading` only until the first answer; an unreachable server counts as anonymous so the
 * log-in and sign-up buttons stay available.
 */
export type Viewer = { status: 'loading' } | { status: 'anonymous' } | { status: 'authenticated'; user: MeResponse };

export const VIEWER_QUERY_KEY = ['viewer'] as const;
/** The accounts this browser is logged in to (`GET /v3/auth/accounts/`). */
export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;
/** Who this browser recognises for the welcome-back log-in (`GET /v3/auth/recognised/`, recognition.ts). */
export const RECOGNISED_QUERY_KEY = ['recognised'] as const;

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

/**
 * Whether the latest answer says someone is signed in, read from the cache at the moment of asking
 * (a render may still show the viewer it had when a log-in's navigation began).
 */
export const signedInNow = (queryClient: QueryClient): boolean => Boolean(queryClient.getQueryData(VIEWER_QUERY_KEY));

/** The stored accounts, asked for only while someone is logged in (`undefined` until known or on failure). */
export function useStoredAccounts(enabled: boolean): StoredAccount[] | undefined {
  const query = useQuery({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchStoredAccounts(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
  return enabled ? query.data : undefined;
}

/**
 * After log-in, sign-up, log-out, an account switch or a password reset: ask the server again who
 * is looking and which accounts this browser holds. Per-account data (the two-factor status) is
 * keyed by the user id, so another account never sees it. Each of these may change whom the
 * browser recognises: that answer is reset, not just invalidated, so that the next log-in view
 * waits for the new answer instead of showing the old one and then swapping.
 */
export async function refreshViewer(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: VIEWER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
    queryClient.resetQueries({ queryKey: RECOGNISED_QUERY_KEY }),
  ]);
}

/** After log-out: anonymous at once (no request), then whatever the server says. */
export function forgetViewer(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(VIEWER_QUERY_KEY, null);
  queryClient.setQueryData(ACCOUNTS_QUERY_KEY, []);
  return refreshViewer(queryClient);
}
