import { PASSKEY_NAME_MAX } from '@pinhive/contracts';

/** Who the passkeys are for: WebAuthn's relying party, and the one origin its ceremonies may come from. */
export interface RelyingParty {
  /** The RP ID: a domain, the page's hostname or one of its parents (`pinhive.example` for `www.pinhive.example`). */
  id: string;
  name: string;
  /** The web app's origin (scheme, host, port): the browser writes it into every signed clientDataJSON. */
  origin: string;
}

/**
 * The relying party from the settings: `PASSKEY_RP_ID` (default: PUBLIC_URL's hostname),
 * `PASSKEY_RP_NAME`, and PUBLIC_URL's origin. Browsers refuse an RP ID that is not the page's
 * hostname or a parent domain of it; refused here too, at start, rather than at every ceremony.
 */
export function relyingParty(config: { PUBLIC_URL: string; PASSKEY_RP_ID?: string | undefined; PASSKEY_RP_NAME: string }): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  const host = url.hostname.toLowerCase();
  const id = (config.PASSKEY_RP_ID ?? host).toLowerCase();
  if (id !== host && !host.endsWith(`.${id}`)) {
    throw new Error(`PASSKEY_RP_ID "${id}" must be PUBLIC_URL's hostname (${host}) or a parent domain of it`);
  }
  return { id, name: config.PASSKEY_RP_NAME, origin: url.origin };
}

/**
 * A passkey log-in's factors. A passkey is something the person has; with user verification
 * (the authenticator checked a fingerprint, face or PIN: the UV flag it signed) it is also
 * something they are or know, so it stands for two factors and no code is asked after it. Without
 * it, an account that has two-factor on is refused (it would be one factor); an account without
 * two-factor logs in, as with a password.
 */
export function passkeyLoginAllowed(userVerified: boolean, mfaOn: boolean): boolean {
  return userVerified || !mfaOn;
}

/**
 * WebAuthn's user handle of an account: its id as UTF-8 bytes (never the email: the handle is
 * stored on the authenticator and must not identify the person elsewhere). The browser answers it
 * base64url-encoded with a discoverable passkey's signature.
 */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId, 'utf8'));

/** Whether an assertion's user handle (when the authenticator gave one) names the passkey's account. */
export function userHandleMatches(userHandle: string | undefined, userId: string): boolean {
  if (userHandle === undefined || userHandle === '') return true;
  return Buffer.from(userHandle, 'base64url').equals(Buffer.from(userId, 'utf8'));
}

/**
 * The counter a passkey keeps after a verified use. Authenticators that keep no counter (most
 * synced passkeys) always send 0; one that does must send more than last time, or the passkey
 * may have been copied (WebAuthn 6.1.1). @simplewebauthn refuses a counter that does not grow;
 * this is the same rule for the conditional write that records it.
 */
export function counterAccepted(stored: number, received: number): boolean {
  return (stored === 0 && received === 0) || received > stored;
}

const PLATFORMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'Chromebook'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/**
 * A name for a new passkey the person did not name: the device it was made on ("Chrome on Mac"),
 * from the browser's User-Agent, or "Passkey"; a number is added when the account has one so named
 * ("Passkey 2"). The person renames it in the settings.
 */
export function defaultPasskeyName(userAgent: string | undefined, taken: readonly string[]): string {
  const ua = userAgent ?? '';
  const platform = PLATFORMS.find(([re]) => re.test(ua))?.[1];
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const base = platform && browser ? `${browser} on ${platform}` : (platform ?? 'Passkey');
  const names = new Set(taken.map((n) => n.toLowerCase()));
  let name = base;
  for (let i = 2; names.has(name.toLowerCase()); i += 1) name = `${base} ${i}`;
  return name.slice(0, PASSKEY_NAME_MAX);
}
