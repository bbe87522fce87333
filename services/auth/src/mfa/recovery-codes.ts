import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, normaliseRecoveryCode } from '@pinhive/contracts';
import { sha256 } from '../security/sha256';

/** One code: 10 random characters of a 32-letter alphabet (50 bits), as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(0, RECOVERY_CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new set of distinct codes, to show once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * How a code is stored: SHA-256 of the account and the normalised code. The codes are random
 * (50 bits each), so a fast hash is enough; the account in the input makes a hash useless for
 * any other account. Null when the input is not a recovery code at all.
 */
export function hashRecoveryCode(userId: string, raw: string): string | null {
  const code = normaliseRecoveryCode(raw);
  return code === null ? null : sha256(`recovery:${userId}:${code}`);
}
