import type { RegisterRequest } from '@pinhive/contracts';
import { parseIsoDate, type SignupValues } from './validation';

/** `YYYY-MM-DD` → seconds since the epoch at 00:00 UTC of that day. */
export function birthdayToSeconds(value: string): number {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`Not a date: ${value}`);
  return Date.UTC(date.year, date.month - 1, date.day) / 1000;
}

/**
 * The first name the spec derives from the email: the local part up to the first dot or plus,
 * capitalised (`ada.lovelace+pins@example.com` → `Ada`).
 */
export function firstNameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const word = local.split(/[.+]/).find((part) => part !== '') ?? '';
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The email-type registration payload (`RegisterRequest` in contracts) for valid form values. */
export function buildRegisterRequest(values: SignupValues): RegisterRequest {
  const email = values.email.trim();
  return {
    type: 'email',
    email,
    password: values.password,
    birthday: birthdayToSeconds(values.birthday),
    first_name: firstNameFromEmail(email),
    last_name: '',
    recaptchaV3Token: 'default',
    country: undefined,
  };
}
