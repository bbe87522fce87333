import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { appError } from '@pinhive/kit';

function redisFailure(_err: unknown): never {
  throw appError('service_unavailable', { detail: 'two-factor protection store unavailable' });
}

/**
 * Wrong authenticator or recovery codes per account, in Redis: after `maxFailures` in a row the
 * account's code step is locked for `lockoutSeconds` (a right code then gets the same refusal).
 * A 6-digit code in a 3-step window is a 3 in 1,000,000 guess; this keeps someone who has the
 * password (and many addresses, past the IP rule) to a few guesses an hour. A right code clears
 * the count. Without Redis: 503, never unlimited tries.
 *
 * A try is taken (one atomic increment) before its code is compared, not counted after: codes
 * sent at once all passed a "locked?" read before any was counted, and 48 of 50 were compared.
 */
export class FailureLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, private readonly opts: { keyPrefix: string; maxFailures: number; lockoutSeconds: number }) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: opts.keyPrefix, points: opts.maxFailures, duration: 24 * 3600 });
  }

  /**
   * Takes a try: its number in the run of tries, or null when the key is locked (its tries used
   * up, by failures or by tries still under way). Locked, the count goes on growing under the
   * lock's TTL, which no increment moves.
   */
  async takeTry(key: string): Promise<number | null> {
    const res = await this.limiter.consume(key).catch((err: unknown) => (err instanceof RateLimiterRes ? err : redisFailure(err)));
    return res.consumedPoints > this.opts.maxFailures ? null : res.consumedPoints;
  }

  /** The try numbered `n` was a wrong code; the one that reaches the limit starts the lockout. */
  async failed(key: string, n: number): Promise<void> {
    if (n >= this.opts.maxFailures) await this.limiter.block(key, this.opts.lockoutSeconds).catch(redisFailure);
  }

  /** A try that was no guess (a code its sender had seen work) is given back. */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key, 1).catch(redisFailure);
  }

  async recordSuccess(key: string): Promise<void> {
    await this.limiter.delete(key).catch(redisFailure);
  }
}
