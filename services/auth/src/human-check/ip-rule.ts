import type { Redis } from 'ioredis';
import { appError } from '@pinhive/kit';
import { RequestLimiter } from '../login/login.limiter';
import type { HumanCheckVerifier } from './human-check.verifier';

/** The spec's action name for a log-in's human check. */
export const LOGIN_ACTION = 'web_unauth';

/**
 * The IP rule: more than `burst` log-in attempts from one IP within `windowSeconds` is "too
 * quick"; such an attempt passes only with a human-check token the verifier accepts. The
 * spec's placeholder token "default" (no token) never passes.
 */
export class IpRule {
  private readonly attempts: RequestLimiter;
  constructor(redis: Redis, private readonly verifier: HumanCheckVerifier, opts: { burst: number; windowSeconds: number; namespace: string }) {
    this.attempts = new RequestLimiter(redis, { keyPrefix: 'login_burst_ip', points: opts.burst, durationSeconds: opts.windowSeconds, namespace: opts.namespace });
  }

  async guard(ip: string, token: string | undefined): Promise<void> {
    if (await this.attempts.tryConsume(ip)) return;
    if (token && token !== 'default' && (await this.verifier.verify(token, LOGIN_ACTION, ip))) return;
    throw appError('login_too_quick', { data: { human_check: this.verifier.kind, ip_rule: true } });
  }
}
