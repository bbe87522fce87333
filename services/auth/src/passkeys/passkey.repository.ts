import type { Connection } from 'mongoose';
import { defineIndexes, isDuplicateKey } from '@pinhive/kit';
import { MAX_PASSKEYS } from '@pinhive/contracts';

/** One passkey of one account. */
export interface PasskeyDoc {
  /** The credential id (base64url), as the browser names the passkey in every assertion. */
  _id: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use (0: it keeps none). */
  counter: number;
  /** How the browser may reach it (internal, hybrid, usb...), as it said at registration. */
  transports: string[];
  name: string;
  /** Synced (`multiDevice`) or bound to one authenticator (`singleDevice`), and whether it is backed up. */
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const PASSKEYS_COLLECTION = 'passkeys';

/** An account's passkeys are read by `userId` (the settings' list, the registration's exclusions). */
export const passkeyIndexes = defineIndexes(PASSKEYS_COLLECTION, [{ key: { userId: 1 } }]);

/**
 * Passkeys, kept apart from the account (as the authenticator app's secret is): read by `_id`
 * (the credential id an assertion names) or by `userId`, at most MAX_PASSKEYS + 1 documents. Each
 * use is one conditional update on the counter read, so two uses of one signature cannot both
 * record (and the challenge is single-use besides).
 */
export class PasskeyRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<PasskeyDoc>(PASSKEYS_COLLECTION);
  }

  /** False when a passkey with this credential id exists already (this account's or another's). */
  async insert(doc: PasskeyDoc): Promise<boolean> {
    try {
      await this.col().insertOne(doc);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async find(id: string): Promise<PasskeyDoc | null> {
    return this.col().findOne({ _id: id });
  }

  /** The account's passkeys, oldest first; bounded (one more than allowed shows a list over its limit). */
  async forUser(userId: string): Promise<PasskeyDoc[]> {
    const docs = await this.col().find({ userId }).limit(MAX_PASSKEYS + 1).toArray();
    return docs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a._id.localeCompare(b._id));
  }

  /** A use: the new counter and the time, only if the counter is still the one read. */
  async recordUse(id: string, readCounter: number, counter: number, at: Date): Promise<boolean> {
    return (await this.col().updateOne({ _id: id, counter: readCounter }, { $set: { counter, lastUsedAt: at } })).matchedCount === 1;
  }

  async rename(id: string, userId: string, name: string): Promise<boolean> {
    return (await this.col().updateOne({ _id: id, userId }, { $set: { name } })).matchedCount === 1;
  }

  async remove(id: string, userId: string): Promise<boolean> {
    return (await this.col().deleteOne({ _id: id, userId })).deletedCount === 1;
  }
}
