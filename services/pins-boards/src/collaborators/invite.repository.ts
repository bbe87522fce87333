import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import { DayPurge, dayOf, docWithEvents, isDuplicateKey, OUTBOX_PENDING } from '@pinhive/kit';
import { INVITE_PURGE_DAYS_COLLECTION, INVITES_COLLECTION, isLapsed, type InviteDoc } from './invite.model';

/** A new invitation, without its purge day (the repository lists and sets it). */
export type NewInvite = Omit<InviteDoc, 'purgeDay' | 'pendingEvents' | 'outboxPending'>;

/** The only file that touches `board_invites`. */
export class InviteRepository {
  private readonly expiry: DayPurge;

  constructor(private readonly conn: Connection) {
    this.expiry = new DayPurge(conn, { collection: INVITES_COLLECTION, days: INVITE_PURGE_DAYS_COLLECTION, field: 'purgeDay' });
  }

  private invites() {
    return this.conn.collection<InviteDoc>(INVITES_COLLECTION);
  }

  /**
   * Stores an invitation (with its events, in the same insert), unless the same person already
   * has one pending for the board: then that one is answered and nothing is written (a second
   * invite is the first). A lapsed one in the way is replaced.
   */
  async insert(invite: NewInvite, events: EventEnvelope[] = []): Promise<{ stored: InviteDoc; created: boolean }> {
    const doc: InviteDoc = { ...invite, purgeDay: await this.expiry.listedDayAfter(invite.expiresAt, 0) };
    for (let attempt = 0; ; attempt++) {
      try {
        await this.invites().insertOne(events.length > 0 ? docWithEvents(doc, events) : doc);
        return { stored: doc, created: true };
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= 2) throw err;
      }
      const existing = await this.invites().findOne({ inviteKey: invite.inviteKey });
      if (existing && !isLapsed(existing, invite.createdAt)) return { stored: existing, created: false };
      // Lapsed (its purge day not come yet), or answered meanwhile: out of the way, and again.
      if (existing) await this.invites().deleteOne({ _id: existing._id, inviteKey: invite.inviteKey });
    }
  }

  async findById(id: string): Promise<InviteDoc | null> {
    return this.invites().findOne({ _id: id });
  }

  /** A board's invitations, lapsed ones included (the caller sees the time): at most its cap plus the lapsed. */
  async ofBoard(boardId: string): Promise<InviteDoc[]> {
    return this.invites().find({ boardId }, { projection: { pendingEvents: 0 } }).toArray();
  }

  /** A person's invitations to accounts, lapsed ones included. */
  async forInvitee(userId: string): Promise<InviteDoc[]> {
    return this.invites().find({ inviteeId: userId }, { projection: { pendingEvents: 0 } }).toArray();
  }

  /** Answered or withdrawn. An email invitation whose mail is not out yet goes too: its board is gone, or it was answered. */
  async remove(id: string): Promise<void> {
    await this.invites().deleteOne({ _id: id });
  }

  /** Every invitation of a deleted board. */
  async removeOfBoard(boardId: string): Promise<number> {
    return (await this.invites().deleteMany({ boardId })).deletedCount;
  }

  /** Lapsed invitations, by their day (the hourly purge); one whose event is not published yet waits. */
  async purge(now: Date): Promise<number> {
    return this.expiry.purgeBefore(dayOf(now), { [OUTBOX_PENDING]: { $ne: true } });
  }
}
