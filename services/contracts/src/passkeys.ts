import { z } from 'zod';

/**
 * Passkeys (WebAuthn): added from the security settings, then a log-in with no password. The
 * ceremonies' options and answers are WebAuthn's JSON forms (`PublicKeyCredentialCreationOptionsJSON`,
 * `RegistrationResponseJSON`...), checked here for their shape and size only; auth verifies them
 * (@simplewebauthn/server) and the web app hands them to the browser (@simplewebauthn/browser).
 */

/** An account keeps at most this many passkeys (the list is read whole, and bounded). */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 64;
/** The httpOnly cookie that binds a passkey log-in's challenge to the browser that asked for it. */
export const PASSKEY_CHALLENGE_COOKIE = 'ph_passkey';

const NAME_MISSING = 'Give your passkey a name.';
const NAME_TOO_LONG = `Keep the name under ${PASSKEY_NAME_MAX + 1} characters.`;

/** A passkey's label: what the person calls it ("MacBook", "Phone"); control characters are dropped. */
export const passkeyNameSchema = z
  .string({ error: NAME_MISSING })
  .transform((v) => v.replace(/\p{Cc}/gu, '').trim())
  .pipe(z.string().min(1, NAME_MISSING).max(PASSKEY_NAME_MAX, NAME_TOO_LONG));

/** A passkey as its owner sees it in the settings (never its key). */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  /** Synced by a password manager or the platform (iCloud Keychain, Google Password Manager...). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `GET /v3/auth/passkeys/` and the answer of every change: the account's passkeys, oldest first. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema), max: z.number().int() });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyIdParamsSchema = z.object({ id: z.string().min(1).max(1024) });
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema });

const b64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
/** WebAuthn's `PublicKeyCredentialDescriptorJSON`: a passkey the browser is told about. */
const credentialDescriptor = z.object({ id: b64url(1366), type: z.string(), transports: z.array(z.string().max(32)).max(16).optional() });
const requirement = z.enum(['discouraged', 'preferred', 'required']);
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();
/** The extensions auth asks for (credProps: whether the passkey was made discoverable). */
const extensions = z.object({ credProps: z.boolean().optional() }).optional();

/** What `navigator.credentials.create()` is given (WebAuthn's `PublicKeyCredentialCreationOptionsJSON`). */
export const passkeyRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({ authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(), requireResidentKey: z.boolean().optional(), residentKey: requirement.optional(), userVerification: requirement.optional() })
    .optional(),
  hints,
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions,
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** What `navigator.credentials.get()` is given: no allowed credentials (the person picks a passkey). */
export const passkeyLoginOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  userVerification: requirement.optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  hints,
  extensions,
});
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsSchema>;

/*
 * The browser's answers, as @simplewebauthn/browser gives them: plain objects (not loose), so
 * that its interfaces are assignable to them; fields auth does not read are dropped on parsing.
 */
const credentialBase = {
  id: b64url(1366),
  rawId: b64url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
};

/** A new passkey as the browser answers it (WebAuthn's `RegistrationResponseJSON`). */
export const passkeyRegistrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    authenticatorData: b64url(65536).optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: b64url(8192).optional(),
  }),
});

/** `POST /v3/auth/passkeys/`: the browser's answer to the options, and a name (else one is chosen). */
export const passkeyRegistrationRequestSchema = z.object({
  credential: passkeyRegistrationCredentialSchema,
  name: passkeyNameSchema.optional(),
});
export type PasskeyRegistrationRequest = z.input<typeof passkeyRegistrationRequestSchema>;

/** A passkey's signature of a log-in's challenge (WebAuthn's `AuthenticationResponseJSON`). */
export const passkeyAssertionSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    signature: b64url(8192),
    userHandle: b64url(1024).optional(),
  }),
});

/** `POST /v3/auth/passkeys/login/`: the signed challenge; like `POST /v3/login/`, a human-check token and account switching. */
export const passkeyLoginRequestSchema = z.object({
  credential: passkeyAssertionSchema,
  account_switch: z.boolean().optional(),
  recaptchaV2Token: z.string().max(4096).optional(),
});
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;
