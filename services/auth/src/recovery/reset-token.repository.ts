import type { Connection } from 'mongoose';
import { dayAfter, dayOf, DayPurge, onceEver } from '@pinhive/kit';
import { ENDED_RECORDS_RETENTION_DAYS_DEFAULT } from '../config';

interface ResetTokenDoc {
  /** SHA-256 of the token: the token itself is only in the email. */
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /** The UTC day after which the purge deletes the token: its expiry plus the retention. */
  purgeDay: string;
}

export const RESET_TOKENS_COLLECTION = 'password_resets';
/** The days in use as `purgeDay` of reset tokens: the purge's list. */
const PURGE_DAYS_COLLECTION = 'password_reset_purge_days';

/**
 * Reset tokens, read only by `_id`. A token is useless once expired, so it is deleted by its
 * day key one retention after its expiry (kit `DayPurge`; FerretDB has no TTL index).
 */
export class ResetTokenRepository {
  private readonly expiry: DayPurge;
  private readonly retentionDays: number;

  constructor(private readonly conn: Connection, opts: { retentionDays?: number } = {}) {
    this.retentionDays = opts.retentionDays ?? ENDED_RECORDS_RETENTION_DAYS_DEFAULT;
    this.expiry = new DayPurge(conn, { collection: RESET_TOKENS_COLLECTION, days: PURGE_DAYS_COLLECTION, field: 'purgeDay' });
  }

  private col() {
    return this.conn.collection<ResetTokenDoc>(RESET_TOKENS_COLLECTION);
  }

  async insert(hash: string, userId: string, now: Date, ttlSeconds: number): Promise<void> {
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    const purgeDay = await this.expiry.listedDayAfter(expiresAt, this.retentionDays);
    await this.col().insertOne({ _id: hash, userId, createdAt: now, expiresAt, usedAt: null, purgeDay });
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

  /**
   * Deletes the tokens whose purge day is over. Tokens from before `purgeDay` get one once, a
   * retention from now (each lived `RESET_TOKEN_TTL_SECONDS`, far less than that).
   */
  async purge(now: Date): Promise<number> {
    await onceEver(this.conn, 'password-resets-purge-day', () => this.expiry.assignMissing(dayAfter(now, this.retentionDays)));
    return this.expiry.purgeBefore(dayOf(now));
  }
}
