import { CSRF_HEADER, SESSION_COOKIES } from '@pinhive/contracts';
import { readCookie } from './cookies';

/**
 * CSRF by double submit: the server keeps a readable `csrftoken` cookie and every non-GET
 * request echoes it in the `X-CSRFToken` header. Any answer sets the cookie, so when it is
 * missing (first visit, cleared cookies) one `GET /v3/users/me/` fetches it first.
 */
export const CSRF_BOOTSTRAP_PATH = '/v3/users/me/';

let pending: Promise<void> | null = null;

/** Asks the server for a (new) `csrftoken` cookie; concurrent callers share one request. */
export function fetchCsrfCookie(): Promise<void> {
  pending ??= fetch(CSRF_BOOTSTRAP_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(
      () => undefined,
      () => undefined, // no answer: the request that needed the token reports the failure itself
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The headers a non-GET request needs, fetching the cookie first when it is absent. */
export async function csrfHeaders(): Promise<Record<string, string>> {
  if (!readCookie(SESSION_COOKIES.csrf)) await fetchCsrfCookie();
  const token = readCookie(SESSION_COOKIES.csrf);
  return token ? { [CSRF_HEADER]: token } : {};
}
