import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pinhive/contracts';
import { sha256 } from '../security/sha256';
import { appError, docWithEvents, newEvent } from '@pinhive/kit';
import type { SigningKeys } from '../keys/signing-keys';
import type { Recognition } from './recognition';
import type { SessionDoc } from './session.model';
import type { SessionRepository } from './session.repository';


/** A just-rotated secret presented again within this window is a race between tabs, not theft. */
const ROTATION_GRACE_MS = 10_000;

export interface IssuedSession {
  sessionId: string;
  access: string;
  refresh: string;
  /** The browser-recognition token (recognition.ts), renewed with every session token. */
  recognition: string;
}

export interface SessionUserRef {
  id: string;
  username: string;
}

/**
 * Sessions: short-lived access tokens (ES256 JWT) and rotating refresh tokens. Presenting a
 * refresh secret that was already rotated away revokes the whole session (reuse detection).
 */
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly keys: SigningKeys,
    private readonly recognition: Recognition,
    private readonly opts: {
      refreshTtlSeconds: number;
      /** A session was stored with its events (its insert's: the outbox publishes them from memory). */
      onStored: (sessionId: string, created: EventEnvelope[]) => void;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Opens a session; the `auth.user.logged-in.v1` event is stored with it (outbox). */
  async open(user: SessionUserRef, method: SessionDoc['method']): Promise<IssuedSession> {
    const now = this.now();
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const event = newEvent('auth', 'auth.user.logged-in.v1', user.id, { userId: user.id, sessionId: id, method, loggedInAt: now.toISOString() });
    await this.sessions.insert(docWithEvents({
      _id: id, userId: user.id, method, tokenHash: sha256(secret), previousHash: null, rotatedAt: now, usedHashes: [],
      createdAt: now, expiresAt: new Date(now.getTime() + this.opts.refreshTtlSeconds * 1000), revokedAt: null, revokedReason: null,
    }, [event]));
    this.opts.onStored(id, [event]);
    return {
      sessionId: id, access: await this.keys.sign({ userId: user.id, sessionId: id, username: user.username, viewerType: 'AUTH' }), refresh: `${id}.${secret}`, recognition: await this.recognition.issue(user.id),
    };
  }

  /** Rotates a refresh token; answers 401 for anything but the current secret of a live session. */
  async refresh(refreshToken: string | undefined, username: (userId: string) => Promise<string | null>): Promise<IssuedSession> {
    const [id, secret] = (refreshToken ?? '').split('.');
    if (!id || !secret) throw appError('unauthorized');
    const now = this.now();
    const newSecret = randomBytes(32).toString('base64url');
    const rotated = await this.sessions.rotate(id, sha256(secret), sha256(newSecret), now);
    if (!rotated) {
      await this.onRejectedRefresh(id, sha256(secret), now);
      throw appError('unauthorized');
    }
    const name = await username(rotated.userId);
    if (name === null) throw appError('unauthorized');
    return {
      sessionId: id, access: await this.keys.sign({ userId: rotated.userId, sessionId: id, username: name, viewerType: 'AUTH' }), refresh: `${id}.${newSecret}`, recognition: await this.recognition.issue(rotated.userId),
    };
  }

  private async onRejectedRefresh(id: string, presented: string, now: Date): Promise<void> {
    const session = await this.sessions.findById(id);
    if (!session || session.revokedAt) return;
    const raceWithOtherTab = session.previousHash === presented && now.getTime() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (!raceWithOtherTab && session.usedHashes.includes(presented)) await this.sessions.revoke(id, 'refresh_token_reuse', now);
  }

  /** The live session a refresh token belongs to, without rotating it (stored accounts). */
  async peek(refreshToken: string | undefined): Promise<SessionDoc | null> {
    const [id, secret] = (refreshToken ?? '').split('.');
    if (!id || !secret) return null;
    const session = await this.sessions.findById(id);
    const live = session && !session.revokedAt && session.expiresAt > this.now() && session.tokenHash === sha256(secret);
    return live ? session : null;
  }

  async close(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, 'logout', this.now());
  }

  /** Ends every session of an account (password reset, soft ban), optionally but one. */
  async closeAll(userId: string, reason: string, exceptSessionId?: string): Promise<number> {
    return this.sessions.revokeAllForUser(userId, reason, this.now(), exceptSessionId);
  }

  async isActive(sessionId: string): Promise<boolean> {
    return this.sessions.isActive(sessionId, this.now());
  }

  /** Whether the session was opened (its log-in happened) within the last `seconds`; refreshes do not count. */
  async loggedInWithin(sessionId: string, seconds: number): Promise<boolean> {
    const session = await this.sessions.findById(sessionId);
    return session !== null && session.createdAt.getTime() >= this.now().getTime() - seconds * 1000;
  }

  /** The session id inside a refresh token (logout without a valid access token). */
  static idOf(refreshToken: string | undefined): string | undefined {
    return refreshToken?.split('.')[0] || undefined;
  }
}
