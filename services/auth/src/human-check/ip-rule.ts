import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { appError } from '@pinhive/kit';
import type { HumanCheckVerifier } from './human-check.verifier';

/** The spec's action name for a log-in's human check. */
export const LOGIN_ACTION = 'web_unauth';

/**
 * The IP rule: more than `burst` log-in attempts from one IP within `windowSeconds` is "too
 * quick"; such an attempt passes only with a human-check token the verifier accepts. The
 * spec's placeholder token "default" (no token) never passes.
 */
export class IpRule {
  private readonly attempts: RateLimiterRedis;
  constructor(redis: Redis, private readonly verifier: HumanCheckVerifier, opts: { burst: number; windowSeconds: number; namespace: string }) {
    this.attempts = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${opts.namespace}login_burst_ip`, points: opts.burst, duration: opts.windowSeconds });
  }

  async guard(ip: string, token: string | undefined): Promise<void> {
    try {
      await this.attempts.consume(ip);
      return;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw appError('service_unavailable', { detail: 'log-in protection store unavailable' });
    }
    if (token && token !== 'default' && (await this.verifier.verify(token, LOGIN_ACTION, ip))) return;
    throw appError('login_too_quick', { data: { human_check: this.verifier.kind, ip_rule: true } });
  }
}
