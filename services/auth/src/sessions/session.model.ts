import type { EventEnvelope } from '@pinhive/contracts';

/**
 * One log-in of one account in one browser. The refresh token is `<sessionId>.<secret>`; only
 * the SHA-256 of the current secret is stored, and the hashes of rotated-away secrets are kept
 * so that a replayed one is recognised as reuse (the session is then revoked).
 */
export interface SessionDoc {
  _id: string;
  userId: string;
  method: 'email' | 'multifactor' | 'switch_account';
  tokenHash: string;
  previousHash: string | null;
  rotatedAt: Date;
  usedHashes: string[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  pendingEvents: EventEnvelope[];
}

export const SESSIONS_COLLECTION = 'sessions';
