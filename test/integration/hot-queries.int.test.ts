import mongoose, { type Connection } from 'mongoose';
import { ensureIndexes, explainFind, type HotQuerySet } from '@pinhive/kit';
import { adsHotQueries } from '../../services/ads/src/hot-queries';
import { authHotQueries } from '../../services/auth/src/hot-queries';
import { pinsBoardsHotQueries } from '../../services/pins-boards/src/hot-queries';
import { servers, uniqueName } from '../support/servers';

/**
 * The guard that keeps every hot query pushed down and indexed as data grows: each service names
 * its hot queries (src/hot-queries.ts) with the indexes it declares; here the real store is
 * seeded with thousands of documents shaped as the service writes them (enough that PostgreSQL
 * would rather scan than use an index that cannot serve the query), and each query's plan must
 * be an index scan that reads no more documents than it returns. It reads FerretDB's explain
 * (PostgreSQL's plan) and MongoDB's (IXSCAN) alike, so the container path runs it unchanged.
 */
const sets: HotQuerySet[] = [authHotQueries, pinsBoardsHotQueries, adsHotQueries];
const BATCH = 1000;

async function seed(conn: Connection, set: HotQuerySet): Promise<void> {
  await ensureIndexes(conn, set.indexes);
  for (const [collection, { count, doc }] of Object.entries(set.seeds)) {
    for (let from = 0; from < count; from += BATCH) {
      const docs = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => doc(from + k));
      await conn.collection(collection).insertMany(docs, { ordered: false });
    }
  }
}

describe.each(sets.map((s) => [s.service, s] as const))('%s', (_service, set) => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await mongoose.createConnection(servers.mongoUrl(uniqueName(`hot_${set.service.replace('-', '_')}`)), { retryWrites: false }).asPromise();
    await seed(conn, set);
  }, 240_000);
  afterAll(async () => {
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
  });

  it.each(set.queries.map((q) => [q.name, q] as const))('%s is an index scan reading a bounded set', async (name, q) => {
    const plan = await explainFind(conn, q.collection, q.filter);
    const found = await conn.collection(q.collection).countDocuments(q.filter);
    const reads = q.reads ?? 1;
    // The message names the query and the plan, so a failure says what to fix.
    expect({ query: name, indexed: plan.indexed, plan: plan.summary }).toEqual({ query: name, indexed: true, plan: plan.summary });
    expect({ query: name, reads: plan.reads <= reads ? 'bounded' : `${plan.reads} documents read, at most ${reads} allowed` })
      .toEqual({ query: name, reads: 'bounded' });
    // A query that matches nothing would prove nothing about its index.
    expect({ query: name, found: found > 0 }).toEqual({ query: name, found: true });
  });

  it('sees through a query no index serves (the guard can fail)', async () => {
    const [collection, { doc }] = Object.entries(set.seeds)[0]!;
    const sample = doc(1);
    // An unindexed field, and `$in` on the indexed `_id`, which FerretDB cannot push down.
    const unindexed = await explainFind(conn, collection, { notAField: 'x' });
    const inList = await explainFind(conn, collection, { _id: { $in: [sample._id, 'nobody'] } });
    expect(unindexed.indexed).toBe(false);
    if (unindexed.store === 'ferretdb') {
      expect(inList.indexed).toBe(false);
      expect(inList.reads).toBeGreaterThan(1000);
    }
  });

  it('names a query for every declared index', () => {
    const covered = new Set(set.queries.map((q) => `${q.collection}:${Object.keys(q.filter).join(',')}`));
    const missing = set.indexes.filter((i) => ![...covered].some((c) => c.startsWith(`${i.collection}:`) && Object.keys(i.key).every((k) => c.includes(k))));
    expect(missing).toEqual([]);
  });
});
