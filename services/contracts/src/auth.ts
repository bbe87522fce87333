import { z } from 'zod';
import { sessionUserSchema } from './users';

/**
 * Log-in and session contracts (signup-login.md sections 3, 7, 8). The browser holds the
 * session in httpOnly cookies; answers carry the user, never a token.
 */
const MISSED_EMAIL = "You missed a spot! Don't forget to add your email.";
const WRONG_PASSWORD = 'The password you entered is incorrect.';

/**
 * What a provider vouches with at log-in (spec section 7's credentials besides the password):
 * SSO's auth code for an email, or its ID token; the Google-kind and LINE ID tokens; the
 * Facebook-kind user id with its access token. auth verifies each with its provider.
 */
export const identityCredentialsSchema = z.object({
  sso_user_email: z.string().trim().max(254).optional(),
  sso_auth_code: z.string().max(2048).optional(),
  /** The authorisation popup's `state` and `iss`, passed on with its code (checked against the flow). */
  sso_state: z.string().max(256).optional(),
  sso_iss: z.string().max(512).optional(),
  sso_id_token: z.string().max(8192).optional(),
  google_open_id_token: z.string().max(8192).optional(),
  facebook_id: z.string().max(64).optional(),
  facebook_token: z.string().max(4096).optional(),
  facebook_autologin: z.boolean().optional(),
  line_id_token: z.string().max(8192).optional(),
});
export type IdentityCredentials = z.infer<typeof identityCredentialsSchema>;

/** Whether a log-in body carries a provider's credentials rather than a password. */
export const hasIdentityCredentials = (c: IdentityCredentials): boolean =>
  Boolean(c.sso_auth_code || c.sso_id_token || c.google_open_id_token || c.facebook_token || c.line_id_token);

export const loginRequestSchema = identityCredentialsSchema
  .extend({
    username_or_email: z.string({ error: MISSED_EMAIL }).trim().max(254).optional(),
    password: z.string({ error: WRONG_PASSWORD }).max(1024).optional(),
    /** The second step of a two-factor log-in: the code (SMS or authenticator app). */
    mfa_token: z.string().trim().max(16).optional(),
    mfa_resend: z.boolean().optional(),
    account_switch: z.boolean().optional(),
    recaptchaV2Token: z.string().max(4096).optional(),
    recaptchaV3Token: z.string().max(4096).default('default'),
    logging: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((b, ctx) => {
    // Email log-in unless a provider's credentials are given: then both fields are required.
    if (hasIdentityCredentials(b)) return;
    if (!b.username_or_email) ctx.addIssue({ code: 'custom', path: ['username_or_email'], message: MISSED_EMAIL });
    else if (b.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: WRONG_PASSWORD });
  });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Viewer types of spec section 6. */
export const viewerTypeSchema = z.enum(['UNAUTH', 'LIMITED_LOGIN', 'AUTH', 'PARTNER', 'ADVERTISER']);
export type ViewerType = z.infer<typeof viewerTypeSchema>;

export const loginResponseSchema = z.object({ user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = sessionUserSchema.extend({ viewer_type: viewerTypeSchema, has_password: z.boolean() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const emailQuerySchema = z.object({ email: z.string().trim().min(1, "You missed a spot! Don't forget to add your email.").max(254) });
export const emailBodySchema = emailQuerySchema;
export const emailValidationResponseSchema = z.object({ is_valid: z.boolean() });

export const forgotPasswordRequestSchema = z.object({ username_or_email: z.string().trim().min(1, "You missed a spot! Don't forget to add your email.").max(254) });
export const forgotPasswordResponseSchema = z.object({ sent: z.literal(true) });

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(1, 'Password is required').max(1024),
});

/** Login-block reasons 0-6 (spec section 3), stored on the account and set by operators. */
export const LOGIN_BLOCK_REASONS = [
  'soft_banned',
  'rate_limited',
  'login_assistance',
  'password_reset_sent',
  'prevent_facebook_register',
  'prevent_google_register',
  'suspended',
] as const;
export type LoginBlockReason = (typeof LOGIN_BLOCK_REASONS)[number];

/** Reasons an account can be deactivated by the product (spec section 8). */
export const DEACTIVATION_REASONS = ['guidelines_violation', 'unusual_activity', 'closure_request'] as const;

/** A message in the development outbox (email or SMS), shown at /dev/outbox. */
export const devMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  sent_at: z.iso.datetime(),
});
export type DevMessage = z.infer<typeof devMessageSchema>;

/** Cookie and header names the web app and the services agree on. */
export const SESSION_COOKIES = { access: 'ph_access', refresh: 'ph_refresh', csrf: 'csrftoken', underage: 'ph_underage', mfa: 'ph_mfa', accounts: 'ph_accounts', idFlow: 'ph_idflow', oneTapFlow: 'ph_idflow_onetap', identity: 'ph_identity', identityMfa: 'ph_idmfa' } as const;
export const CSRF_HEADER = 'x-csrftoken';

/** Two-factor codes: 6 digits. */
export const MFA_CODE_FORMAT = /^\d{6}$/;

export const mfaPhoneRequestSchema = z.object({
  phone_number: z.string().trim().min(1, 'Enter a phone number with its country code, for example +44 7700 900123.').max(32),
});
export const mfaVerifyRequestSchema = z.object({
  code: z.string({ error: "You missed a spot! Don't forget to add your verification code." }).trim().min(1, "You missed a spot! Don't forget to add your verification code.").regex(MFA_CODE_FORMAT, "Hmm...that doesn't look like a verification code."),
});
export const mfaStatusSchema = z.object({ enabled: z.boolean(), phone_number_end: z.string().nullable(), pending: z.boolean() });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/**
 * A logged-in account kept by this browser for switching (spec "stored account"). The
 * browser holds the sessions in httpOnly cookies; this is what the app may show of them.
 */
export const storedAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  imageMediumUrl: z.string().nullable(),
  imageLargeUrl: z.string().nullable(),
  active: z.boolean(),
});
export type StoredAccount = z.infer<typeof storedAccountSchema>;
export const storedAccountsResponseSchema = z.object({ accounts: z.array(storedAccountSchema) });
export const switchAccountRequestSchema = z.object({ user_id: z.string().min(1).max(64) });

