import mongoose, { type Connection } from 'mongoose';
import type { Logger } from '../logger';

/**
 * A mongoose connection of the service's own. The driver reconnects by itself after a drop;
 * commands issued meanwhile wait (bufferCommands) up to the driver's timeout, then fail with 503.
 */
export function connectMongo(url: string, logger: Logger): Connection {
  const conn = mongoose.createConnection(url, {
    serverSelectionTimeoutMS: 5000,
    // FerretDB v1 has no retryable writes; a write is retried by our own code paths instead.
    retryWrites: false,
  });
  conn.on('connected', () => logger.info('mongo connected'));
  conn.on('disconnected', () => logger.warn('mongo disconnected'));
  conn.on('error', (err: unknown) => logger.error({ err }, 'mongo error'));
  // The initial connect can fail when the database starts after us; keep trying in the background.
  conn.asPromise().catch((err: unknown) => logger.error({ err }, 'mongo initial connect failed; the driver keeps retrying'));
  return conn;
}

/** Readiness: the server answers a ping. */
export async function mongoReady(conn: Connection): Promise<boolean> {
  if (conn.readyState !== mongoose.ConnectionStates.connected || !conn.db) return false;
  await conn.db.admin().ping();
  return true;
}
