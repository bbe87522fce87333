import type { Connection } from 'mongoose';

/** A two-factor step of one log-in attempt (the browser holds its id in an httpOnly cookie). */
export interface ChallengeDoc {
  _id: string;
  userId: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
  createdAt: Date;
}

export class MfaChallengeRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<ChallengeDoc>('mfa_challenges');
  }

  async insert(doc: ChallengeDoc): Promise<void> {
    await this.col().insertOne(doc);
  }

  async find(id: string): Promise<ChallengeDoc | null> {
    return this.col().findOne({ _id: id });
  }

  /** A resend: the new code replaces the old one, which stops working at once. */
  async replaceCode(id: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.col().updateOne({ _id: id, usedAt: null }, { $set: { codeHash, expiresAt, attempts: 0 } });
  }

  async countAttempt(id: string): Promise<void> {
    await this.col().updateOne({ _id: id }, { $inc: { attempts: 1 } });
  }

  /** Single use: false when another request used it first. */
  async use(id: string, now: Date): Promise<boolean> {
    return (await this.col().updateOne({ _id: id, usedAt: null }, { $set: { usedAt: now } })).modifiedCount === 1;
  }
}
