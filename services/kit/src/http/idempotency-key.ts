import { appError } from '../errors';

/** A creation's `Idempotency-Key` header: a client's id for one attempt, reused by its retries. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * A creation's `Idempotency-Key` header (eShop's request ids; saves and sends): its retries answer
 * what the first attempt stored. A malformed key is a 400, not ignored: the client would think it
 * safe to retry.
 */
export function idempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(raw)) throw appError('bad_request', { message: 'Idempotency-Key must be 8 to 128 letters, digits or ._:-', field: 'Idempotency-Key' });
  return raw;
}
