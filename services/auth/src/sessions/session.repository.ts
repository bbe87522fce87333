import type { Connection } from 'mongoose';
import { SESSIONS_COLLECTION, type SessionDoc } from './session.model';

/** Sessions; every change is a single-document write (FerretDB v1 has no transactions). */
export class SessionRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<SessionDoc>(SESSIONS_COLLECTION);
  }

  async insert(session: SessionDoc): Promise<void> {
    await this.col().insertOne(session);
  }

  async findById(id: string): Promise<SessionDoc | null> {
    return this.col().findOne({ _id: id });
  }

  /** Swaps the current secret for a new one, only if `oldHash` is still current (races lose). */
  async rotate(id: string, oldHash: string, newHash: string, now: Date): Promise<SessionDoc | null> {
    return this.col().findOneAndUpdate(
      { _id: id, tokenHash: oldHash, revokedAt: null, expiresAt: { $gt: now } },
      { $set: { tokenHash: newHash, previousHash: oldHash, rotatedAt: now }, $push: { usedHashes: oldHash } },
      { returnDocument: 'after' },
    );
  }

  async revoke(id: string, reason: string, now: Date): Promise<void> {
    await this.col().updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now, revokedReason: reason } });
  }

  async revokeAllForUser(userId: string, reason: string, now: Date, exceptId?: string): Promise<number> {
    const filter = exceptId ? { userId, revokedAt: null, _id: { $ne: exceptId } } : { userId, revokedAt: null };
    const res = await this.col().updateMany(filter, { $set: { revokedAt: now, revokedReason: reason } });
    return res.modifiedCount;
  }

  async isActive(id: string, now: Date): Promise<boolean> {
    return (await this.col().countDocuments({ _id: id, revokedAt: null, expiresAt: { $gt: now } }, { limit: 1 })) > 0;
  }
}
