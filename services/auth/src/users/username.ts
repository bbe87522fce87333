import { randomInt } from 'node:crypto';

const MAX = 30;

/**
 * A username from the email's local part: lowercase letters, digits and underscores, 3 to 30
 * characters. `attempt` > 0 appends random digits to get past a taken name.
 */
export function usernameFromEmail(email: string, attempt = 0): string {
  const local = email.split('@')[0] ?? '';
  let base = local.toLowerCase().replace(/\+.*$/, '').replace(/[^a-z0-9_]/g, '');
  if (base.length < 3) base = `${base}pin`.padEnd(3, '0');
  if (attempt === 0) return base.slice(0, MAX);
  const suffix = String(randomInt(10 ** Math.min(attempt + 1, 6)));
  return `${base.slice(0, MAX - suffix.length)}${suffix}`;
}

/** First name from the email's local part, as the consent flow derives it (spec section 3). */
export function firstNameFromEmail(email: string): string {
  const word = (email.split('@')[0] ?? '').split(/[._+-]/)[0] ?? '';
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : '';
}
