import { isDuplicateKey } from './duplicate-key';

/**
 * What setIfNewer writes through: a native collection or a mongoose model (whose update casts
 * and fills its schema's defaults on insert).
 */
export interface StampedDocuments {
  updateOne(filter: object, update: object, options?: { upsert?: boolean }): PromiseLike<{ matchedCount: number }>;
}

/**
 * Sets some fields of one document (`fields`), stamping them with the time of the event that
 * carries them (`stamp`: the field holding it), unless an event at least as new already set them;
 * answers whether it did. A read model fed by several topics needs it: Kafka orders nothing
 * between topics (a reactivation can arrive before its deactivation), and a replayed old event
 * must not undo a newer one. It upserts, because the event that makes the document may arrive
 * after another: `onInsert` fills what this event does not carry. The upsert of a document that
 * is there with a newer stamp clashes on `_id` (or another unique field): the fields are then
 * set without inserting, where the stamp allows.
 */
export function setIfNewer(docs: StampedDocuments, id: string, stamp: string, at: Date, fields: object, onInsert: object): Promise<boolean> {
  return setIfGreater(docs, id, stamp, at, fields, onInsert);
}

/**
 * setIfNewer's rule for any ordered stamp: a time, or a rank (a status that never goes back,
 * like an experience's: experiences/experience.people.ts).
 */
export async function setIfGreater(docs: StampedDocuments, id: string, stamp: string, value: Date | number, fields: object, onInsert: object): Promise<boolean> {
  // `null` also matches an absent stamp (a document made by another part's event, or from before the stamps).
  const lowerOrUnset = { _id: id, $or: [{ [stamp]: null }, { [stamp]: { $lt: value } }] };
  const set = { $set: { ...fields, [stamp]: value } };
  try {
    await docs.updateOne(lowerOrUnset, { ...set, $setOnInsert: onInsert }, { upsert: true });
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return (await docs.updateOne(lowerOrUnset, set)).matchedCount > 0;
}
