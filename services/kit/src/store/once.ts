import type { Connection } from 'mongoose';

/** The kit's own bookkeeping in each service database: one small document per finished carry-over. */
export const KIT_STATE_COLLECTION = 'kit_state';

/**
 * Runs a one-time carry-over of data written before a change of shape, once ever per database:
 * its key is recorded in `kit_state` when it finished, so later starts skip it (carry-overs scan
 * whole collections, which must not happen on every start). The carry-over must be idempotent:
 * two instances starting together may both run it, and a crash before the record repeats it.
 */
export async function onceEver(conn: Connection, key: string, carryOver: () => Promise<void>): Promise<void> {
  const state = conn.collection<{ _id: string; doneAt: Date }>(KIT_STATE_COLLECTION);
  if ((await state.countDocuments({ _id: key }, { limit: 1 })) > 0) return;
  await carryOver();
  await state.updateOne({ _id: key }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
}
