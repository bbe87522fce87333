import { types } from 'node:util';
import { errorCatalogue, type ErrorBody, type ErrorCode } from '@pinhive/contracts';

/**
 * The one error type services throw. The error middleware renders it as the failure
 * envelope; anything else is logged and answered with a generic 500.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly detail: string | null = null,
    readonly data?: Record<string, unknown>,
    status?: number,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = status ?? errorCatalogue[code].status;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      message_detail: this.detail,
      http_status: this.status,
      ...(this.data ? { data: this.data } : {}),
    };
  }
}

/** An error with the catalogue's message for `code`, optionally naming the offending field. */
export function appError(code: ErrorCode, opts: { message?: string; detail?: string; field?: string; data?: Record<string, unknown> } = {}): AppError {
  const data = opts.field ? { field: opts.field, ...opts.data } : opts.data;
  return new AppError(code, opts.message, opts.detail ?? null, data);
}

export const notFound = (what = 'Not found.') => appError('not_found', { message: what });
export const serviceUnavailable = (detail?: string) => appError('service_unavailable', detail ? { detail } : {});

/**
 * An Error, from this realm or another: node's own socket errors (EPIPE from a socket the server
 * closed) are made by node's core, and under jest, whose tests run in a vm context of their own,
 * they are no `instanceof Error` there (the store drill's 500 while FerretDB was away).
 */
const isError = (err: unknown): err is Error => err instanceof Error || types.isNativeError(err);

/**
 * Errors that mean a server we depend on is away (Mongo/FerretDB, Redis, PostgreSQL), not a bug: a request
 * answers 503 so clients retry, an event handler waits for it (events/dispatcher.ts), and the
 * connection recovers by itself.
 */
// MongoPoolClearedError: a command queued for a connection when another one found the store gone
// (the driver clears the pool); seen as a 500 in the store-crash test before it was listed.
const UNAVAILABLE = new Set(['MongoServerSelectionError', 'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoNotConnectedError', 'MongoTopologyClosedError', 'MongoPoolClearedError']);
export function isDependencyDown(err: unknown): boolean {
  if (!isError(err)) return false;
  if (UNAVAILABLE.has(err.name)) return true;
  // FerretDB answers InternalError with pgx's text when its PostgreSQL is away or restarting
  // (refused connection, admin shutdown 57P01-57P03, connection exceptions 08xxx).
  if (err.name === 'MongoServerError' && /failed to connect to|SQLSTATE (57P0\d|08\w{3})|conn closed|connection refused/.test(err.message)) return true;
  // node-postgres (infra/postgres.ts): refused or lost connections, the pool's connect timeout,
  // and the server's shutdown and connection-exception states.
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P0\d|08\w{3})$/.test(code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect/.test(err.message)) return true;
  // mongoose's buffer timeout, and ioredis with its offline queue off while Redis is away
  return /buffering timed out|enableOfflineQueue|Connection is closed/.test(err.message);
}

/**
 * The store's disk is full: PostgreSQL's disk_full (SQLSTATE 53100, "could not extend file ...
 * No space left on device"), through FerretDB's InternalError or node-postgres. Not a bug and not
 * a server away: a write answers 507 (nothing was written), reads go on, and writes work again
 * once space is freed (docs/decisions/fault-drills.md).
 */
export function isStorageFull(err: unknown): boolean {
  if (!isError(err)) return false;
  if ((err as { code?: unknown }).code === '53100') return true;
  return /SQLSTATE 53100|No space left on device|ENOSPC/.test(err.message);
}
