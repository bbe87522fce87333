import type { Interest } from '@pinhive/contracts';
import { addToSetUpserting, setIfNewer } from '@pinhive/kit';
import type { Connection, Model } from 'mongoose';
import { placeholderProfile, PROFILES_COLLECTION, profileModel, type ProfileDoc } from './profile.model';

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
    // Through the model: an inserted profile gets its schema's defaults (names '', no image).
    if (await setIfNewer(this.model, id, STAMPS[part], at, fields, onInsert)) return true;
    // The upsert clashed and nothing older was there to set: the profile is as new or newer, or
    // another profile still holds the username (its own change has not arrived yet; FerretDB's
    // error does not say which). Then fail, so the dispatcher retries rather than losing this event.
    if (!(await this.model.exists({ _id: id }))) throw new Error(`profile ${id}: the username ${fields.username ?? ''} is held by another profile`);
    return false;
  }

  /** The account's creation time and targeting facts, which no later event changes (the registration may arrive last). */
  async setRegistered(id: string, createdAt: Date, facts: Pick<ProfileDoc, 'country' | 'birthday' | 'gender'>): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { createdAt, ...facts } });
  }

  /**
   * Adds interests inferred from the person's saves (a set: adding twice changes nothing). A
   * save's event may arrive before the registration's (separate topics): the profile is then
   * made with placeholders the registration replaces.
   */
  async addInterests(id: string, interests: readonly Interest[]): Promise<void> {
    // Through the model, as setIfNewer: an inserted profile gets its schema's defaults (names '').
    await addToSetUpserting(this.model, id, 'interests', interests, placeholderProfile(id, new Date()));
  }

  async findById(id: string): Promise<ProfileDoc | null> {
    return this.model.findOne({ _id: id }).lean<ProfileDoc>().exec();
  }

  /**
   * What the promoted pins are targeted by, alone (the driver's own read: mongoose's query keeps
   * an error's stack per query, which with source maps cost more than the read here).
   */
  async targetingFacts(id: string): Promise<Pick<ProfileDoc, 'country' | 'birthday' | 'gender' | 'interests'> | null> {
    return this.model.db.collection<ProfileDoc>(PROFILES_COLLECTION).findOne({ _id: id }, { projection: { _id: 0, country: 1, birthday: 1, gender: 1, interests: 1 } });
  }

  async findByUsername(username: string): Promise<ProfileDoc | null> {
    return this.model.findOne({ username }).lean<ProfileDoc>().exec();
  }
}
