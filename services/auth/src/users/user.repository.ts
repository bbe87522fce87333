import type { Connection, FilterQuery, Model, UpdateQuery } from 'mongoose';
import { PROFILE_FIELDS, type EventEnvelope } from '@pinhive/contracts';
import { isDuplicateKey, newEvent, updateWithEvents } from '@pinhive/kit';
import { userModel, type UserDoc } from './user.model';

/** What an account shows of itself on its profile (the fields of `auth.user.profile-changed.v1`). */
export type ProfileFields = Pick<UserDoc, 'username' | 'firstName' | 'lastName'>;

/** Duplicate-key errors name the unique field that clashed. */
export class DuplicateKeyError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`duplicate ${field}`);
  }
}

function duplicateField(err: unknown): 'email' | 'username' | undefined {
  // An insert's 11000 or FerretDB's update clash (the kit knows both).
  if (!isDuplicateKey(err)) return undefined;
  const text = JSON.stringify((err as { keyPattern?: unknown }).keyPattern ?? '') + String((err as Error).message);
  return text.includes('username') ? 'username' : 'email';
}

export class UserRepository {
  private readonly model: Model<UserDoc>;
  constructor(conn: Connection) {
    this.model = userModel(conn);
  }

  async findByEmail(email: string): Promise<UserDoc | null> {
    return this.model.findOne({ email }).lean<UserDoc>().exec();
  }

  async findByUsername(username: string): Promise<UserDoc | null> {
    return this.model.findOne({ username }).lean<UserDoc>().exec();
  }

  async findById(id: string): Promise<UserDoc | null> {
    return this.model.findById(id).lean<UserDoc>().exec();
  }

  /** By email when the identifier has an @, else by username. */
  async findByIdentifier(identifier: string): Promise<UserDoc | null> {
    return identifier.includes('@') ? this.findByEmail(identifier) : this.findByUsername(identifier);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { passwordHash } }).exec();
  }

  /*
   * The writes below change what other services follow, so each stores its `auth.user.*` event
   * in the same single-document write (outbox). The events are built here, beside the only
   * writes of these fields, so every caller publishes them: the operator command (its own
   * process: the service's outbox sweep publishes within OUTBOX_POLL_MS) and a password reset
   * that lifts a block. Each answers whether it wrote (lifting nothing writes nothing).
   */

  /** Blocks log-in (`auth.user.blocked.v1`), or lifts a block (`auth.user.unblocked.v1`). */
  async setLoginBlock(id: string, block: UserDoc['loginBlock']): Promise<boolean> {
    if (block) {
      return this.writeWithEvent({ _id: id }, { $set: { loginBlock: block } }, newEvent('auth', 'auth.user.blocked.v1', id, { userId: id, reason: block.reason }, block.setAt));
    }
    return this.writeWithEvent({ _id: id, loginBlock: { $ne: null } }, { $set: { loginBlock: null } }, newEvent('auth', 'auth.user.unblocked.v1', id, { userId: id }));
  }

  /** The website listed on the claim page (null clears it); answers whether the account exists. */
  async setListedWebsite(id: string, listedWebsiteUrl: string | null): Promise<boolean> {
    const res = await this.model.updateOne({ _id: id }, { $set: { listedWebsiteUrl } }).exec();
    return res.matchedCount > 0;
  }

  async setMfa(id: string, fields: Partial<Pick<UserDoc, 'mfa' | 'mfaPending'>>): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: fields }).exec();
  }

  /** Deactivates (`auth.user.deactivated.v1`) or reactivates (`auth.user.reactivated.v1`) the account. */
  async setDeactivation(id: string, deactivation: UserDoc['deactivation']): Promise<boolean> {
    if (deactivation) {
      return this.writeWithEvent({ _id: id }, { $set: { deactivation } }, newEvent('auth', 'auth.user.deactivated.v1', id, { userId: id, reason: deactivation.reason }, deactivation.setAt));
    }
    return this.writeWithEvent({ _id: id, deactivation: { $ne: null } }, { $set: { deactivation: null } }, newEvent('auth', 'auth.user.reactivated.v1', id, { userId: id }));
  }

  /**
   * Changes the username and/or names (`auth.user.profile-changed.v1`, the whole profile after
   * the change). Guarded by the values `user` was read with, so the event's snapshot is never
   * stale: false when the account changed since (read it again) or nothing changes. A taken
   * username throws DuplicateKeyError('username').
   */
  async changeProfile(user: Pick<UserDoc, '_id'> & ProfileFields, changes: Partial<ProfileFields>, now = new Date()): Promise<boolean> {
    const before: ProfileFields = { username: user.username, firstName: user.firstName, lastName: user.lastName };
    const after: ProfileFields = { ...before, ...changes };
    const changed = PROFILE_FIELDS.filter((f) => after[f] !== before[f]);
    if (changed.length === 0) return false;
    const event = newEvent('auth', 'auth.user.profile-changed.v1', user._id, { userId: user._id, ...after, changed }, now);
    try {
      return await this.writeWithEvent({ _id: user._id, ...before }, { $set: after }, event);
    } catch (err) {
      // The username is the only unique field this write changes (FerretDB's duplicate-key
      // error does not name the index, so duplicateField cannot tell it from the email).
      if (duplicateField(err)) throw new DuplicateKeyError('username');
      throw err;
    }
  }

  async emailExists(email: string): Promise<boolean> {
    return (await this.model.exists({ email })) !== null;
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.model.exists({ username })) !== null;
  }

  /** One update of one account with its event (kit `updateWithEvents`: the events and the outbox flag). */
  private async writeWithEvent(filter: FilterQuery<UserDoc>, update: UpdateQuery<UserDoc>, event: EventEnvelope): Promise<boolean> {
    const res = await this.model.updateOne(filter, updateWithEvents(update, [event])).exec();
    return res.matchedCount > 0;
  }

  /** Inserts the user together with its pending events in one single-document write. */
  async insert(user: UserDoc): Promise<void> {
    try {
      await this.model.create(user);
    } catch (err) {
      const field = duplicateField(err);
      if (field) throw new DuplicateKeyError(field);
      throw err;
    }
  }
}
