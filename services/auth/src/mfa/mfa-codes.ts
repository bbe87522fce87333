import { randomInt, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../security/sha256';

/** Codes live 5 minutes and allow 5 tries; then a new one must be sent. */
export const MFA_CODE_TTL_SECONDS = 300;
export const MFA_MAX_ATTEMPTS = 5;

/** A uniformly random 6-digit code. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored hashed, salted with what they belong to (a challenge or an enrolment). */
export const hashCode = (salt: string, code: string): string => sha256(`${salt}:${code}`);

export function codeMatches(salt: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(salt, code));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** E.164 after removing spaces, dashes, dots and brackets: "+" then 7 to 15 digits. */
export function normalisePhone(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** The last two digits: enough for the owner to recognise the phone, little for anyone else. */
export const phoneEnd = (phone: string): string => phone.slice(-2);
