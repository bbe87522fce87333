import { isDuplicateKey } from './duplicate-key';
import type { StampedDocuments } from './set-if-newer';

/**
 * Adds values to a document's set field (`$addToSet`: one already there changes nothing, so a
 * redelivered event adds nothing), upserting with `onInsert` when the document is not there yet
 * (the event that makes it may arrive after this one). Two upserts at once clash on `_id`: the
 * loser adds to the document the winner made.
 */
export async function addToSetUpserting(docs: StampedDocuments, id: string, field: string, values: readonly unknown[], onInsert: object): Promise<void> {
  const add = { $addToSet: { [field]: { $each: [...values] } } };
  try {
    await docs.updateOne({ _id: id }, { ...add, $setOnInsert: onInsert }, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await docs.updateOne({ _id: id }, add);
  }
}
