import { PASSWORD_MIN_LENGTH, isAscii } from '@pinhive/contracts';
import { appError } from '@pinhive/kit';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * bcrypt reads only the first 72 bytes of a password, so two long passwords sharing those
 * bytes would match each other. Passwords are ASCII-only (spec), so 72 bytes = 72 characters;
 * longer ones are refused at sign-up and reset rather than silently truncated, and can then
 * never match at log-in.
 */
export const PASSWORD_MAX_BYTES = 72;

/**
 * The server's password rules for sign-up and reset (spec: "server-supplied password rules
 * apply in the sign-up path"): ASCII only, 6 to 72 characters, not a common password, and not
 * the email address or its local part.
 */
export function checkNewPassword(password: string, email: string): void {
  if (!isAscii(password)) throw appError('non_ascii', { field: 'password' });
  if (password.length < PASSWORD_MIN_LENGTH) throw appError('password_too_short', { field: 'password' });
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    throw appError('password_rules', { field: 'password', message: `Your password is too long! Use ${PASSWORD_MAX_BYTES} characters or fewer.` });
  }
  const lower = password.toLowerCase();
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (COMMON_PASSWORDS.has(lower) || lower === email.toLowerCase() || (local.length >= 3 && lower === local)) {
    throw appError('password_rules', { field: 'password' });
  }
}

/** The brand-name rule (spec section 8): an email may not contain the product's name. */
export function containsBrandName(email: string): boolean {
  return email.toLowerCase().includes('pinhive');
}
