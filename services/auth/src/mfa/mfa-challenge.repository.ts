import type { Connection } from 'mongoose';
import { dayAfter, dayOf, DayPurge, onceEver } from '@pinhive/kit';
import { ENDED_RECORDS_RETENTION_DAYS_DEFAULT } from '../config';

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

/** As stored: with the UTC day after which the purge deletes it (its expiry plus the retention). */
type StoredChallenge = ChallengeDoc & { purgeDay: string };

export const MFA_CHALLENGES_COLLECTION = 'mfa_challenges';
/** The days in use as `purgeDay` of challenges: the purge's list. */
const PURGE_DAYS_COLLECTION = 'mfa_challenge_purge_days';

/**
 * Two-factor challenges, read only by `_id`. A challenge is useless once its code expired, so it
 * is deleted by its day key one retention later (kit `DayPurge`; FerretDB has no TTL index); a
 * resend, which extends the expiry, moves the day with it.
 */
export class MfaChallengeRepository {
  private readonly expiry: DayPurge;
  private readonly retentionDays: number;

  constructor(private readonly conn: Connection, opts: { retentionDays?: number } = {}) {
    this.retentionDays = opts.retentionDays ?? ENDED_RECORDS_RETENTION_DAYS_DEFAULT;
    this.expiry = new DayPurge(conn, { collection: MFA_CHALLENGES_COLLECTION, days: PURGE_DAYS_COLLECTION, field: 'purgeDay' });
  }

  private col() {
    return this.conn.collection<StoredChallenge>(MFA_CHALLENGES_COLLECTION);
  }


  async insert(doc: ChallengeDoc): Promise<void> {
    await this.col().insertOne({ ...doc, purgeDay: await this.expiry.listedDayAfter(doc.expiresAt, this.retentionDays) });
  }

  async find(id: string): Promise<ChallengeDoc | null> {
    return this.col().findOne({ _id: id });
  }

  /** A resend: the new code replaces the old one, which stops working at once. */
  async replaceCode(id: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.col().updateOne({ _id: id, usedAt: null }, { $set: { codeHash, expiresAt, attempts: 0, purgeDay: await this.expiry.listedDayAfter(expiresAt, this.retentionDays) } });
  }

  /**
   * Takes one of the code's tries before it is compared, in one conditional write: codes sent at
   * once cannot be compared more than `maxAttempts` times between them (a read of `attempts`
   * then a count after the compare let 48 of 50 through). Answers the challenge as the try found
   * it (the code of that moment), or null when it is used, expired or out of tries.
   */
  async claimAttempt(id: string, maxAttempts: number, now: Date): Promise<ChallengeDoc | null> {
    // No projection: FerretDB refuses one on findOneAndUpdate.
    return this.col().findOneAndUpdate(
      { _id: id, usedAt: null, expiresAt: { $gt: now }, attempts: { $lt: maxAttempts } },
      { $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
  }

  /** Single use of the code `codeHash`: false when another request used it first, or a resend replaced it meanwhile. */
  async use(id: string, codeHash: string, now: Date): Promise<boolean> {
    return (await this.col().updateOne({ _id: id, codeHash, usedAt: null }, { $set: { usedAt: now } })).modifiedCount === 1;
  }

  /**
   * Deletes the challenges whose purge day is over. Challenges from before `purgeDay` get one
   * once, a retention from now (each lived 5 minutes).
   */
  async purge(now: Date): Promise<number> {
    await onceEver(this.conn, 'mfa-challenges-purge-day', () => this.expiry.assignMissing(dayAfter(now, this.retentionDays)));
    return this.expiry.purgeBefore(dayOf(now));
  }
}
