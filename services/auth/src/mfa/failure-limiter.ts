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
 */
export class FailureLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, private readonly opts: { keyPrefix: string; maxFailures: number; lockoutSeconds: number }) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: opts.keyPrefix, points: opts.maxFailures, duration: 24 * 3600 });
  }

  async isLocked(key: string): Promise<boolean> {
    const res = await this.limiter.get(key).catch(redisFailure);
    return res !== null && res.consumedPoints > this.opts.maxFailures && res.msBeforeNext > 0;
  }

  /** Counts a wrong code; the one that reaches the limit starts the lockout. */
  async recordFailure(key: string): Promise<void> {
    const res = await this.limiter.consume(key).catch((err: unknown) => (err instanceof RateLimiterRes ? err : redisFailure(err)));
    if (res.consumedPoints >= this.opts.maxFailures) await this.limiter.block(key, this.opts.lockoutSeconds).catch(redisFailure);
  }

  async recordSuccess(key: string): Promise<void> {
    await this.limiter.delete(key).catch(redisFailure);
  }
}
