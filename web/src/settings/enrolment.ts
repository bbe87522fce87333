import { isApiError } from '../api/client';
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
