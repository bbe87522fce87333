import { z } from 'zod';

/**
 * Sign-in through single sign-on and the social providers (signup-login.md sections 3, 4 and 7):
 * the SSO check, the start of a provider's popup, the providers a country is offered, and the
 * sign-up that follows a provider's "no account yet" answer.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'line'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SIGN_IN_PROVIDERS = ['sso', ...SOCIAL_PROVIDERS] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** Spec: the SSO check is debounced 300 ms and runs only for a valid email. */
export const SSO_CHECK_DEBOUNCE_MS = 300;
/** Spec: a social popup is polled every 1000 ms (closed by the person: the attempt ends). */
export const SOCIAL_POPUP_POLL_MS = 1000;
/** Spec: after a one-tap sign-up the welcome screen's progress runs 6 s to 95%. */
export const WELCOME_PROGRESS = { durationMs: 6000, percent: 95 } as const;
/** Spec: LINE is offered only where the country is JP. */
export const LINE_COUNTRIES = ['JP'] as const;

/** What the popup posts to its opener (spec: `social-connect-complete` / `social-connect-error`). */
export const SOCIAL_CONNECT_MESSAGES = { complete: 'social-connect-complete', error: 'social-connect-error' } as const;

/** Spec section 7: the single-sign-on check result. */
export const ssoCheckResponseSchema = z.object({
  isSso: z.boolean(),
  existingUser: z.boolean(),
  existingUserIsSso: z.boolean(),
  /** Where the popup's code is exchanged: the log-in endpoint (with `sso_user_email` + `sso_auth_code`). */
  exchangeCodeToTokenUrl: z.string().nullable(),
  /** The provider's authorisation page for this email, to open in the popup; null when not SSO. */
  authorizationUri: z.string().nullable(),
});
export type SsoCheckResponse = z.infer<typeof ssoCheckResponseSchema>;

export const providerStartResponseSchema = z.object({ authorizationUri: z.string() });
export type ProviderStartResponse = z.infer<typeof providerStartResponseSchema>;

/**
 * `POST /v3/auth/google/one_tap/start/`: what the browser's FedCM prompt is asked with
 * (`navigator.credentials.get({ identity })`); the ID token it gives logs in as
 * `google_open_id_token`, bound to this browser's flow by the nonce.
 */
export const oneTapStartResponseSchema = z.object({ configUrl: z.string(), clientId: z.string(), nonce: z.string() });
export type OneTapStartResponse = z.infer<typeof oneTapStartResponseSchema>;

export const providersQuerySchema = z.object({ country: z.string().trim().toUpperCase().length(2).optional() });
export const providersResponseSchema = z.object({
  /** The social providers offered here, in the order the buttons show. */
  providers: z.array(z.enum(SOCIAL_PROVIDERS)),
  sso: z.boolean(),
  /** Google-kind one-tap (the browser's FedCM prompt) is on: `POST /v3/auth/google/one_tap/start/` starts it. */
  googleOneTap: z.boolean(),
  /** Spec: browsers from this major version use FedCM for the Google-kind one-tap. */
  googleFedcmMinVersion: z.number().int(),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

/**
 * What `identity_not_linked` carries (the log-in's "account not found" answer): the web app goes
 * on to the provider's sign-up with it. The identity itself stays on the server, bound to this
 * browser by an httpOnly cookie, until the sign-up below uses it.
 */
export const identityNotLinkedDataSchema = z.object({
  provider: z.enum(SIGN_IN_PROVIDERS),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  /** The provider shared a birthday that passes the age rules: the birthday step can be skipped. */
  has_birthday: z.boolean(),
  /** Another account already uses the provider's email (the spec's existing-email view). */
  email_exists: z.boolean(),
});
export type IdentityNotLinkedData = z.infer<typeof identityNotLinkedDataSchema>;

/**
 * Spec section 7's social registration payload, for the identity a provider proved in this
 * browser (see identityNotLinkedDataSchema). `email` only when the provider gave none (email
 * collection); `birthday` (seconds) unless the provider's passes the age rules.
 */
export const socialRegisterRequestSchema = z.object({
  type: z.enum(['sso', 'google', 'google_one_tap', 'facebook', 'line']),
  birthday: z.number({ error: "You missed a spot. Don't forget to add your birthday." }).int('Birthday must be a whole number of seconds').optional(),
  email: z.string().trim().max(254).optional(),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  country: z.string().trim().max(2).optional(),
  kr_privacy_consent_opt_in: z.boolean().optional(),
  marketing_notifs_opt_out: z.boolean().optional(),
});
export type SocialRegisterRequest = z.input<typeof socialRegisterRequestSchema>;

/** `POST /v3/auth/{provider}/start/`: `rerequest` asks the Facebook-kind dialog again for a declined permission (the email). */
export const providerStartRequestSchema = z.object({ rerequest: z.boolean().optional() }).optional();

/** Spec section 7: `POST /v3/facebook/profile_data/`. */
export const facebookProfileRequestSchema = z.object({
  access_token: z.string().min(1).max(4096),
  /** Keep the birthday on the server: the answer leaves it out (log-in's identity_not_linked says whether it passes). */
  pii_safe_birthday: z.boolean().optional(),
  fields: z.string().max(200).optional(),
});
export const facebookProfileSchema = z.object({
  id: z.string(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  gender: z.string().optional(),
  birthday: z.string().optional(),
  picture: z.object({ url: z.string(), is_silhouette: z.boolean() }).optional(),
  /** The person declined the email permission: the spec re-requests it before asking for an email. */
  email_declined: z.boolean(),
});
export type FacebookProfile = z.infer<typeof facebookProfileSchema>;
