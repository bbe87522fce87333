import { defaultReturnTarget, redirectTarget, type ReturnLocation } from '@pinhive/contracts';

export type AuthVariant = 'page' | 'modal';

const hasNext = (search: string): boolean => new URLSearchParams(search).has('next');

/**
 * Where a successful log-in goes (signup-login.md section 4): the `next` parameter when present;
 * otherwise the default return target on a page, or nowhere (null: the modal closes, the page
 * stays) in the modal.
 */
export function loginSuccessTarget(variant: AuthVariant, location: ReturnLocation): string | null {
  if (hasNext(location.search)) return redirectTarget(location.search);
  return variant === 'page' ? defaultReturnTarget(location) : null;
}

/** Where a new member goes: the `next` parameter when present, else their own profile. */
export function signupSuccessTarget(location: ReturnLocation, username: string): string {
  return hasNext(location.search) ? redirectTarget(location.search) : `/${encodeURIComponent(username)}`;
}
