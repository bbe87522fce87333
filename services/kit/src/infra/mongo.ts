import mongoose, { type Connection, type mongo } from 'mongoose';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';

/** How long a connection's opening handshake (the monitor's checks too) may wait for the store. */
const MONGO_CONNECT_TIMEOUT_MS = 5000;

/**
 * A mongoose connection of the service's own. The driver reconnects by itself after a drop;
 * commands issued meanwhile wait for the store up to serverSelectionTimeoutMS, then fail with 503
 * (mongoose holds commands back only before its first connection opens: bufferCommands).
 * With `commands` (MONGO_COMMAND_METRICS=true), every command the driver sends is counted there
 * by name and collection, from its command monitoring.
 */
export function connectMongo(url: string, logger: Logger, { commands }: { commands?: Metrics['mongoCommands'] } = {}): Connection {
  const conn = mongoose.createConnection(url, {
    serverSelectionTimeoutMS: 5000,
    // The driver's monitor learns that the store is back only when its check answers, and a
    // check on a connection the store accepted but never answers (a server half up, a front
    // whose backend is gone) waits connectTimeoutMS: 30 s by default, during which every
    // command fails server selection although the store is back. 5 s bounds that, as the
    // commands' own wait is bounded (test: services/kit/test/mongo-recovery.int.test.ts).
    connectTimeoutMS: MONGO_CONNECT_TIMEOUT_MS,
    // FerretDB v1 has no retryable writes; a write is retried by our own code paths instead.
    retryWrites: false,
    // Only when asked: `monitorCommands: false` would also turn off `?monitorCommands=true` in the URL (a test's own listener).
    ...(commands ? { monitorCommands: true } : {}),
  });
  // The client exists once createConnection returns (mongoose connects it in the background);
  // not when the URL did not parse, which the connection reports as its error below.
  if (commands) conn.getClient()?.on('commandStarted', (e: mongo.CommandStartedEvent) => commands.inc({ command: e.commandName, collection: collectionOf(e) }));
  conn.on('connected', () => logger.info('mongo connected'));
  conn.on('disconnected', () => logger.warn('mongo disconnected'));
  conn.on('error', (err: unknown) => logger.error({ err }, 'mongo error'));
  // The initial connect can fail when the database starts after us; keep trying in the background.
  conn.asPromise().catch((err: unknown) => logger.error({ err }, 'mongo initial connect failed; the driver keeps retrying'));
  return conn;
}

/**
 * The database a mongo URL names (the driver's `test` when it names none), known before the
 * connection opens: a service names its data kept elsewhere (Redis keys) by it.
 */
export function mongoDatabaseOf(url: string): string {
  const name = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(url)?.[1];
  return name ? decodeURIComponent(name) : 'test';
}

/** Readiness: the server answers a ping. */
export async function mongoReady(conn: Connection): Promise<boolean> {
  if (conn.readyState !== mongoose.ConnectionStates.connected || !conn.db) return false;
  await conn.db.admin().ping();
  return true;
}

/** The collection a command names (`find: 'pins'`, a getMore's `collection`), or '' for one on none (ping, hello). */
function collectionOf(e: mongo.CommandStartedEvent): string {
  const named: unknown = e.commandName === 'getMore' ? e.command.collection : e.command[e.commandName];
  return typeof named === 'string' ? named : '';
}
