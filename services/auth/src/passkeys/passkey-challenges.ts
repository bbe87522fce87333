import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { appError } from '@pinhive/kit';

/** A ceremony must finish within this (the browser's own timeout is PASSKEY_TIMEOUT_MS). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;
/** What the options tell the browser: how long it may wait for the person. */
export const PASSKEY_TIMEOUT_MS = 120_000;

const unavailable = () => {
  throw appError('service_unavailable', { detail: 'passkey challenge store unavailable' });
};

/**
 * The challenges of passkey ceremonies, in Redis with a short TTL, each taken once (GETDEL): a
 * signature over a challenge that was used (or never issued, or expired) finds nothing.
 * Registration: one per account (a new one replaces the last). Log-in: under a random id the
 * browser holds in an httpOnly cookie, so that a challenge is good only in the browser that
 * asked for it.
 */
export class PasskeyChallenges {
  constructor(private readonly redis: Redis, private readonly namespace: string) {}

  private key = (suffix: string) => `${this.namespace}passkey:${suffix}`;

  async putRegistration(userId: string, challenge: string): Promise<void> {
    await this.redis.set(this.key(`reg:${userId}`), challenge, 'EX', PASSKEY_CHALLENGE_TTL_SECONDS).catch(unavailable);
  }

  takeRegistration(userId: string): Promise<string | null> {
    return this.redis.getdel(this.key(`reg:${userId}`)).catch(unavailable);
  }

  /** Stores a log-in's challenge; answers the id for the browser's cookie. */
  async putLogin(challenge: string): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    await this.redis.set(this.key(`login:${id}`), challenge, 'EX', PASSKEY_CHALLENGE_TTL_SECONDS).catch(unavailable);
    return id;
  }

  async takeLogin(id: string | undefined): Promise<string | null> {
    if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
    return this.redis.getdel(this.key(`login:${id}`)).catch(unavailable);
  }
}
