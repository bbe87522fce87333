/**
 * A new `Idempotency-Key` header for one write (a save, an advertiser's creation): the client's
 * own retries of it (after a refreshed session, a renewed CSRF token) send the same key, and the
 * service answers what the first attempt stored.
 */
export function idempotencyKey(prefix: string): { 'Idempotency-Key': string } {
  // getRandomValues, not randomUUID: the latter exists only on https or localhost.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return { 'Idempotency-Key': `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}` };
}
