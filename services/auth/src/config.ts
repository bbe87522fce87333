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

    // Sign-in through providers (README "Signing in"). A provider without its settings is off:
    // its button is not offered and its credentials are refused.
    /** Single sign-on: an OpenID Connect provider (code flow with PKCE) for the SSO_DOMAINS' people. */
    SSO_ISSUER: z.url().optional(),
    SSO_CLIENT_ID: z.string().min(1).optional(),
    SSO_CLIENT_SECRET: z.string().min(1).optional(),
    /** Work email domains that sign in with SSO, comma-separated (e.g. `example.com,corp.example.com`). */
    SSO_DOMAINS: z.string().default('').transform((v) => v.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean)),
    /** Google-kind: ID tokens signed by this issuer's keys for this client id. */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    /** Only accounts of this hosted (workspace) domain, when set: the token's `hd` claim. */
    GOOGLE_HOSTED_DOMAIN: z.string().min(1).optional(),
    /**
     * Google-kind one-tap through the browser's FedCM prompt: the provider's FedCM config
     * (Google's: https://accounts.google.com/gsi/fedcm.json). Unset: no one-tap, the button only.
     */
    GOOGLE_FEDCM_CONFIG_URL: z.url().optional(),
    /** The spec's FedCM gate: browsers from this major version use FedCM for one-tap. */
    GOOGLE_FEDCM_MIN_VERSION: z.coerce.number().int().min(1).default(116),
    /** Facebook-kind: access tokens checked with the Graph API's `debug_token` for this app. */
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
    FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
    /** What the dialog returns to the popup: `token` (the real provider) or `id_token token` (an OpenID Connect one). */
    FACEBOOK_DIALOG_RESPONSE_TYPE: z.enum(['token', 'id_token token']).default('token'),
    FACEBOOK_SCOPE: z.string().min(1).default('public_profile,email'),
    /** LINE (shown in JP only): ID tokens of this issuer for this channel. */
    LINE_ISSUER: z.url().default('https://access.line.me'),
    LINE_CHANNEL_ID: z.string().min(1).optional(),
    /**
     * Seals authenticator apps' secrets in the store (AES-256-GCM): 32 bytes, base64
     * (`openssl rand -base64 32`). Required in production; without it secrets are stored as they are.
     */
    MFA_SECRET_KEY: z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)').optional(),
    /**
     * Rotation: the keys MFA_SECRET_KEY replaced, comma-separated. They only open; what they sealed
     * is sealed again under the current key (at its next use, and hourly in batches), after which
     * they can be removed.
     */
    MFA_SECRET_KEYS_PREVIOUS: z.string().default('').transform((v) => v.split(',').map((k) => k.trim()).filter(Boolean))
      .refine((keys) => keys.every((k) => Buffer.from(k, 'base64').length === 32), 'each must be 32 bytes in base64'),
    /** Leeway for providers' clocks when checking a token's `exp`/`iat` (openid-client's default). */
    IDENTITY_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /**
     * Passkeys' relying party: the domain they are made for (default: PUBLIC_URL's hostname; a
     * parent domain of it is allowed) and the name shown by the browser. Their origin is PUBLIC_URL's.
     */
    PASSKEY_RP_ID: z.string().toLowerCase().regex(/^[a-z0-9.-]+$/, 'must be a domain name, such as pinhive.example').optional(),
    PASSKEY_RP_NAME: z.string().min(1).max(64).default('Pinhive'),
    /**
     * A passkey is added only this soon after the session's log-in: it logs in without a password,
     * so a session left open (or stolen) cannot plant one. Older sessions are asked to log in again.
     */
    PASSKEY_ADD_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
  })
  .superRefine((c, ctx) => {
    if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    // The dev outbox shows every user's mail to anyone: never in production.
    if (c.NODE_ENV === 'production' && !c.HUMAN_CHECK) ctx.addIssue({ code: 'custom', path: ['HUMAN_CHECK'], message: 'required in production: recaptcha-enterprise (or local, which stops nobody, for a private stack)' });
    if (c.HUMAN_CHECK === 'recaptcha-enterprise') {
      for (const k of ['RECAPTCHA_PROJECT_ID', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_API_KEY'] as const) if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'required when HUMAN_CHECK=recaptcha-enterprise' });
    }
    if (c.NODE_ENV === 'production' && c.SMS_TRANSPORT === 'dev-outbox') ctx.addIssue({ code: 'custom', path: ['SMS_TRANSPORT'], message: 'dev-outbox is not allowed in production' });
    if (c.MFA_SECRET_KEYS_PREVIOUS.length > 0 && !c.MFA_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['MFA_SECRET_KEY'], message: 'required with MFA_SECRET_KEYS_PREVIOUS: the key that replaced them' });
    if (c.NODE_ENV === 'production' && !c.MFA_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['MFA_SECRET_KEY'], message: 'required in production: seals authenticator apps\' secrets (openssl rand -base64 32)' });
    const sso = [c.SSO_ISSUER, c.SSO_CLIENT_ID, c.SSO_CLIENT_SECRET].filter(Boolean).length;
    if (sso > 0 && sso < 3) for (const k of ['SSO_ISSUER', 'SSO_CLIENT_ID', 'SSO_CLIENT_SECRET'] as const) if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'SSO needs SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET together' });
    if (c.SSO_ISSUER && c.SSO_DOMAINS.length === 0) ctx.addIssue({ code: 'custom', path: ['SSO_DOMAINS'], message: 'required with SSO_ISSUER: the email domains that sign in with SSO' });
    if (Boolean(c.FACEBOOK_APP_ID) !== Boolean(c.FACEBOOK_APP_SECRET)) ctx.addIssue({ code: 'custom', path: ['FACEBOOK_APP_SECRET'], message: 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together' });
    // Tokens and keys fetched over plain HTTP can be forged on the way: only a local provider uses it.
    if (c.NODE_ENV === 'production') {
      for (const k of ['SSO_ISSUER', 'GOOGLE_ISSUER', 'GOOGLE_FEDCM_CONFIG_URL', 'FACEBOOK_GRAPH_URL', 'FACEBOOK_DIALOG_URL', 'LINE_ISSUER'] as const) {
        if (c[k]?.startsWith('http:')) ctx.addIssue({ code: 'custom', path: [k], message: 'must be https in production' });
      }
    }
    if (c.NODE_ENV === 'production' && c.MAIL_TRANSPORT === 'dev-outbox') ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'dev-outbox is not allowed in production; use smtp' });
  });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The only place the auth service reads the environment. */
export const loadAuthConfig = (env: Record<string, string | undefined>): Readonly<AuthConfig> => loadConfig(authConfigSchema, env);
