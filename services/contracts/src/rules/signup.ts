/**
 * Sign-up rules shared by the web app (client validation) and the auth service (server rules).
 * signup-login.md section 5 and 9.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const MINIMUM_AGE = 18;
export const MAXIMUM_AGE = 120;

/** Local part, @, a domain with at least one dot and no empty label; case-insensitive. */
export const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/i;

// eslint-disable-next-line no-control-regex -- the rule is literally "ASCII only"
const ASCII = /^[\x00-\x7F]*$/;
export const isAscii = (s: string): boolean => ASCII.test(s);

/** The latest accepted birthday: 1 January of the current year (UTC). */
export function latestBirthday(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}

/** Whole years between the birthday and `now` (UTC calendar). */
export function ageOn(birthday: Date, now: Date): number {
  let age = now.getUTCFullYear() - birthday.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birthday.getUTCMonth() ||
    (now.getUTCMonth() === birthday.getUTCMonth() && now.getUTCDate() < birthday.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export type BirthdayVerdict = 'ok' | 'missing' | 'invalid' | 'underage' | 'over_age';

/** Birthday checks in the spec's order: required, not after 1 January this year, 18+, at most 120. */
export function checkBirthday(birthdaySeconds: number | null | undefined, now: Date): BirthdayVerdict {
  if (birthdaySeconds === null || birthdaySeconds === undefined || !Number.isFinite(birthdaySeconds)) return 'missing';
  const birthday = new Date(birthdaySeconds * 1000);
  if (Number.isNaN(birthday.getTime()) || birthday > latestBirthday(now)) return 'invalid';
  const age = ageOn(birthday, now);
  if (age < MINIMUM_AGE) return 'underage';
  if (age > MAXIMUM_AGE) return 'over_age';
  return 'ok';
}
