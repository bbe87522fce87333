import { LRUCache } from 'lru-cache';
import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import { isDuplicateKey, docWithEvents, updateWithEvents } from '@pinhive/kit';
import type { Changed } from '../shared/changes';
import { bucketKey, PIN_BUCKET_SIZE, pinnerImageKey, PINS_COLLECTION, type PinDoc } from './pin.model';

/** Most buckets one page reads (holes left by deleted or moved pins cost one read each). */
export const MAX_BUCKETS_PER_PAGE = 8;

/** Where a page of a board's (or section's) pins starts: a bucket, and the pins below a number in it. */
export type PinPageKey = {
  bucket: number;
  /** Only pins numbered below this (the page before ended inside the bucket). */
  before: number;
};

/** One document per person who ever saved a pin: whether a save is their first. */
export const PINNERS_COLLECTION = 'pinners';


export class PinRepository {
  /** People known to have saved before: true forever, so their saves skip the lookup. */
  private readonly knownPinners = new LRUCache<string, string>({ max: 100_000 });

  /**
   * `changed(boardId)` after a write that adds, removes or moves a pin of a board: its cached
   * pages go; `pinChanged(pinId)` after any write to an existing pin: its kept document goes
   * (pin.service.ts). A new write to pins must call both.
   */
  constructor(
    private readonly conn: Connection,
    private readonly changed: Changed,
    private readonly pinChanged: Changed,
  ) {}

  private pins() {
    return this.conn.collection<PinDoc>(PINS_COLLECTION);
  }

  /**
   * Stores a new pin with its events, in one write (the source of truth for every counter).
   * Answers the pin a retry of the same save made before (same `requestKey`) instead, if any.
   */
  async insert(pin: PinDoc, events: EventEnvelope[]): Promise<PinDoc | 'inserted'> {
    try {
      await this.pins().insertOne(docWithEvents(pin, events));
      await this.changed(pin.boardId);
      return 'inserted';
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await this.pins().findOne({ requestKey: pin.requestKey }, { projection: { pendingEvents: 0 } });
      if (!earlier) throw err;
      return earlier;
    }
  }

  /**
   * Marks a pin promoted (the first promotion's answer stays: a later one changes nothing a
   * reader sees). True when this call marked it; false when it was marked before, or is gone.
   */
  async markPromoted(pinId: string, promoted: NonNullable<PinDoc['promoted']>): Promise<boolean> {
    const pin = await this.pins().findOneAndUpdate({ _id: pinId, deletedAt: null, promoted: { $exists: false } }, { $set: { promoted } });
    if (!pin) return false;
    await Promise.all([this.changed(pin.boardId), this.pinChanged(pinId)]);
    return true;
  }

  async findById(id: string): Promise<PinDoc | null> {
    const pin = await this.pins().findOne({ _id: id }, { projection: { pendingEvents: 0 } });
    return pin && !pin.deletedAt ? pin : null;
  }

  /**
   * Marks a pin deleted with its event, in one write: it leaves its board's and section's
   * pages at once (its bucket keys go), and the event brings the counters down. Only while the
   * pin is still on the board it was read on: a move that took it elsewhere meanwhile counted it
   * there, so the event (which names the board read) would count down the wrong board.
   */
  async markDeleted(pin: PinDoc, at: Date, events: EventEnvelope[]): Promise<boolean> {
    const res = await this.pins().updateOne(
      { _id: pin._id, boardId: pin.boardId, deletedAt: null },
      updateWithEvents({ $set: { deletedAt: at }, $unset: { boardBucket: '', sectionBucket: '', imageId: '', pinnerImage: '' } }, events),
    );
    if (res.modifiedCount === 0) return false;
    await Promise.all([this.changed(pin.boardId), this.pinChanged(pin._id)]);
    return true;
  }

