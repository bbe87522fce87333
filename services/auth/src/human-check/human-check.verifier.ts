import { randomBytes } from 'node:crypto';
import { sha256 } from '../security/sha256';
import type { Redis } from 'ioredis';
import { appError, type Logger } from '@pinhive/kit';
import { RequestLimiter } from '../login/login.limiter';

/** Verifies the token a person got from passing a human check (spec: reCAPTCHA Enterprise). */
export interface HumanCheckVerifier {
  readonly kind: 'local' | 'recaptcha-enterprise';
  verify(token: string, action: string, ip: string): Promise<boolean>;
}

/** Spec: "Local human-check limit: 3 attempts per 3600 s". */
export const LOCAL_CHECK_ATTEMPTS = 3;
export const LOCAL_CHECK_WINDOW_SECONDS = 3600;
const TOKEN_TTL_SECONDS = 120;


/**
 * The development and test verifier: `issue()` hands out single-use tokens (the web app's
 * stand-in widget asks for one), valid 2 minutes for the IP that asked. At most 3 verifications
 * per IP per hour, counted in Redis, as the spec's local window says.
 */
export class LocalHumanCheck implements HumanCheckVerifier {
  readonly kind = 'local';
  private readonly attempts: RequestLimiter;
  constructor(private readonly redis: Redis, private readonly namespace: string) {
    this.attempts = new RequestLimiter(redis, { keyPrefix: 'hc_attempts', points: LOCAL_CHECK_ATTEMPTS, durationSeconds: LOCAL_CHECK_WINDOW_SECONDS, namespace });
  }

  async issue(ip: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.redis.set(`${this.namespace}hc_token:${sha256(token)}`, ip, 'EX', TOKEN_TTL_SECONDS).catch(() => { throw appError('service_unavailable'); });
    return `local.${token}`;
  }

  async verify(token: string, _action: string, ip: string): Promise<boolean> {
    if (!(await this.attempts.tryConsume(ip))) return false;
    if (!token.startsWith('local.')) return false;
    const owner = await this.redis.getdel(`${this.namespace}hc_token:${sha256(token.slice(6))}`).catch(() => { throw appError('service_unavailable'); });
    return owner === ip;
  }
}

/**
 * Production: an assessment by reCAPTCHA Enterprise. The token must be valid, for the action
 * we expect, and score at least `minScore`. Any error counts as not passed.
 */
export class RecaptchaEnterprise implements HumanCheckVerifier {
  readonly kind = 'recaptcha-enterprise';
  constructor(
    private readonly opts: { projectId: string; siteKey: string; apiKey: string; minScore: number; logger: Logger; fetchImpl?: typeof fetch },
  ) {}

  async verify(token: string, action: string, ip: string): Promise<boolean> {
    const url = `https://recaptchaenterprise.googleapis.com/v1/projects/${encodeURIComponent(this.opts.projectId)}/assessments?key=${encodeURIComponent(this.opts.apiKey)}`;
    try {
      const res = await (this.opts.fetchImpl ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: { token, siteKey: this.opts.siteKey, expectedAction: action, userIpAddress: ip } }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { tokenProperties?: { valid?: boolean; action?: string }; riskAnalysis?: { score?: number } };
      return body.tokenProperties?.valid === true && body.tokenProperties.action === action && (body.riskAnalysis?.score ?? 0) >= this.opts.minScore;
    } catch (err) {
      this.opts.logger.warn({ err }, 'reCAPTCHA assessment failed');
      return false;
    }
  }
}
