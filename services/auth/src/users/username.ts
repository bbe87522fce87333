import { randomInt } from 'node:crypto';
import { isReservedUsername } from '@pinhive/contracts';

const MAX = 30;

/**
 * A username from the email's local part: lowercase letters, digits and underscores, 3 to 30
 * characters. `attempt` > 0 appends random digits to get past a taken name.
 */
export function usernameFromEmail(email: string, attempt = 0): string {
  const local = (email.split('@')[0] ?? '').replace(/\+.*$/, '');
  return usernameFrom(local, attempt);
}

/**
 * A username made of `name` (cleaned up as above). A reserved name (contracts'
 * `RESERVED_USERNAMES`: a page of the web app or the gateway) gets digits as a taken one does,
 * from the first attempt on, so no username ever shadows a page.
 */
export function usernameFrom(name: string, attempt = 0): string {
  let base = name.toLowerCase().replace(/[^a-z0-9_]/g, '');
  if (base.length < 3) base = `${base}pin`.padEnd(3, '0');
  base = base.slice(0, MAX);
  if (attempt === 0 && !isReservedUsername(base)) return base;
  for (;;) {
    const suffix = String(randomInt(10 ** Math.min(Math.max(attempt, 1) + 1, 6)));
    const candidate = `${base.slice(0, MAX - suffix.length)}${suffix}`;
    if (!isReservedUsername(candidate)) return candidate;
  }
}

/** First name from the email's local part, as the consent flow derives it (spec section 3). */
export function firstNameFromEmail(email: string): string {
  const word = (email.split('@')[0] ?? '').split(/[._+-]/)[0] ?? '';
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : '';
}
