import { isDuplicateKey } from '@pinhive/kit';
import type { Connection, Model } from 'mongoose';
import { profileModel, type ProfileDoc } from './profile.model';

/** The parts of a profile that events set, and the field stamping each with its event's time. */
const STAMPS = { names: 'namesChangedAt', deactivation: 'deactivationChangedAt' } as const;
export type ProfilePart = keyof typeof STAMPS;


export class ProfileRepository {
  private readonly model: Model<ProfileDoc>;
  constructor(conn: Connection) {
    this.model = profileModel(conn);
  }

  /**
   * Sets one part of a profile unless an event at least as new already set it; answers whether
   * it did. The stamp is needed because auth's events travel on one topic per type, and Kafka
   * orders nothing between topics (a reactivation can arrive before its deactivation), and
   * because a replayed old event must not undo a newer one. It upserts because the registration
   * can arrive after an event of another type: `onInsert` fills what that event does not carry.
   */
  async setIfNewer(id: string, part: ProfilePart, at: Date, fields: Partial<ProfileDoc>, onInsert: Partial<ProfileDoc>): Promise<boolean> {
    const stamp = STAMPS[part];
    // `null` also matches an absent stamp (a profile from before the stamps, or made by the other part).
    const olderOrUnset = { _id: id, $or: [{ [stamp]: null }, { [stamp]: { $lt: at } }] };
    const set = { $set: { ...fields, [stamp]: at } };
    try {
      await this.model.updateOne(olderOrUnset, { ...set, $setOnInsert: onInsert }, { upsert: true });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // The upsert found no older part and tried to insert, clashing with the existing profile
    // (its part is as new or newer, or another event created it just now) or with the username
    // of another profile (FerretDB's error does not say which). Update without inserting.
    const res = await this.model.updateOne(olderOrUnset, set);
    if (res.matchedCount > 0) return true;
    // Another profile still holds the username (its own change has not arrived yet): fail, so
    // the dispatcher retries rather than losing this event.
    if (!(await this.model.exists({ _id: id }))) throw new Error(`profile ${id}: the username ${fields.username ?? ''} is held by another profile`);
    return false;
  }

  /** The account's creation time, which no later event changes (the registration may arrive last). */
  async setCreatedAt(id: string, createdAt: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { createdAt } });
  }

  async findById(id: string): Promise<ProfileDoc | null> {
    return this.model.findOne({ _id: id }).lean<ProfileDoc>().exec();
  }

  async findByUsername(username: string): Promise<ProfileDoc | null> {
    return this.model.findOne({ username }).lean<ProfileDoc>().exec();
  }
}
