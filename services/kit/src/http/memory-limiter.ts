import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { appError } from '../errors';
import type { DeclaredLimiter, RateLimiter } from './route';

/**
 * A rate limit counted in this process's memory (rate-limiter-flexible): for limits that guard
 * the service's own resources, where a restart forgetting the counts harms nobody (outside
 * fetches per viewer). Limits that protect accounts (log-in) are counted in Redis by auth, so
 * that every instance and restart shares them. Over the limit answers 429 `too_many_requests`.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterMemory;
  constructor(opts: { keyPrefix: string; points: number; durationSeconds: number }) {
    this.limiter = new RateLimiterMemory({ keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.durationSeconds });
  }

  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw appError('too_many_requests');
      throw err;
    }
  }
}

/** A memory limiter declared for a route (`{ ...memoryLimit(...), ...perViewer }`). */
export function memoryLimit(keyPrefix: string, points: number, durationSeconds: number): DeclaredLimiter {
  return { limiter: new MemoryRateLimiter({ keyPrefix, points, durationSeconds }), allows: `${points} per ${durationSeconds} s (per process)` };
}
