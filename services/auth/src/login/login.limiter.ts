import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { appError } from '@pinhive/kit';

export interface LoginLimits {
  /** Consecutive failures for one identifier before the lockout (reset by a success). */
  maxConsecutiveFailures: number;
  /** Failures from one IP per day before the same lockout for that IP. */
  maxFailuresPerIpPerDay: number;
  /** The spec's lockout: 30 minutes. */
  lockoutSeconds: number;
}

/**
 * Redis failed (callers handle the limiter's own rejections, RateLimiterRes, before this).
 * Without Redis there is no way to count attempts: refuse, never allow unlimited tries.
 */
function redisFailure(_err: unknown): never {
  throw appError('service_unavailable', { detail: 'log-in protection store unavailable' });
}

/**
 * Log-in protection in Redis (rate-limiter-flexible's brute-force recipe): failures counted per
 * normalised identifier (whether or not the account exists, so a lock reveals nothing) and per
 * IP; past the limit the key is blocked for 30 minutes, by TTL.
 */
export class LoginLimiter {
  private readonly byIdentifier: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(redis: Redis, readonly limits: LoginLimits, prefix = 'login') {
    const day = 24 * 3600;
    this.byIdentifier = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}_fail_id`, points: limits.maxConsecutiveFailures, duration: day });
    this.byIp = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}_fail_ip`, points: limits.maxFailuresPerIpPerDay, duration: day });
  }

  /** Throws the lockout answer when the identifier or the IP is locked. */
  async assertNotLocked(identifier: string, ip: string): Promise<void> {
    const [id, byIp] = await Promise.all([this.byIdentifier.get(identifier), this.byIp.get(ip)]).catch(redisFailure);
    // A lock is a key blocked past its points (see recordFailure); it ends with the key's TTL.
    const locked = (r: RateLimiterRes | null, points: number) => r !== null && r.consumedPoints > points && r.msBeforeNext > 0;
    if (locked(id, this.limits.maxConsecutiveFailures) || locked(byIp, this.limits.maxFailuresPerIpPerDay)) {
      throw appError('login_rate_limited');
    }
  }

  /**
   * Counts a failed attempt; the one that reaches the limit starts the 30-minute lockout. True
   * when this failure came past the limit: attempts sent at once all pass `assertNotLocked`
   * before any is counted, and the count (one atomic increment each) is what orders them, so
   * the caller answers such a one as locked out, never with what its password check found.
   */
  async recordFailure(identifier: string, ip: string): Promise<boolean> {
    const past = await Promise.all([
      this.countFailure(this.byIdentifier, identifier, this.limits.maxConsecutiveFailures),
      this.countFailure(this.byIp, ip, this.limits.maxFailuresPerIpPerDay),
    ]);
    return past.includes(true);
  }

  private async countFailure(limiter: RateLimiterRedis, key: string, points: number): Promise<boolean> {
    const res = await limiter.consume(key).catch((err: unknown) => (err instanceof RateLimiterRes ? err : redisFailure(err)));
    if (res.consumedPoints >= points) await limiter.block(key, this.limits.lockoutSeconds).catch(redisFailure);
    return res.consumedPoints > points;
  }

  /** A success clears the identifier's consecutive failures. */
  async recordSuccess(identifier: string): Promise<void> {
    await this.byIdentifier.delete(identifier).catch(redisFailure);
  }
}

/**
 * Fixed-window request limits for the calls that could be used to probe accounts or send
 * mail (exists check, forgot password). Redis down: 503, as for log-in.
 */
export class RequestLimiter {
  private readonly limiter: RateLimiterRedis;
  constructor(redis: Redis, opts: { keyPrefix: string; points: number; durationSeconds: number; namespace?: string }) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${opts.namespace ?? ''}${opts.keyPrefix}`, points: opts.points, duration: opts.durationSeconds });
  }

  /** Counts a request; false when the key is over its limit (Redis down: 503). */
  async tryConsume(key: string): Promise<boolean> {
    return this.limiter.consume(key).then(
      () => true,
      (err: unknown) => (err instanceof RateLimiterRes ? false : redisFailure(err)),
    );
  }

  /** Counts a request; over the limit answers 429 too_many_requests. */
  async consume(key: string): Promise<void> {
    if (!(await this.tryConsume(key))) throw appError('too_many_requests');
  }
}
