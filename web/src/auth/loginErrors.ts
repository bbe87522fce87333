import { mfaFactorSchema, type MfaFactor } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { reasonsFrom, type Recovery } from '../recovery/recovery';
import { GENERIC, messageForCode, type FormMessage } from './formMessage';

/** Where a failure shows: at a field, above the form, or as a recovery modal. */
export type FailureOutcome<Field extends string> =
  | { type: 'field'; field: Field; message: FormMessage }
  | { type: 'alert'; message: FormMessage }
  | { type: 'recovery'; recovery: Recovery };

/** The password was right and the account has two-factor on: the card shows the code step (`loginMfa`). */
export interface MfaRequired {
  type: 'mfa';
  /** The factor the code comes from: texted (`sms`) or shown by an authenticator app (`totp`). */
  factor: MfaFactor;
  /** The last two digits of the phone the code was texted to ('' if the server did not say, or for an app). */
  phoneNumberEnd: string;
}

export type LoginFailure = FailureOutcome<'email' | 'password'> | MfaRequired;

/** The server's field names for the log-in fields. */
const LOGIN_FIELD_NAMES: Record<string, 'email' | 'password'> = {
  username_or_email: 'email',
  email: 'email',
  password: 'password',
};

/** `error.data.phone_number_end` of a two-factor answer: digits only, else ''. */
export function phoneNumberEnd(data: Record<string, unknown> | undefined): string {
  const end = data?.['phone_number_end'];
  return typeof end === 'string' && /^\d{1,4}$/.test(end) ? end : '';
}

/** `error.data.factor` of a two-factor answer; answers without one are a phone's (the factor came later). */
export function mfaFactor(data: Record<string, unknown> | undefined): MfaFactor {
  const factor = mfaFactorSchema.safeParse(data?.['factor']);
  return factor.success ? factor.data : 'sms';
}

const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);

/**
 * How a failed log-in shows (signup-login.md sections 4 and 8): the wrong password at the
 * password field, email errors at the email field, blocked accounts as recovery modals, the rest
 * above the form. `email` is the address that was typed, for the modals that mention it.
 */
export function describeLoginError(error: unknown, email: string): LoginFailure {
  // Not an answer at all (a fault in the app itself): the spec's "Unknown Error" modal. An outage
  // or a lost connection is an ApiError and says "Sorry! Something went wrong on our end." below.
  if (!isApiError(error)) return { type: 'recovery', recovery: { kind: 'unknown' } };
  const data = error.data;
  switch (error.code) {
    case 'mfa_required':
      return { type: 'mfa', factor: mfaFactor(data), phoneNumberEnd: phoneNumberEnd(data) };
    case 'password_incorrect':
      return { type: 'field', field: 'password', message: { source: 'error', code: 'password_incorrect' } };
    case 'login_rate_limited':
      return { type: 'recovery', recovery: { kind: 'rate_limited' } };
    case 'soft_banned':
      return { type: 'recovery', recovery: { kind: 'soft_banned', email } };
    case 'login_assistance':
      return { type: 'recovery', recovery: { kind: 'login_assistance', email: stringOr(data?.['email'], email) } };
    case 'password_reset_sent':
      return { type: 'recovery', recovery: { kind: 'password_reset_sent', email } };
    case 'suspended':
      return { type: 'recovery', recovery: { kind: 'suspended', reasons: reasonsFrom(data) } };
    case 'deactivated':
      return { type: 'recovery', recovery: { kind: 'deactivated', reasons: reasonsFrom(data), serverMessage: error.message } };
    case 'prevent_facebook_register':
      return { type: 'recovery', recovery: { kind: 'prevent_facebook_register', email } };
    case 'prevent_google_register':
      return { type: 'recovery', recovery: { kind: 'prevent_google_register', email } };
    // An account without a password, linked to a provider, asked for with a password: the spec's
    // "use the … button to log in", at the email field (it is about the account, not the password).
    case 'linked_facebook':
    case 'linked_google':
    case 'linked_facebook_google':
    case 'linked_sso':
    case 'linked_line':
      return { type: 'field', field: 'email', message: messageForCode(error.code, error.message) };
  }
  const message = error.http_status === 0 || error.http_status >= 500 ? GENERIC : messageForCode(error.code, error.message);
  const field = error.field === undefined ? undefined : LOGIN_FIELD_NAMES[error.field];
  return field ? { type: 'field', field, message } : { type: 'alert', message };
}
