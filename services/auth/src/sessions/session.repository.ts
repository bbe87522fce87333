import type { Connection } from 'mongoose';
import { dayOf, DayPurge, NOTHING_PENDING, onceEver } from '@pinhive/kit';
import { ENDED_RECORDS_RETENTION_DAYS_DEFAULT } from '../config';
import { SESSION_PURGE_DAYS_COLLECTION, SESSIONS_COLLECTION, type SessionDoc } from './session.model';

/** What a new session is stored with; the repository adds the keys it queries and purges by. */
export type NewSession = Omit<SessionDoc, 'activeUserId' | 'purgeDay'>;

/**
 * Sessions; every change is a single-document write (FerretDB v1 has no transactions). A live
 * session carries `activeUserId` (dropped when it is revoked) and every session a `purgeDay`,
 * its end plus the retention, after which the purge deletes it. A refresh token of a deleted
 * session is refused exactly as one of a revoked or expired session: nothing is found to rotate.
 */
export class SessionRepository {
  private readonly expiry: DayPurge;
  private readonly retentionDays: number;

  constructor(private readonly conn: Connection, opts: { retentionDays?: number } = {}) {
    this.retentionDays = opts.retentionDays ?? ENDED_RECORDS_RETENTION_DAYS_DEFAULT;
    this.expiry = new DayPurge(conn, { collection: SESSIONS_COLLECTION, days: SESSION_PURGE_DAYS_COLLECTION, field: 'purgeDay' });
  }

  private col() {
    return this.conn.collection<SessionDoc>(SESSIONS_COLLECTION);
  }

  async insert(session: NewSession): Promise<void> {
    await this.col().insertOne({ ...session, activeUserId: session.userId, purgeDay: await this.expiry.listedDayAfter(session.expiresAt, this.retentionDays) });
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

  /** What revoking writes: the reason, the key removed (no longer found as live), an earlier purge day. */
  private async revocation(reason: string, now: Date) {
    return { $set: { revokedAt: now, revokedReason: reason, purgeDay: await this.expiry.listedDayAfter(now, this.retentionDays) }, $unset: { activeUserId: '' as const } };
  }

  async revoke(id: string, reason: string, now: Date): Promise<void> {
    await this.col().updateOne({ _id: id, revokedAt: null }, await this.revocation(reason, now));
  }

  /**
   * Revokes the account's live sessions (but `exceptId`). Equality on the indexed `activeUserId`
   * reads only sessions not yet revoked (expired ones until the purge), never the account's history.
   */
  async revokeAllForUser(userId: string, reason: string, now: Date, exceptId?: string): Promise<number> {
    const filter = exceptId ? { activeUserId: userId, _id: { $ne: exceptId } } : { activeUserId: userId };
    return (await this.col().updateMany(filter, await this.revocation(reason, now))).modifiedCount;
  }

  async isActive(id: string, now: Date): Promise<boolean> {
    return (await this.col().countDocuments({ _id: id, revokedAt: null, expiresAt: { $gt: now } }, { limit: 1 })) > 0;
  }

  /**
   * Deletes the sessions whose purge day is over (after the one-time carry-over of older ones).
   * A session whose logged-in event is not published yet stays until it is: nothing stored is
   * never published. Returns how many went.
   */
  async purge(now: Date): Promise<number> {
    await this.carryOver(now);
    return this.expiry.purgeBefore(dayOf(now), NOTHING_PENDING);
  }

  /**
   * Sessions written before `activeUserId` and `purgeDay`, once ever: a live one gets its key (or
   * log-out-everywhere would miss it) and its purge day from its expiry; a revoked one is purged
   * one retention from now. A full scan, once; it is checked, and repeated next time if any was
   * missed. The `{ userId }` index that served the old filter is dropped.
   */
  private async carryOver(now: Date): Promise<void> {
    await onceEver(this.conn, 'sessions-active-user-purge-day', async () => {
      const legacy = { purgeDay: { $exists: false } };
      for await (const s of this.col().find(legacy, { projection: { userId: 1, expiresAt: 1, revokedAt: 1 } })) {
        const live = !s.revokedAt;
        const purgeDay = await this.expiry.listedDayAfter(live && s.expiresAt > now ? s.expiresAt : now, this.retentionDays);
        // Guarded by the missing day: a session revoked by this version meanwhile is left as it is.
        await this.col().updateOne({ _id: s._id, ...legacy }, { $set: { purgeDay, ...(live ? { activeUserId: s.userId } : {}) } });
      }
      if ((await this.col().countDocuments(legacy, { limit: 1 })) > 0) throw new Error('sessions without a purge day remain; carried over again next time');
      const indexes = await this.col().indexes().catch(() => []); // no collection yet: nothing to drop
      if (indexes.some((i) => i.name === 'userId_1')) await this.col().dropIndex('userId_1');
    });
  }
}
