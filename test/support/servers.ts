import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { type Connection } from 'mongoose';
import { dockerCommand } from './containers';

const root = path.resolve(__dirname, '../..');

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run integration tests through jest's int project (global-setup)`);
  return v;
}

/** Addresses of the real test servers, plus a unique name so test files never share data. */
export const servers = {
  mongoUrl: (db: string) => `${env('PINHIVE_TEST_MONGO')}/${db}`,
  kafkaBrokers: () => env('PINHIVE_TEST_KAFKA'),
  redisUrl: () => env('PINHIVE_TEST_REDIS'),
  /** A PostgreSQL database (made by whoever connects first: kit infra/postgres.ts ensureDatabase). */
  postgresUrl: (db: string) => `${env('PINHIVE_TEST_POSTGRES')}/${db}`,
};

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

export type Part = 'kafka' | 'ferretdb' | 'redis' | 'postgres';

/** True when the tests run on the native servers (FerretDB on PostgreSQL), not containers. */
export const nativeServers = () => !process.env.PINHIVE_TEST_CONTAINERS;

/** The container of a part when the servers are containers (global-setup), else undefined. */
function container(part: Part): string | undefined {
  const ids = process.env.PINHIVE_TEST_CONTAINERS;
  if (!ids) return undefined;
  const id = (JSON.parse(ids) as Partial<Record<Part, string>>)[part];
  if (!id) throw new Error(`no container stands for ${part}: the container path has mongo:7 instead of FerretDB on PostgreSQL`);
  return id;
}

/** Stops one real server (e.g. Kafka) to test what happens while it is away. */
export function stopServer(part: Part): void {
  const id = container(part);
  if (id) dockerCommand('stop', id);
  else execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'stop', part], { cwd: root, stdio: 'inherit' });
}

/** Kills it with SIGKILL: a crash, with no shutdown of its own. */
export function killServer(part: Part): void {
  const id = container(part);
  if (id) dockerCommand('kill', id);
  else execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'kill', part], { cwd: root, stdio: 'inherit' });
}

/** Starts it again; native parts are waited for until they answer, containers by the caller's own waits. */
export function startServer(part: Part): void {
  const id = container(part);
  if (id) dockerCommand('start', id);
  else execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'start', part], { cwd: root, stdio: 'inherit' });
}

/** Polls until `probe` returns a value (not undefined): a wait for a condition, not a fixed sleep. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    await sleep(everyMs);
  }
  const last = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last}`);
}

/**
 * Polls a service's readiness probe until it answers 200 (its store, Kafka and Redis reachable).
 * A refused connection (not listening yet, restarting) is polled again like a 503.
 */
export const untilReady = (url: string, what: string, timeoutMs: number, everyMs = 100): Promise<true> =>
  waitFor(async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined), what, timeoutMs, everyMs);

/** The common variables of a service started in-process against the test servers. */
export function serviceEnv(db: string, topicPrefix: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.PINHIVE_TEST_LOG_LEVEL ?? 'silent',
    MONGO_URL: servers.mongoUrl(db),
    KAFKA_BROKERS: servers.kafkaBrokers(),
    KAFKA_TOPIC_PREFIX: topicPrefix,
    REDIS_URL: servers.redisUrl(),
    SEARCH_DATABASE_URL: servers.postgresUrl(`${db.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 56)}_search`),
    EVENT_RETRY_BASE_MS: '20',
    EVENT_MAX_ATTEMPTS: '3',
    OUTBOX_POLL_MS: '200',
  };
}

/**
 * A database of the test file's own on the real store, dropped afterwards; `per: 'test'` gives
 * each test a fresh one. Returns a getter: the connection exists once the hook has run.
 */
export function scratchDatabase(prefix: string, per: 'file' | 'test' = 'file'): () => Connection {
  let conn: Connection | undefined;
  const open = async () => {
    conn = await mongoose.createConnection(servers.mongoUrl(uniqueName(prefix)), { retryWrites: false }).asPromise();
  };
  const drop = async () => {
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
    conn = undefined;
  };
  if (per === 'test') {
    beforeEach(open);
    afterEach(drop);
  } else {
    beforeAll(open);
    afterAll(drop);
  }
  return () => {
    if (!conn) throw new Error('the scratch database is open only inside tests');
    return conn;
  };
}
