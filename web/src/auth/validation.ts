/**
 * Sign-up field rules (signup-login.md section 5), pure and framework-free so that they can move
 * to `@pinhive/contracts` for the auth service to share. Rules answer stable codes; the web app
 * turns a code into the spec's message through the i18n catalogue (`validation.<code>`).
 */

import { EMAIL_FORMAT, PASSWORD_MIN_LENGTH, isAscii } from '@pinhive/contracts';

// The constants and primitive rules are the server's own (contracts), so the form and the auth
// service can never disagree on what an email or a password is.
export { EMAIL_FORMAT, PASSWORD_MIN_LENGTH, isAscii };

export type SignupField = 'email' | 'password' | 'birthday';

export type SignupErrorCode =
  | 'email_required'
  | 'email_format'
  | 'non_ascii'
  | 'password_required'
  | 'password_too_short'
  | 'birthday_required'
  | 'birthday_invalid'
  /** The backend email validation said no (`is_valid: false`). */
  | 'email_not_valid'
  /** Log-in only: a password too short to be anyone's ("The password you entered is incorrect."). */
  | 'login_password_incorrect';

export interface SignupValues {
  email: string;
  password: string;
  /** The `<input type="date">` value: `YYYY-MM-DD`, or empty. */
  birthday: string;
}

export type SignupErrors = Partial<Record<SignupField, SignupErrorCode>>;

/** Field order on the form: the first invalid one gets the focus. */
export const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'password', 'birthday'];

export function validateEmail(raw: string): SignupErrorCode | undefined {
  const email = raw.trim();
  if (email === '') return 'email_required';
  if (!isAscii(email)) return 'non_ascii';
  if (!EMAIL_FORMAT.test(email)) return 'email_format';
  return undefined;
}

export function validatePassword(password: string): SignupErrorCode | undefined {
  if (password === '') return 'password_required';
  if (!isAscii(password)) return 'non_ascii';
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  return undefined;
}

/** `YYYY-MM-DD` → `{ year, month, day }` when it names a real calendar date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

/** The latest accepted birthday: 1 January of the current year (`YYYY-01-01`). */
export function latestBirthday(now: Date = new Date()): string {
  return `${now.getFullYear()}-01-01`;
}

/** Required, a real date, not later than 1 January of the current year. Age limits are the server's. */
export function validateBirthday(value: string, now: Date = new Date()): SignupErrorCode | undefined {
  if (value.trim() === '') return 'birthday_required';
  if (!parseIsoDate(value) || value > latestBirthday(now)) return 'birthday_invalid';
  return undefined;
}

/** Every rule of the sign-up form; an empty object means the form may be sent. */
export function validateSignup(values: SignupValues, now: Date = new Date()): SignupErrors {
  const errors: SignupErrors = {};
  const email = validateEmail(values.email);
  const password = validatePassword(values.password);
  const birthday = validateBirthday(values.birthday, now);
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (birthday) errors.birthday = birthday;
  return errors;
}

export type LoginField = 'email' | 'password';
export interface LoginValues {
  email: string;
  password: string;
}
export type LoginErrors = Partial<Record<LoginField, SignupErrorCode>>;
export const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The log-in form's rules: the email as on sign-up; a password is required, and one shorter than
 * any account can have is "incorrect" without asking the server (spec section 5). Non-ASCII
 * passwords go to the server, which answers that they are incorrect.
 */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (values.password === '') errors.password = 'password_required';
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = 'login_password_incorrect';
  return errors;
}
