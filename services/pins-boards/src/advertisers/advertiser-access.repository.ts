import type { Connection } from 'mongoose';
import type { AdvertiserRole } from '@pinhive/contracts';
import { isDuplicateKey } from '@pinhive/kit';
import type { Changed } from '../shared/changes';
import { ADVERTISER_ACCESS_COLLECTION, advertiserAccessId, type AdvertiserAccessDoc } from './advertiser-access.model';

/** What an event says of one person and one advertiser. */
export interface AccessChange {
  advertiserId: string;
  userId: string;
  ownerId: string;
  /** null: removed. */
  role: AdvertiserRole | null;
  /** The event's `occurredAt`. */
  at: Date;
}

/** The only file that touches `advertiser_access`. */
export class AdvertiserAccessRepository {
  /** `changed(<advertiserId>:<userId>)` after each write: the kept answers of that person and advertiser go. */
  constructor(
    private readonly conn: Connection,
    private readonly changed: Changed,
  ) {}

  private access() {
    return this.conn.collection<AdvertiserAccessDoc>(ADVERTISER_ACCESS_COLLECTION);
  }

  async find(advertiserId: string, userId: string): Promise<AdvertiserAccessDoc | null> {
    return this.access().findOne({ _id: advertiserAccessId(advertiserId, userId) });
  }

  /**
   * Sets a person's role for an advertiser (null: removed) unless an event at least as new set
   * it; answers whether it did. One advertiser's events arrive in order (keyed by it), so this
   * only guards against replays. On equal times a removal wins: a replayed add never restores
   * access its removal took (the add's own record in `processed_events` skips it too, until purged).
   */
  async setIfNewer(change: AccessChange): Promise<boolean> {
    const _id = advertiserAccessId(change.advertiserId, change.userId);
    // Every document has its time: none there, the upsert makes it.
    const filter = { _id, changedAt: change.role === null ? { $lte: change.at } : { $lt: change.at } };
    const set = { $set: { advertiserId: change.advertiserId, userId: change.userId, ownerId: change.ownerId, role: change.role, changedAt: change.at } };
    let written: boolean;
    try {
      const res = await this.access().updateOne(filter, set, { upsert: true });
      written = res.matchedCount + res.upsertedCount > 0;
    } catch (err) {
      // The document is there with a newer (or equal) time: the upsert tried to make a second one.
      if (!isDuplicateKey(err)) throw err;
      written = false;
    }
    if (written) await this.changed(_id);
    return written;
  }
}
