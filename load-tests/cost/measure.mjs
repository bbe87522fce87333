// What `npm run bench -- cost` reads besides the CPU (cost/run.mjs): the services' store commands
// and event handlers on their /metrics, PostgreSQL's statements (pg_stat_statements), and the
// store itself for the check that every save reached every feed and counter.
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { FEED_MAX_ENTRIES } from '../feed/seed.mjs';
import { SERVICES } from '../../scripts/build.mjs';
import { log, metricSamples, psql, sleep } from '../lib/bench.mjs';
import { call } from '../save/seed.mjs';

export const SAVED_TYPE = 'pins.pin.saved.v1';
/** The handlers of a save's event that a run cannot do without (pins-boards): the feed's fan-out and the board's count. */
export const SAVED_HANDLERS = ['pins-boards/fan-out-saved-pin', 'pins-boards/count-saved-pin'];
/** Results of a handler that are the last for an event (a `duplicate` is an event seen again, not one more handled). */
const FINAL_RESULTS = new Set(['ok', 'retried', 'dead_lettered']);

/** Logs each of `emails` in through the gateway; answers their access tokens (cookie `ph_access`) by email. */
export async function logInAll(baseUrl, emails, password) {
  const tokens = {};
  for (const email of emails) {
    const { status, body, res } = await call(`${baseUrl}/v3/login/`, { method: 'POST', body: { username_or_email: email, password } });
    const token = res.headers.getSetCookie().find((c) => c.startsWith('ph_access='))?.slice('ph_access='.length).split(';')[0];
    if (status !== 200 || !token) throw new Error(`log-in of ${email} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    tokens[email] = token;
  }
  return tokens;
}

/** Every service's `mongo_commands_total` (kit, MONGO_COMMAND_METRICS=true), by `<service>\t<command>\t<collection>`. */
export async function storeCommands(p) {
  const out = {};
  for (const service of SERVICES) {
    for (const s of await metricSamples(p.ports[service], ['mongo_commands_total'])) out[`${service}\t${s.labels.command}\t${s.labels.collection}`] = s.value;
  }
  return out;
}

/** What changed between two storeCommands() readings, by key. */
export function countDelta(before, after) {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, d]) => d > 0));
}

/** Events of a save handled so far, by `<service>/<handler>`, in every service (kit `events_handled_total`). */
export async function savedHandled(p) {
  const out = {};
  for (const service of SERVICES) {
    for (const s of await metricSamples(p.ports[service], ['events_handled_total'])) {
      if (s.labels.type !== SAVED_TYPE || !FINAL_RESULTS.has(s.labels.result)) continue;
      const key = `${service}/${s.labels.handler}`;
      out[key] = (out[key] ?? 0) + s.value;
    }
  }
  return out;
}

/**
 * Polls savedHandled() once a second until every handler of a save (those of `before`, the ones
 * that appeared since and SAVED_HANDLERS) handled at least `saves` events since `before`, or
 * `timeoutMs` passed. Answers whether they caught up, how long it took and each handler's count.
 */
export async function waitForSavesHandled(p, before, saves, { timeoutMs }) {
  const t0 = Date.now();
  for (;;) {
    const now = await savedHandled(p);
    const handlers = [...new Set([...SAVED_HANDLERS, ...Object.keys(before), ...Object.keys(now)])].sort();
    const handled = Object.fromEntries(handlers.map((h) => [h, (now[h] ?? 0) - (before[h] ?? 0)]));
    const caughtUp = Object.values(handled).every((n) => n >= saves);
    if (caughtUp || Date.now() - t0 >= timeoutMs) return { caughtUp, ms: Date.now() - t0, handled };
    await sleep(1000);
  }
}

/**
 * pg_stat_statements in FerretDB's database (the server loads it: infra/native/postgres.mjs).
 * Answers null when it is not there to read (a cluster started before the setting), with why.
 */
export async function enableStatements(p) {
  try {
    await psql(p, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await psql(p, 'SELECT count(*) FROM pg_stat_statements');
    return null;
  } catch (err) {
    return err.message.split('\n').find((l) => /ERROR/.test(l)) ?? err.message.split('\n')[0];
  }
}

export const resetStatements = (p) => psql(p, 'SELECT pg_stat_statements_reset()');

/** The first SQL keyword of a statement, or `other`. */
const KINDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'BEGIN', 'COMMIT'];
const kindOf = (query) => {
  const word = /^\s*([A-Za-z]+)/.exec(query)?.[1]?.toUpperCase();
  return KINDS.includes(word) ? word : 'other';
};

/**
 * The statements of FerretDB's database since the reset (this benchmark's own reads left out),
 * per save: their calls by kind, and the `top` by total execution time.
 */
export async function readStatements(p, saves, top = 10) {
  const rows = await psql(p, `SELECT calls, total_exec_time, rows, regexp_replace(query, '\\s+', ' ', 'g')
    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND query NOT ILIKE '%pg_stat_statements%' AND query NOT ILIKE '%pg_database%'`);
  const statements = rows.map(([calls, ms, n, query]) => ({ calls: Number(calls), totalMs: Number(ms), rows: Number(n), query }));
  const byKind = Object.fromEntries([...KINDS, 'other'].map((k) => [k, 0]));
  for (const s of statements) byKind[kindOf(s.query)] += s.calls;
  const calls = statements.reduce((n, s) => n + s.calls, 0);
  const totalMs = statements.reduce((n, s) => n + s.totalMs, 0);
  const per = (x, d = 2) => Math.round((x / saves) * 10 ** d) / 10 ** d;
  return {
    calls,
    perSave: per(calls),
    execMsPerSave: per(totalMs, 3),
    byKindPerSave: Object.fromEntries(Object.entries(byKind).map(([k, n]) => [k, per(n)])),
    top: statements.sort((a, b) => b.totalMs - a.totalMs).slice(0, top).map((s) => ({
      callsPerSave: per(s.calls), meanMs: Math.round((s.totalMs / s.calls) * 1000) / 1000, totalMs: Math.round(s.totalMs), rowsPerCall: Math.round((s.rows / s.calls) * 10) / 10,
      kind: kindOf(s.query), query: s.query.length > 300 ? `${s.query.slice(0, 300)}...` : s.query,
    })),
  };
}

/** A client on the bench store's pins-boards database (as feed/seed.mjs writes it), and one on its Redis (the home feeds), for `fn`. */
async function withPinsBoards(p, fn) {
  const client = new MongoClient(`mongodb://127.0.0.1:${p.mongoPort}/`, { serverSelectionTimeoutMS: 10000 });
  const redis = new Redis(`redis://127.0.0.1:${p.redisPort}`);
  await client.connect();
  try {
    return await fn(client.db(`${p.dbPrefix}_pins_boards`), redis);
  } finally {
    redis.disconnect();
    await client.close();
  }
}

/** The ids of the pins strictly newer than the `keep`-th newest (all of them when there are no more than `keep`). */
export function newerThanCut(pins, keep) {
  const sorted = [...pins].sort((a, b) => b.createdAt - a.createdAt);
  if (sorted.length <= keep) return sorted.map((x) => x._id);
  const cut = sorted[keep - 1].createdAt.getTime();
  return sorted.filter((x) => x.createdAt.getTime() > cut).map((x) => x._id);
}

/** The savers' boards' pin counts, summed on the boards and in their owners' lists (board_lists). */
async function counts(db, saverIds) {
  const savers = new Set(saverIds);
  const boards = await db.collection('boards').find({}, { projection: { ownerId: 1, pinCount: 1 } }).toArray();
  const lists = await db.collection('board_lists').find({}, { projection: { boards: 1 } }).toArray();
  return {
    boardPinCounts: boards.filter((b) => savers.has(b.ownerId)).reduce((n, b) => n + b.pinCount, 0),
    listPinCounts: lists.filter((l) => savers.has(l._id)).reduce((n, l) => n + Object.values(l.boards ?? {}).reduce((m, e) => m + (e.pinCount ?? 0), 0), 0),
  };
}

/** What the check compares with afterwards: the savers' boards' counts and the pins stored. */
export const storeState = (p, people) => withPinsBoards(p, async (db) => ({
  ...(await counts(db, people.savers.map((s) => s.id))),
  pins: await db.collection('pins').countDocuments({}),
}));

/**
 * The check after the window (which began at `since` and ended at `windowEnd`): the pins stored
 * since `since` are as many as the saves answered 201, each reader's feed holds every one of
 * them (the newest FEED_MAX_ENTRIES: a feed's cap; Redis `<db>:feed:<reader>`), and the savers' boards' counts, on the boards and in the
 * owners' lists, went up by as many. Read again once a second for up to `timeoutMs` while
 * something is short; answers the figures, whether it passed, and how long after the window the
 * read that found everything began (0 when the first one did: all of it was done in the window).
 */
export function checkStore(p, people, before, { since, windowEnd, saves, timeoutMs = 15000 }) {
  return withPinsBoards(p, async (db, redis) => {
    const t0 = Date.now();
    for (let first = true; ; first = false) {
      const readAt = Date.now();
      const pins = await db.collection('pins').find({ createdAt: { $gte: since } }, { projection: { _id: 1, createdAt: 1 } }).toArray();
      const ids = pins.map((x) => x._id);
      // A feed keeps its newest FEED_MAX_ENTRIES: those of the pins saved in the window must all be there
      // (the ones strictly newer than the cut: saves of the cut's millisecond may fall either side of it).
      const newest = newerThanCut(pins, FEED_MAX_ENTRIES);
      const feeds = {};
      for (const reader of people.readers) {
        const held = new Set((await redis.zrange(`${p.dbPrefix}_pins_boards:feed:${reader.id}`, 0, -1)).map((m) => m.split(':')[0]));
        feeds[reader.username] = { held: newest.filter((id) => held.has(id)).length, of: newest.length, missing: newest.filter((id) => !held.has(id)).slice(0, 5) };
      }
      const now = await counts(db, people.savers.map((s) => s.id));
      const result = {
        savesAnswered201: saves,
        pinsStored: ids.length,
        pinsStoredInAll: (await db.collection('pins').countDocuments({})) - before.pins,
        feeds,
        boardPinCountsUp: now.boardPinCounts - before.boardPinCounts,
        listPinCountsUp: now.listPinCounts - before.listPinCounts,
      };
      const problems = [];
      if (result.pinsStored !== saves) problems.push(`${result.pinsStored} pins stored for ${saves} saves answered 201`);
      for (const [reader, f] of Object.entries(feeds)) if (f.held !== f.of) problems.push(`${reader}'s feed holds ${f.held} of the newest ${f.of} pins (missing e.g. ${f.missing.join(', ')})`);
      if (result.boardPinCountsUp !== saves) problems.push(`the boards' pin counts went up by ${result.boardPinCountsUp}, not ${saves}`);
      if (result.listPinCountsUp !== saves) problems.push(`the owners' lists' pin counts went up by ${result.listPinCountsUp}, not ${saves}`);
      if (problems.length === 0 || Date.now() - t0 >= timeoutMs) {
        if (problems.length) log(`[check] FAILED after ${Math.round((Date.now() - t0) / 1000)} s of reading again: ${problems.join('; ')}`);
        return { pass: problems.length === 0, problems, heldAfterWindowMs: problems.length ? null : first ? 0 : readAt - windowEnd, ...result };
      }
      await sleep(1000);
    }
  });
}
