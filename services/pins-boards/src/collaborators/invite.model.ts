import { createHash } from 'node:crypto';
import { defineIndexes, type OutboxFields } from '@pinhive/kit';

export const INVITES_COLLECTION = 'board_invites';
/** The days in use as `purgeDay` of invitations (kit DayPurge's list). */
export const INVITE_PURGE_DAYS_COLLECTION = 'board_invite_purge_days';

/**
 * An invitation waiting for its answer; answered ones are deleted (the board's `collaboratorIds`
 * and its events are the record). Two kinds:
 * - `user`: to an account, `_id` `u:<boardId>:<userId>`, listed for them by `inviteeId`;
 * - `email`: to an address, `_id` `e:<sha256 of the link's token>`, found by the token of the
 *   link alone (the token itself is only in the mail, and in the event that has auth send it
 *   until the outbox has published it).
 * Every read is an equality on one indexed field and reads a bounded set: a board has at most
 * MAX_PENDING_INVITES_PER_BOARD pending (`boardId`), a person MAX_PENDING_INVITES_PER_PERSON
 * (`inviteeId`), plus lapsed ones until their purge day.
 */
export interface InviteDoc extends Partial<OutboxFields> {
  _id: string;
  kind: 'user' | 'email';
  boardId: string;
  inviterId: string;
  /** `user` invitations. */
  inviteeId?: string;
  /** `email` invitations: the address, trimmed and lower-cased. */
  email?: string;
  /** `<boardId>:u:<userId>` or `<boardId>:e:<email>` (unique): one pending invitation per person and board. */
  inviteKey: string;
  createdAt: Date;
  /** Unanswered by then, it lapses (INVITE_TTL_DAYS). */
  expiresAt: Date;
  /** The UTC day its purge deletes it: the day after it lapsed (kit DayPurge; FerretDB has no TTL index). */
  purgeDay: string;
}

export const userInviteId = (boardId: string, userId: string): string => `u:${boardId}:${userId}`;
/** The link's token is stored only as its SHA-256, so a copy of the store opens no invitation. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');
export const emailInviteId = (token: string): string => `e:${tokenHash(token)}`;
export const userInviteKey = (boardId: string, userId: string): string => `${boardId}:u:${userId}`;
export const emailInviteKey = (boardId: string, email: string): string => `${boardId}:e:${email}`;

export const isLapsed = (invite: Pick<InviteDoc, 'expiresAt'>, now: Date): boolean => invite.expiresAt.getTime() <= now.getTime();

export const inviteIndexes = defineIndexes(INVITES_COLLECTION, [
  { key: { inviteKey: 1 }, unique: true }, // a second invitation of the same person finds the first
  { key: { boardId: 1 } }, // a board's pending invitations (the owner's list, the caps, its deletion)
  { key: { inviteeId: 1 } }, // a person's pending invitations
  { key: { purgeDay: 1 } }, // lapsed invitations, deleted by day
]);