/** How many accounts one browser may keep logged in at once. */
export const MAX_STORED_ACCOUNTS = 5;

/**
 * A recognised, not-authenticated viewer (spec section 3 "Viewer info"), for the personalised
 * welcome-back log-in. Auth recognises the browser by an httpOnly cookie set at each log-in and
 * sign-up; `GET /v3/auth/recognised/` answers this or `null`, `DELETE` forgets it ("Not you?").
 */
export const recognisedViewerSchema = z.object({
  firstName: z.string(),
  imageUrl: z.string().nullable(),
  email: z.string(),
  hasPassword: z.boolean(),
  connectedToFacebook: z.boolean(),
  connectedToGoogle: z.boolean(),
});
export type RecognisedViewer = z.infer<typeof recognisedViewerSchema>;
export const RECOGNISED_COOKIE = 'ph_known';
/** How long a browser keeps recognising the last account that logged in on it. */
export const RECOGNITION_DAYS = 30;

/**
 * What a `login_too_quick` failure carries in `error.data`: which human check the web app must
 * show, and for reCAPTCHA Enterprise its site key. The retry sends the check's token as
 * `recaptchaV2Token`. The local check (development, tests) gets tokens from
 * `POST /v3/auth/human_check/`.
 */
export const humanCheckDemandSchema = z.object({
  human_check: z.enum(['local', 'recaptcha-enterprise']),
  site_key: z.string().optional(),
  ip_rule: z.literal(true),
});
export type HumanCheckDemand = z.infer<typeof humanCheckDemandSchema>;
/** The reCAPTCHA Enterprise action of a web log-in (spec section 7's list). */
export const LOGIN_HUMAN_CHECK_ACTION = 'web_unauth';
/** Spec: the token is refreshed after each failure and every 105000 ms. */
export const HUMAN_CHECK_REFRESH_MS = 105_000;

/*
 * Two-factor by authenticator app (RFC 6238) and recovery codes, besides the phone code above.
 * Routes: `POST /v3/mfa/totp/` (start: the secret and its QR code), `POST /v3/mfa/totp/verify/`
 * (confirm with a current code: on, and the recovery codes shown once),
 * `POST /v3/mfa/totp/disable/` and `POST /v3/mfa/recovery_codes/` (each with a current code).
 */

/** The second factor an account has: a texted code, or an authenticator app's code. */
export const MFA_FACTORS = ['sms', 'totp'] as const;
export const mfaFactorSchema = z.enum(MFA_FACTORS);
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

/**
 * What `mfa_required` (and the code errors of the log-in's second step) carry in `error.data`:
 * the factor asked for, and for `sms` the last two digits of the phone the code went to.
 */
export const mfaRequiredDataSchema = z.object({ factor: mfaFactorSchema.optional(), phone_number_end: z.string().optional() });
export type MfaRequiredData = z.infer<typeof mfaRequiredDataSchema>;

/** Recovery codes: 10 characters of Crockford's base32 (no i, l, o, u), shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_BODY = /^[0-9a-hjkmnp-tv-z]{10}$/;

/**
 * A typed recovery code as stored and compared: lower case, without spaces or dashes, the letters
 * people read for digits (o as 0, i and l as 1) mended; then `xxxxx-xxxxx`. Null when it is not one.
 */
export function normaliseRecoveryCode(raw: string): string | null {
  const body = raw.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return RECOVERY_CODE_BODY.test(body) ? `${body.slice(0, 5)}-${body.slice(5)}` : null;
}

/** A code of the settings' authenticator calls: the app's current 6 digits, or (to turn it off) a recovery code. */
const codeField = z
  .string({ error: "You missed a spot! Don't forget to add your verification code." })
  .trim()
  .min(1, "You missed a spot! Don't forget to add your verification code.")
  .max(16);
export const mfaAuthenticatorCodeSchema = z.object({ code: codeField.regex(MFA_CODE_FORMAT, "Hmm...that doesn't look like a verification code.") });
export const mfaAuthenticatorDisableSchema = z.object({ code: codeField });

/** `GET /v3/mfa/` and every settings call: the phone status with the factor that is on and the recovery codes left. */
export const mfaSettingsStatusSchema = mfaStatusSchema.extend({
  factor: mfaFactorSchema.nullable(),
  /** With `totp` on: how many unused recovery codes are left; else null. */
  recovery_codes_left: z.number().int().min(0).nullable(),
});
export type MfaSettingsStatus = z.infer<typeof mfaSettingsStatusSchema>;

/** The start of an authenticator enrolment: what the app needs, as a link, a QR code (data URL) and the key to type. */
export const authenticatorEnrolmentSchema = z.object({
  otpauth_uri: z.string(),
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** An `image/svg+xml` data URL of the QR code of `otpauth_uri`. */
  qr_code: z.string(),
  /** Confirm before this, or start again. */
  expires_at: z.iso.datetime(),
});
export type AuthenticatorEnrolment = z.infer<typeof authenticatorEnrolmentSchema>;

/** New recovery codes (at enrolment, or regenerated): shown this once, stored hashed. */
export const recoveryCodesSchema = z.object({ status: mfaSettingsStatusSchema, recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
