import mongoose from 'mongoose';
import { servers, uniqueName } from '../support/servers';

/**
 * The database must apply concurrent updates of one document without losing any, as MongoDB
 * does: the outbox relay and a request often update the same aggregate at once. (FerretDB v1 on
 * its own lost one of four concurrent updates in every round; infra/ferretdb serializes writes.)
 */
it('applies concurrent updates of one document without losing any', async () => {
  const conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('writes')), { retryWrites: false, maxPoolSize: 10 }).asPromise();
  try {
    const col = conn.collection<{ _id: string; list: number[]; a?: number; b?: number; c?: number }>('docs');
    for (let round = 0; round < 25; round++) {
      const _id = `doc${round}`;
      await col.insertOne({ _id, list: [1, 2, 3] });
      await Promise.all([
        col.updateOne({ _id }, { $set: { a: 1 } }),
        col.updateOne({ _id }, { $set: { b: 1 } }),
        col.updateOne({ _id, 'list.0': 1 }, { $pop: { list: -1 } }),
        col.findOneAndUpdate({ _id }, { $set: { c: 1 } }),
      ]);
      expect(await col.findOne({ _id })).toEqual({ _id, list: [2, 3], a: 1, b: 1, c: 1 });
    }
  } finally {
    await conn.close();
  }
});

/**
 * The front serialises writes per document (by `_id`), and a write filtered otherwise waits for
 * every write to its collection: many clients over many documents, half of them addressing the
 * documents by another field, must not lose one increment (FerretDB on its own lost 32-42%).
 */
it('applies many clients\' increments over many documents, by _id and by another field, without losing any', async () => {
  const conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('writes_many')), { retryWrites: false, maxPoolSize: 32 }).asPromise();
  try {
    const cols = [conn.collection<{ _id: string; k: string; n: number }>('a'), conn.collection<{ _id: string; k: string; n: number }>('b')];
    const DOCS = 8;
    const CLIENTS = 24;
    const EACH = 40;
    for (const col of cols) await col.insertMany(Array.from({ length: DOCS }, (_, d) => ({ _id: `doc${d}`, k: `key${d}`, n: 0 })));
    await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
      const col = cols[c % cols.length]!;
      for (let i = 0; i < EACH; i++) {
        const d = (c + i) % DOCS;
        await col.updateOne(c % 2 === 0 ? { _id: `doc${d}` } : { k: `key${d}` }, { $inc: { n: 1 } });
      }
    }));
    let total = 0;
    for (const col of cols) for (const doc of await col.find().toArray()) total += doc.n;
    expect(total).toBe(CLIENTS * EACH);
  } finally {
    await conn.close();
  }
});
