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
