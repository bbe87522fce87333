import type { Connection } from 'mongoose';

interface ResetTokenDoc {
  /** SHA-256 of the token: the token itself is only in the email. */
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export class ResetTokenRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<ResetTokenDoc>('password_resets');
  }

  async insert(hash: string, userId: string, now: Date, ttlSeconds: number): Promise<void> {
    await this.col().insertOne({ _id: hash, userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000), usedAt: null });
  }

  /** The user id of an unused, unexpired token. */
  async findUsable(hash: string, now: Date): Promise<string | null> {
    return (await this.col().findOne({ _id: hash, usedAt: null, expiresAt: { $gt: now } }))?.userId ?? null;
  }

  /** Marks the token used; false when another request used it first (single use). */
  async consume(hash: string, now: Date): Promise<boolean> {
    const res = await this.col().updateOne({ _id: hash, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } });
    return res.modifiedCount === 1;
  }
}
