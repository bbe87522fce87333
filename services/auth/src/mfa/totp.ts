import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { MFA_CODE_FORMAT } from '@pinhive/contracts';

/**
 * The authenticator-app rules (RFC 6238 with the parameters every app supports): 30-second
 * steps, 6 digits, HMAC-SHA-1, a 160-bit secret. A code is accepted for the current step or one
 * step either side (clock drift), and only for a step later than the last one used: each code
 * works once, and an older one still in the window never works after a newer one did.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ALGORITHM = 'SHA1';
/** Steps accepted either side of the current one. */
export const TOTP_DRIFT_STEPS = 1;
/** RFC 4226 section 4: at least 128 bits, 160 recommended (the HMAC-SHA-1 block it keys). */
export const TOTP_SECRET_BYTES = 20;
export const TOTP_ISSUER = 'Pinhive';

/** A new random secret, in base32 (what the otpauth:// link carries and people type by hand). */
export const newTotpSecret = (): string => new Secret({ size: TOTP_SECRET_BYTES }).base32;

/** The 30-second step a moment falls in (RFC 6238's T). */
export const stepAt = (nowMs: number): number => TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: nowMs });

/** The code of one step. */
export const codeAt = (secretBase32: string, step: number): string =>
  HOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, counter: step });

/** The `otpauth://totp/...` link of a secret, labelled with the account, for the QR code. */
export function otpauthUri(secretBase32: string, account: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER, label: account, secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS,
  }).toString();
}

const sameCode = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code `code` is, among the current step and one either side that are later than
 * `lastUsedStep`; null when it is none of them (wrong, too old, or used already). Every step of
 * the window is computed and compared in constant time, whichever matches.
 */
export function matchStep(secretBase32: string, code: string, nowMs: number, lastUsedStep: number): number | null {
  if (!MFA_CODE_FORMAT.test(code)) return null;
  const now = stepAt(nowMs);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (sameCode(codeAt(secretBase32, step), code) && step > lastUsedStep && found === null) found = step;
  }
  return found;
}
