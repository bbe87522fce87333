import { baseConfigSchema, loadConfig } from '@pinhive/kit';
import { isIP } from 'node:net';
import { z } from 'zod';

const seconds = (def: number) => z.coerce.number().int().min(1).default(def);

/** Days an ended session, reset token or two-factor challenge is kept before it is deleted. */
export const ENDED_RECORDS_RETENTION_DAYS_DEFAULT = 7;

export const authConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0, 'must be a port number (0 picks a free one)').max(65535).default(4001),
    REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://host:port'),
    /** bcrypt cost; the blueprint requires at least 10. */
    BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(11),
    ACCESS_TOKEN_TTL_SECONDS: seconds(900),
    REFRESH_TOKEN_TTL_SECONDS: seconds(30 * 24 * 3600),
    LOGIN_MAX_CONSECUTIVE_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(100),
    /** The spec's lockout: 30 minutes. */
    LOGIN_LOCKOUT_SECONDS: seconds(1800),
    RESET_TOKEN_TTL_SECONDS: seconds(1800),
    /**
     * Days a session, reset token or two-factor challenge is kept once it can no longer be used
     * (expired, revoked), for questions about it; then the hourly purge deletes it. At least 1, so
     * the purge never takes a day that writers may still be writing.
     */
    ENDED_RECORDS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(ENDED_RECORDS_RETENTION_DAYS_DEFAULT),
    /** Where the web app is, for links in emails. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    MAIL_TRANSPORT: z.enum(['smtp', 'dev-outbox']).default('dev-outbox'),
    SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'must be smtp://host:port').optional(),
    MAIL_FROM: z.string().min(3).default('Pinhive <no-reply@pinhive.local>'),
    /** Prefix of every rate-limit key in Redis (tests give each service its own). */
    RATE_LIMIT_NAMESPACE: z.string().regex(/^[a-z0-9_.:-]*$/).default(''),
    /** The IP rule: more log-in attempts than this per window from one IP need a human check. */
    LOGIN_IP_BURST: z.coerce.number().int().min(1).default(10),
    LOGIN_IP_BURST_WINDOW_SECONDS: seconds(60),
    /**
     * Client addresses the IP rule never holds up, comma-separated (e.g. an office's NAT address
     * that many people share). The per-identifier lockout still applies to them.
     */
    LOGIN_IP_RULE_EXEMPT: z.string().default('').transform((v, ctx) => {
      const ips = v.split(',').map((s) => s.trim()).filter(Boolean);
      for (const ip of ips) if (!isIP(ip)) ctx.addIssue({ code: 'custom', message: `not an IP address: ${ip}` });
      return ips;
    }),
    /** Human check: reCAPTCHA Enterprise in production; `local` (a stand-in) elsewhere. Production must choose. */
    HUMAN_CHECK: z.enum(['local', 'recaptcha-enterprise']).optional(),
    RECAPTCHA_PROJECT_ID: z.string().min(1).optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_API_KEY: z.string().min(1).optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    /** Text messages (two-factor codes): the dev outbox, or none until a provider is wired. */
    SMS_TRANSPORT: z.enum(['dev-outbox', 'none']).default('dev-outbox'),
  })
  .superRefine((c, ctx) => {
    if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    // The dev outbox shows every user's mail to anyone: never in production.
    if (c.NODE_ENV === 'production' && !c.HUMAN_CHECK) ctx.addIssue({ code: 'custom', path: ['HUMAN_CHECK'], message: 'required in production: recaptcha-enterprise (or local, which stops nobody, for a private stack)' });
    if (c.HUMAN_CHECK === 'recaptcha-enterprise') {
      for (const k of ['RECAPTCHA_PROJECT_ID', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_API_KEY'] as const) if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'required when HUMAN_CHECK=recaptcha-enterprise' });
    }
    if (c.NODE_ENV === 'production' && c.SMS_TRANSPORT === 'dev-outbox') ctx.addIssue({ code: 'custom', path: ['SMS_TRANSPORT'], message: 'dev-outbox is not allowed in production' });
    if (c.NODE_ENV === 'production' && c.MAIL_TRANSPORT === 'dev-outbox') ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'dev-outbox is not allowed in production; use smtp' });
  });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The only place the auth service reads the environment. */
export const loadAuthConfig = (env: Record<string, string | undefined>): Readonly<AuthConfig> => loadConfig(authConfigSchema, env);