  /**
   * Whether this save is the person's first ever: the first to record them wins (a unique
   * `_id`), so two first saves at once still make one "first" save. The record names the
   * request (`requestKey`), not only its pin: retries of one save sent at once each claim, and
   * the one whose pin is stored may not be the one whose claim won (the first save was then told
   * to nobody), so every request of the winning key is first. Read first: every later save costs
   * one lookup, not a refused insert.
   */
  async claimFirstSave(pinnerId: string, requestKey: string, pinId: string, at: Date): Promise<boolean> {
    const known = this.knownPinners.get(pinnerId);
    if (known !== undefined) return known === requestKey;
    const pinners = this.conn.collection<{ _id: string; firstPinId: string; requestKey?: string; at: Date }>(PINNERS_COLLECTION);
    // Records from before `requestKey` name none ('' here): their first save is long past.
    const claimOf = async () => {
      const record = await pinners.findOne({ _id: pinnerId }, { projection: { requestKey: 1 } });
      return record ? (record.requestKey ?? '') : null;
    };
    let claim = await claimOf();
    if (claim === null) {
      try {
        await pinners.insertOne({ _id: pinnerId, firstPinId: pinId, requestKey, at });
        claim = requestKey;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        claim = (await claimOf()) ?? '';
      }
    }
    this.knownPinners.set(pinnerId, claim);
    return claim === requestKey;
  }

  /** One live pin of this image saved by this person, if any (the already-saved check). */
  async savedCopy(pinnerId: string, imageId: string): Promise<PinDoc | null> {
    const pin = await this.pins().findOne({ pinnerImage: pinnerImageKey(pinnerId, imageId) }, { projection: { pendingEvents: 0 } });
    return pin && !pin.deletedAt ? pin : null;
  }

  /** Whether any pin still uses an image. */
  async imageInUse(imageId: string): Promise<boolean> {
    return (await this.pins().countDocuments({ imageId }, { limit: 1 })) > 0;
  }

  /**
   * One page of a board's (field `boardBucket`) or section's (`sectionBucket`) pins, newest
   * first: `limit + 1` pins when there are more, read bucket by bucket from `start` down.
   * Answers the pins and where the next page starts (undefined after the oldest bucket).
   */
  async page(field: 'boardBucket' | 'sectionBucket', ownerId: string, start: PinPageKey, limit: number): Promise<{ pins: PinDoc[]; next: PinPageKey | undefined }> {
    const seqOf = (p: PinDoc) => (field === 'boardBucket' ? p.seq : (p.sectionSeq ?? 0));
    const found: PinDoc[] = [];
    let bucket = start.bucket;
    let before = start.before;
    for (let reads = 0; bucket >= 0 && reads < MAX_BUCKETS_PER_PAGE; reads++) {
      const inBucket = await this.bucket(field, ownerId, bucket);
      const shown = inBucket.filter((p) => seqOf(p) < before).sort((a, b) => seqOf(b) - seqOf(a));
      for (const pin of shown) {
        found.push(pin);
        if (found.length > limit) {
          // The page is full: the next one starts at the last pin shown on this one.
          const last = found[limit - 1] as PinDoc;
          return { pins: found, next: { bucket: Math.floor(seqOf(last) / PIN_BUCKET_SIZE), before: seqOf(last) } };
        }
      }
      bucket -= 1;
      before = Number.POSITIVE_INFINITY;
    }
    return { pins: found, next: bucket >= 0 ? { bucket, before: Number.MAX_SAFE_INTEGER } : undefined };
  }

  /** The live pins of one bucket of a board (a deleted board's pins, deleted a bucket at a time). */
  async inBoardBucket(boardId: string, bucket: number): Promise<PinDoc[]> {
    return this.bucket('boardBucket', boardId, bucket);
  }

  /** The pins of bucket number `bucket` of a board or section: one read by equality. */
  private bucket(field: 'boardBucket' | 'sectionBucket', ownerId: string, bucket: number): Promise<PinDoc[]> {
    return this.pins().find({ [field]: bucketKey(ownerId, bucket * PIN_BUCKET_SIZE) }, { projection: { pendingEvents: 0 } }).toArray();
  }
}
