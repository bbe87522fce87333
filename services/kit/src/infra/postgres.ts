import { Client, Pool } from 'pg';
import type { Logger } from '../logger';

/**
 * PostgreSQL for what is better done in SQL than in documents (blueprint: the search read model
 * with full-text search, in its own database on the stack's PostgreSQL). node-postgres (`pg`),
 * a pool per service, its database made on first start and its schema prepared by the service.
 */

/** Connections per service: queries are short, and two cores do not run more at once. */
const POOL_MAX = 8;
/** Connections of the planned-once pool (below): it serves a few hot statements, each about a millisecond. */
const PLANNED_ONCE_MAX = 3;

/**
 * The session setting of a pool whose named statements are planned once per connection
 * (`plannedOnce`). By default PostgreSQL plans a named statement anew at each execution for its
 * first five, and for good while its generic plan's estimate looks dearer than the average
 * custom plan. The search's term walks went either way from run to run: in one, every walk was
 * planned again (1.6 ms of PostgreSQL's CPU, more than the 1.2 ms of running it); under load the
 * two-word walk cost 7.6 ms a call, 6.2 planned once. Their generic plan is the same walk.
 * Unnamed statements (planned with their values on purpose: the full-text search chooses by its
 * words' frequencies) go to the other pool. Measured in docs/decisions/search.md.
 */
export const PLANNED_ONCE = { plan_cache_mode: 'force_generic_plan' } as const;

/**
 * `settings` are the service's own session settings, sent with every connection as it opens
 * (libpq's `options`), so that no query runs without them.
 */
export function connectPostgres(url: string, logger: Logger, applicationName: string, settings: Record<string, string> = {}, { plannedOnce = false } = {}): Pool {
  const options = Object.entries(plannedOnce ? { ...settings, ...PLANNED_ONCE } : settings).map(([k, v]) => `-c ${k}=${v}`).join(' ');
  const pool = new Pool({
    connectionString: url,
    ...(options ? { options } : {}),
    max: plannedOnce ? PLANNED_ONCE_MAX : POOL_MAX,
    idleTimeoutMillis: 30_000,
    // While the server is away a query fails within 2 s (a 503), instead of waiting for a connection.
    connectionTimeoutMillis: 2_000,
    application_name: applicationName,
  });
  // An idle connection the server closed (a restart) emits here; unhandled, it would end the process.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'postgres connection lost; the pool reconnects on next use'));
  return pool;
}

/** The database named by `url`'s path: letters, digits and underscores only (it is quoted into CREATE DATABASE). */
export function databaseOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,63}$/.test(name)) throw new Error(`postgres URL must name a database of letters, digits and _ (got "${name}")`);
  return name;
}

/**
 * Creates the database of `url` when it does not exist, connecting to the server's `postgres`
 * database with the same role (which may create databases: the stack's own cluster's owner, or
 * the container's POSTGRES_USER). Two services starting at once: the loser's duplicate is fine.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseOf(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((err: unknown) => {
        if ((err as { code?: string }).code !== '42P04') throw err; // duplicate_database
      });
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function postgresReady(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ ok: number }>('SELECT 1 AS ok');
  return rows[0]?.ok === 1;
}
