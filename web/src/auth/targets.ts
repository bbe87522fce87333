import { defaultReturnTarget, redirectTarget, type ReturnLocation } from '@pinhive/contracts';

/** Where the card is shown: a full page (or the home page), a modal, or the top bar's flyout. */
export type AuthVariant = 'page' | 'modal' | 'flyout';

const hasNext = (search: string): boolean => new URLSearchParams(search).has('next');

/** The business log-in page (`/business/login`). */
export const BUSINESS_LOGIN_PATH = '/business/login';

/**
 * Where a successful log-in goes (signup-login.md section 4): the `next` parameter when present;
 * otherwise the default return target on a page, or nowhere (null: the modal or flyout closes, the
 * page stays) over a page. The business log-in page is a log-in page too: back to it would only
 * send the member on again, so it goes to the root like `/login`.
 */
export function loginSuccessTarget(variant: AuthVariant, location: ReturnLocation): string | null {
  if (hasNext(location.search)) return redirectTarget(location.search);
  if (variant !== 'page') return null;
  return location.pathname.replace(/\/$/, '') === BUSINESS_LOGIN_PATH ? '/' : defaultReturnTarget(location);
}

/** Where a new member goes: the `next` parameter when present, else their own profile. */
export function signupSuccessTarget(location: ReturnLocation, username: string): string {
  return hasNext(location.search) ? redirectTarget(location.search) : `/${encodeURIComponent(username)}`;
}

/** A member's profile path. */
export function profilePath(username: string): string {
  return `/${encodeURIComponent(username)}`;
}

/** The account-switch page: the log-in card that adds another account (`/add-account`). */
export const ADD_ACCOUNT_PATH = '/add-account';

const isAccountSwitchPath = (pathname: string): boolean => pathname.startsWith(ADD_ACCOUNT_PATH);

/**
 * Where a successful log-in goes when it added an account (account-switch mode): the new
 * account's profile (spec section 2: "after account-switch log-in the user goes to /{username}").
 */
export function accountSwitchTarget(username: string): string {
  return profilePath(username);
}

/**
 * Where a successful two-factor log-in goes: the root in account-switch mode or on a path starting
 * with /add-account (spec section 2, which names the two-factor case apart), otherwise where an
 * email log-in would go (null: the modal closes and the page stays).
 */
export function mfaLoginSuccessTarget(variant: AuthVariant, location: ReturnLocation, accountSwitch: boolean): string | null {
  if (accountSwitch || isAccountSwitchPath(location.pathname)) return '/';
  return loginSuccessTarget(variant, location);
}

/**
 * The log-in page that comes back to `path` afterwards, e.g. `/login?next=/settings/security`
 * (slashes are allowed in a query and keep the address readable).
 */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}
