/**
 * Whether a store error is a unique-index clash. MongoDB and FerretDB answer an insert's clash
 * with code 11000; FerretDB answers an update's with PostgreSQL's text ("duplicate key value
 * violates unique constraint") and another code, so both are recognised here, once.
 */
export function isDuplicateKey(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if ((err as { code?: unknown }).code === 11000) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && message.includes('duplicate key');
}
