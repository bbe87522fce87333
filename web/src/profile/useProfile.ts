import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@pinhive/contracts';
import { fetchProfile } from '../api/users';
import { isApiError, isNotFound } from '../api/client';

/** How long a just-registered person waits for the profile service to catch up with the event. */
export const NEW_PROFILE_WAIT_MS = 15_000;
/** Pause between two looks while waiting for a new profile. */
export const NEW_PROFILE_POLL_MS = 300;

/** Network failures and 5xx answers are worth another try; other failures are final. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.http_status === 0 || error.http_status >= 500);
}

/**
 * The public profile of `username`. Right after sign-up the profile is created asynchronously
 * (from `auth.user.registered.v1`), so with `justRegistered` 404s are retried for up to
 * `NEW_PROFILE_WAIT_MS`; otherwise a 404 is final at once.
 */
export function useProfile(username: string, justRegistered: boolean) {
  const waitingSince = useRef(Date.now());

  const query = useQuery<PublicProfile>({
    queryKey: ['profile', username],
    queryFn: ({ signal }) => fetchProfile(username, signal),
    retry: (failureCount, error) => {
      if (isNotFound(error)) return justRegistered && Date.now() - waitingSince.current < NEW_PROFILE_WAIT_MS;
      return isTransient(error) && failureCount < 2;
    },
    retryDelay: (failureCount, error) =>
      isNotFound(error) ? NEW_PROFILE_POLL_MS : Math.min(1000 * 2 ** failureCount, 4000),
  });

  /** Try again after a failure, restarting the wait for a new profile. */
  const retry = () => {
    waitingSince.current = Date.now();
    void query.refetch();
  };

  return { query, retry };
}
