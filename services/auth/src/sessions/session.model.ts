import type { OutboxFields } from '@pinhive/kit';
import type { UserLoggedInV1 } from '@pinhive/contracts';

/**
 * One log-in of one account in one browser. The refresh token is `<sessionId>.<secret>`; only
 * the SHA-256 of the current secret is stored, and the hashes of rotated-away secrets are kept
 * so that a replayed one is recognised as reuse (the session is then revoked).
 */
export interface SessionDoc extends OutboxFields {
  _id: string;
  userId: string;
  /**
   * The account's id while the session is not revoked, absent once it is: "log out everywhere"
   * finds what it must end by equality on this indexed key, never reading the account's ended
   * sessions (a `{ userId, revokedAt: null }` filter reads every session the account ever had).
   */
  activeUserId?: string;
  /** How the session was opened: the log-in methods of `auth.user.logged-in.v1`. */
  method: UserLoggedInV1['method'];
  tokenHash: string;
  previousHash: string | null;
  rotatedAt: Date;
  usedHashes: string[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  /**
   * The UTC day (`YYYY-MM-DD`) after which the purge deletes the session: its expiry, or its
   * revocation, plus the retention (kit `DayPurge`). Moved earlier on revocation.
   */
  purgeDay: string;
}

export const SESSIONS_COLLECTION = 'sessions';
/** The days in use as `purgeDay` of sessions: the purge's list. */
export const SESSION_PURGE_DAYS_COLLECTION = 'session_purge_days';
