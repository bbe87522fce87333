import type { SignInProvider } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { GENERIC, messageForCode, type FormMessage } from '../auth/formMessage';
import { describeLoginError, type MfaRequired } from '../auth/loginErrors';
import type { Recovery } from '../recovery/recovery';
import type { PopupResult } from './popup';

/**
 * How a provider's sign-in attempt that failed shows (signup-login.md section 8: "social errors
 * at their buttons"; for SSO, the form's button): a message at the button, the provider's
 * "isn't available" title and text, the social-auth-disabled modal, a recovery modal, the code
 * step, or nothing (the person closed the popup).
 */
export type ProviderFailure =
  | { type: 'quiet' }
  | { type: 'message'; message: FormMessage }
  | { type: 'unavailable' }
  | { type: 'disabled' }
  | { type: 'recovery'; recovery: Recovery }
  | MfaRequired;

const FAILED: FormMessage = { source: 'social', code: 'failed' };

/** A popup that ended without an answer: closed (quiet), cancelled at the provider, or anything else. */
export function describePopupEnd(result: Exclude<PopupResult, { kind: 'answered' }> | { kind: 'blocked' }): ProviderFailure {
  switch (result.kind) {
    case 'closed':
      return { type: 'quiet' };
    case 'blocked':
      return { type: 'message', message: { source: 'social', code: 'popupBlocked' } };
    case 'denied':
      return { type: 'message', message: { source: 'social', code: 'notAuthorised' } };
    case 'timeout':
    case 'failed':
      return { type: 'message', message: FAILED };
  }
}

/**
 * A failed call of the attempt (the start or check, the Facebook-kind profile, the log-in).
 * `identity_not_linked` is not a failure: the caller goes on to the sign-up before this.
 */
export function describeProviderError(error: unknown, provider: SignInProvider): ProviderFailure {
  // Not an answer (a fault in the app): the spec's popup default; SSO's is "Sorry! Something went wrong on our end.".
  if (!isApiError(error)) return { type: 'message', message: provider === 'sso' ? GENERIC : FAILED };
  switch (error.code) {
    case 'provider_unavailable':
      return { type: 'unavailable' };
    case 'provider_disabled':
      return { type: 'disabled' };
    case 'sso_failed':
      return { type: 'message', message: GENERIC };
    case 'identity_invalid':
    case 'identity_expired':
      return { type: 'message', message: provider === 'facebook' ? { source: 'social', code: 'facebookCantConnect' } : messageForCode(error.code, error.message) };
  }
  if (error.http_status === 0 || error.http_status >= 500) return { type: 'message', message: provider === 'sso' ? GENERIC : FAILED };
  const outcome = describeLoginError(error, '');
  switch (outcome.type) {
    case 'mfa':
    case 'recovery':
      return outcome;
    case 'field':
    case 'alert':
      return { type: 'message', message: outcome.message };
  }
}
