import { MFA_CODE_FORMAT, normaliseRecoveryCode } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { normaliseMfaCode, validateMfaCode, validateRecoveryCode } from '../auth/mfa';
import { GENERIC, isKnownErrorCode, type FormMessage } from '../auth/formMessage';

export type EnrolmentField = 'phone' | 'code';

/** Required; the format (E.164 after removing spaces, dashes, dots, brackets) is the server's rule. */
export function validatePhone(raw: string): 'phone_required' | undefined {
  return raw.trim() === '' ? 'phone_required' : undefined;
}

/** The last two digits of a typed number: what the page may repeat back ("ending in 23"). */
export function phoneEnding(raw: string): string {
  return raw.replace(/\D/g, '').slice(-2);
}

export type EnrolmentFailure =
  | { type: 'field'; field: EnrolmentField; message: FormMessage }
  | { type: 'alert'; message: FormMessage }
  /** The session ended meanwhile: the page asks to log in again. */
  | { type: 'logged_out' };

const FIELD_OF_CODE: Record<string, EnrolmentField> = {
  phone_invalid: 'phone',
  mfa_code_invalid: 'code',
  mfa_code_expired: 'code',
  mfa_code_format: 'code',
  mfa_setup_expired: 'code',
};

/**
 * How a failed enrolment call shows: a refused number at the phone field and code errors at the
 * code field, in the server's words; a send refused for now (too many codes, SMS down) above the
 * form; an outage as the generic message.
 */
export function describeEnrolmentFailure(error: unknown): EnrolmentFailure {
  if (!isApiError(error) || error.http_status === 0) return { type: 'alert', message: GENERIC };
  // Code errors are 401s too: look at the code before taking a 401 for an ended session.
  const field = FIELD_OF_CODE[error.code];
  if (field) return { type: 'field', field, message: error.message ? { source: 'server', text: error.message } : GENERIC };
  if (error.http_status === 401) return { type: 'logged_out' };
  if (isKnownErrorCode(error.code)) return { type: 'alert', message: { source: 'error', code: error.code } };
  return { type: 'alert', message: error.http_status >= 500 || !error.message ? GENERIC : { source: 'server', text: error.message } };
}

/**
 * A code of the authenticator's settings (turning it off takes a recovery code too): required,
 * then the app's 6 digits or, where allowed, a recovery code.
 */
export function validateAuthenticatorCode(raw: string, recoveryAllowed: boolean): 'mfa_code_required' | 'mfa_code_format' | undefined {
  const rule = validateMfaCode(raw);
  if (rule !== 'mfa_code_format') return rule;
  return recoveryAllowed && validateRecoveryCode(raw) === undefined ? undefined : rule;
}

/** What a settings code field sends: the app's digits without spaces, or the recovery code as stored. */
export function authenticatorCodeToSend(raw: string): string {
  const digits = normaliseMfaCode(raw);
  return MFA_CODE_FORMAT.test(digits) ? digits : (normaliseRecoveryCode(raw) ?? raw.trim());
}

/** Groups of four characters, as authenticator apps show keys and people copy them. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
