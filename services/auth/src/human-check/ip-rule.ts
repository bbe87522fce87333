import type { Redis } from 'ioredis';
import { appError } from '@pinhive/kit';
import type { HumanCheckDemand } from '@pinhive/contracts';
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
  /** What the web app needs to show the check: its kind and, for reCAPTCHA, the site key. */
  private readonly demand: HumanCheckDemand;
  private readonly exempt: ReadonlySet<string>;
  constructor(redis: Redis, private readonly verifier: HumanCheckVerifier, opts: { burst: number; windowSeconds: number; namespace: string; exempt?: readonly string[]; siteKey?: string }) {
    this.exempt = new Set(opts.exempt ?? []);
    this.demand = { human_check: verifier.kind, ...(opts.siteKey ? { site_key: opts.siteKey } : {}), ip_rule: true };
    this.attempts = new RequestLimiter(redis, { keyPrefix: 'login_burst_ip', points: opts.burst, durationSeconds: opts.windowSeconds, namespace: opts.namespace });
  }

  async guard(ip: string, token: string | undefined): Promise<void> {
    if (this.exempt.has(ip) || (await this.attempts.tryConsume(ip))) return;
    if (token && token !== 'default' && (await this.verifier.verify(token, LOGIN_ACTION, ip))) return;
    throw appError('login_too_quick', { data: this.demand });
  }
}
