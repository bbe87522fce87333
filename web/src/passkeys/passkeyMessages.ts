import type en from '../i18n/en.json';
import { isApiError } from '../api/client';

/** Words of the passkeys section (`passkeys.messages.<key>`). */
export type PasskeyMessageKey = keyof (typeof en)['passkeys']['messages'];

/** What a failed passkey action shows: our words, or the server's text for a code we have none for. */
export type PasskeyFailure =
  | { kind: 'message'; key: PasskeyMessageKey }
  | { kind: 'server'; text: string }
  /** The session ended meanwhile (settings only): the page asks to log in again. */
  | { kind: 'logged_out' };

/** The server's codes we have words for (the same as the contracts' messages, in the catalogue). */
const SERVER_CODES: Record<string, PasskeyMessageKey> = {
  passkey_invalid: 'passkey_invalid',
  passkey_expired: 'passkey_expired',
  passkey_verification_required: 'passkey_verification_required',
  passkey_registration_failed: 'passkey_registration_failed',
  passkey_exists: 'passkey_exists',
  passkey_limit: 'passkey_limit',
  passkey_not_found: 'passkey_not_found',
  recent_login_required: 'recent_login_required',
  login_rate_limited: 'login_rate_limited',
  login_too_quick: 'login_too_quick',
};

/**
 * The browser's refusals (`DOMException` names, as @simplewebauthn/browser passes them on in a
 * WebAuthnError with a `code`): the person closed the prompt or it timed out; this device has
 * one of the account's passkeys already; the site's address cannot have passkeys.
 */
function browserRefusal(error: unknown, ceremony: 'add' | 'login'): PasskeyMessageKey | null {
  if (typeof error !== 'object' || error === null || isApiError(error)) return null;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || (ceremony === 'add' && name === 'InvalidStateError')) return 'alreadyOnDevice';
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return ceremony === 'add' ? 'addCancelled' : 'loginCancelled';
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return 'unavailable';
  if (name === 'NotSupportedError') return 'unsupported';
  return null;
}

/**
 * How a failed passkey action shows. The browser's refusals first (they are no server's answer);
 * then the server's codes we have words for; a 401 in the settings is an ended session (a
 * log-in's 401s are its own codes); an outage or an unknown answer is the generic message.
 */
export function describePasskeyFailure(error: unknown, ceremony: 'add' | 'login' | 'settings'): PasskeyFailure {
  const refusal = ceremony === 'settings' ? null : browserRefusal(error, ceremony);
  if (refusal) return { kind: 'message', key: refusal };
  if (!isApiError(error) || error.http_status === 0) return { kind: 'message', key: 'generic' };
  const known = SERVER_CODES[error.code];
  if (known) return { kind: 'message', key: known };
  if (error.http_status === 401 && ceremony !== 'login') return { kind: 'logged_out' };
  if (error.http_status >= 500 || !error.message) return { kind: 'message', key: 'generic' };
  return { kind: 'server', text: error.message };
}

/** A name typed for a passkey: required, at most `max` characters once trimmed. */
export function validatePasskeyName(raw: string, max: number): 'nameRequired' | 'nameTooLong' | undefined {
  const name = raw.trim();
  if (name === '') return 'nameRequired';
  return name.length > max ? 'nameTooLong' : undefined;
}

/** A day as people read it in this language ("3 March 2026"). */
export function formatPasskeyDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language, { day: 'numeric', month: 'long', year: 'numeric' });
}
