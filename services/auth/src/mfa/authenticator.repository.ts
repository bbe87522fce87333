import type { Connection } from 'mongoose';
import { SecretBox } from '../security/secret-box';

/** An enrolment started in the settings and not confirmed yet: the secret the app was shown. */
export interface PendingAuthenticator {
  /** Random: the confirmation is guarded by it, not by the secret (never in a query's filter). */
  id: string;
  secret: string;
  expiresAt: Date;
}

/** The confirmed authenticator: its secret, the last step used and the recovery codes left (hashed). */
export interface ActiveAuthenticator {
  /** Random per enrolment: every write is guarded by it, so a write for a removed one lands nowhere. */
  id: string;
  secret: string;
  /** The 30-second step of the last code accepted: only later steps are accepted (each code once). */
  lastStep: number;
  recoveryCodes: string[];
  enabledAt: Date;
}

/** One per account that ever started an enrolment; `_id` is the account's id. */
export interface AuthenticatorDoc {
  _id: string;
  pending: PendingAuthenticator | null;
  active: ActiveAuthenticator | null;
  /** The id of the key its secrets are sealed under (SecretBox.keyId; null: stored as they are). Indexed: what an old key sealed is found by it. */
  sealedWith?: string | null;
}

/** Documents sealed again per read of an old key's: a bounded read, repeated until none are left. */
export const RESEAL_BATCH = 200;

export const AUTHENTICATORS_COLLECTION = 'mfa_authenticators';

/**
 * Authenticator apps' secrets, read and written only by `_id` (the account). The account's `mfa`
 * field says whether the factor is on; this document is read only when it is (the log-in's
 * second step, the settings). Kept apart from the account so that the secret never travels with
 * the account document (every log-in, session and profile read loads it). Every single-use rule
 * is one conditional update of this document: two requests with the same code (or recovery code)
 * cannot both pass.
 */
export class AuthenticatorRepository {
  constructor(private readonly conn: Connection, private readonly box: SecretBox = new SecretBox(undefined)) {}

  private col() {
    return this.conn.collection<AuthenticatorDoc>(AUTHENTICATORS_COLLECTION);
  }

  async find(userId: string): Promise<AuthenticatorDoc | null> {
    const doc = await this.col().findOne({ _id: userId });
    if (!doc) return null;
    const { pending, active } = this.opened(doc);
    // Sealed under an old key (or before there was one): under the current key from now on.
    if ((doc.sealedWith ?? null) !== this.box.keyId) await this.sealAgain(doc, pending, active);
    return { _id: doc._id, pending, active };
  }

  /** The document's secrets as the apps know them (they are stored sealed). A document written by the enrolment's upsert alone has no `active` yet. */
  private opened(doc: AuthenticatorDoc): { pending: PendingAuthenticator | null; active: ActiveAuthenticator | null } {
    return {
      pending: doc.pending ? { ...doc.pending, secret: this.box.open(doc.pending.secret) } : null,
      active: doc.active ? { ...doc.active, secret: this.box.open(doc.active.secret) } : null,
    };
  }

  /**
   * Seals a document's secrets again under the current key, guarded by the values read: a
   * document changed meanwhile is left to its writer (which sealed under the current key).
   */
  private async sealAgain(doc: AuthenticatorDoc, pending: PendingAuthenticator | null, active: ActiveAuthenticator | null): Promise<boolean> {
    const filter: Record<string, unknown> = { _id: doc._id };
    const set: Record<string, unknown> = { sealedWith: this.box.keyId };
    if (doc.pending && pending) {
      filter['pending.secret'] = doc.pending.secret;
      set['pending.secret'] = this.box.seal(pending.secret);
    }
    if (doc.active && active) {
      filter['active.secret'] = doc.active.secret;
      set['active.secret'] = this.box.seal(active.secret);
    }
    return (await this.col().updateOne(filter, { $set: set })).modifiedCount === 1;
  }

  /**
   * After a key rotation: seals again up to RESEAL_BATCH documents still sealed under the old key
   * `keyId` (one indexed equality read). Answers how many were read: fewer than a batch, and none
   * are left under that key.
   */
  async sealAgainUnder(keyId: string): Promise<number> {
    const docs = await this.col().find({ sealedWith: keyId }).limit(RESEAL_BATCH).toArray();
    for (const doc of docs) {
      const { pending, active } = this.opened(doc);
      await this.sealAgain(doc, pending, active);
    }
    return docs.length;
  }

  /** A new enrolment replaces any earlier unconfirmed one; the active authenticator is untouched (there is none: the factor is off). */
  async setPending(userId: string, pending: PendingAuthenticator): Promise<void> {
    await this.col().updateOne({ _id: userId }, { $set: { pending: { ...pending, secret: this.box.seal(pending.secret) }, sealedWith: this.box.keyId } }, { upsert: true });
  }

  /** The enrolment `pendingId` becomes the active authenticator; false when it was confirmed (or replaced) meanwhile. */
  async activate(userId: string, pendingId: string, active: ActiveAuthenticator): Promise<boolean> {
    const sealed = { ...active, secret: this.box.seal(active.secret) };
    return (await this.col().updateOne({ _id: userId, 'pending.id': pendingId }, { $set: { active: sealed, pending: null, sealedWith: this.box.keyId } })).modifiedCount === 1;
  }

  /** Records `step` as used: false when it or a later step was used already (a replay, or a concurrent use). */
  async claimStep(userId: string, activeId: string, step: number): Promise<boolean> {
    return (await this.col().updateOne({ _id: userId, 'active.id': activeId, 'active.lastStep': { $lt: step } }, { $set: { 'active.lastStep': step } })).modifiedCount === 1;
  }

  /** Uses up one recovery code: false when it is not (or no longer) one of the account's. */
  async useRecoveryCode(userId: string, activeId: string, hash: string): Promise<boolean> {
    return (await this.col().updateOne({ _id: userId, 'active.id': activeId, 'active.recoveryCodes': hash }, { $pull: { 'active.recoveryCodes': hash } })).modifiedCount === 1;
  }

  /** A new set of recovery codes: the old ones stop working at once. */
  async replaceRecoveryCodes(userId: string, activeId: string, hashes: string[]): Promise<boolean> {
    return (await this.col().updateOne({ _id: userId, 'active.id': activeId }, { $set: { 'active.recoveryCodes': hashes } })).matchedCount === 1;
  }

  /** Forgets the authenticator (turned off): its secret and codes are gone. */
  async remove(userId: string, activeId: string): Promise<void> {
    await this.col().updateOne({ _id: userId, 'active.id': activeId }, { $set: { active: null } });
  }
}
