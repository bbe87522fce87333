import { SIGN_IN_PROVIDERS, SOCIAL_CONNECT_MESSAGES, type SignInProvider } from '@pinhive/contracts';

/**
 * The popup's side of a provider sign-in, as pure rules: what the callback page reads from the
 * address the provider sent it to, what it posts to the window that opened it, and how that
 * window reads the post. The window that opened the popup trusts a post only from its own
 * origin (checked where the event arrives, popup.ts), of one of the two types, for the provider
 * it asked, carrying the `state` of the authorisation address it opened.
 */

/** What a provider hands back: SSO's code (with `iss`), an ID token, or the Facebook-kind access token. */
export interface CallbackParams {
  code?: string;
  iss?: string;
  id_token?: string;
  access_token?: string;
}

const PARAM_KEYS = ['code', 'iss', 'id_token', 'access_token'] as const;

/** What the callback page posts to its opener (spec: `social-connect-complete` / `social-connect-error`). */
export type SocialConnectMessage =
  | { type: typeof SOCIAL_CONNECT_MESSAGES.complete; provider: SignInProvider; state: string; params: CallbackParams }
  | { type: typeof SOCIAL_CONNECT_MESSAGES.error; provider: SignInProvider; state: string | null; error: string };

/** The provider a callback route names (`/connect/:provider/`, `/sso/callback/`); null for any other. */
export function callbackProvider(name: string | undefined): SignInProvider | null {
  return (SIGN_IN_PROVIDERS as readonly string[]).includes(name ?? '') ? (name as SignInProvider) : null;
}

/** The parameter a provider's answer must carry: SSO answers a code, the Facebook-kind an access token, the others an ID token. */
export function credentialParam(provider: SignInProvider): keyof CallbackParams {
  if (provider === 'sso') return 'code';
  return provider === 'facebook' ? 'access_token' : 'id_token';
}

/**
 * The callback page's reading of its address. SSO's code flow answers in the query
 * (`?code=…&state=…&iss=…`); the others' in the fragment (`#id_token=…&state=…`). An error
 * (`error=access_denied` when the person cancels) may come in either. An answer without a state
 * or without its credential is an error (`invalid_response`).
 */
export function readCallback(provider: SignInProvider, search: string, hash: string): SocialConnectMessage {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const [primary, secondary] = provider === 'sso' ? [query, fragment] : [fragment, query];
  const read = (key: string): string | undefined => primary.get(key) || secondary.get(key) || undefined;
  const state = read('state') ?? null;
  const error = read('error');
  if (error) return { type: SOCIAL_CONNECT_MESSAGES.error, provider, state, error };
  const params: CallbackParams = {};
  for (const key of PARAM_KEYS) {
    const value = primary.get(key);
    if (value) params[key] = value;
  }
  if (state === null || !params[credentialParam(provider)]) return { type: SOCIAL_CONNECT_MESSAGES.error, provider, state, error: 'invalid_response' };
  return { type: SOCIAL_CONNECT_MESSAGES.complete, provider, state, params };
}

/** The `state` of an authorisation address (the one the popup is sent to); null when it has none or is no address. */
export function stateOf(authorizationUri: string): string | null {
  try {
    return new URL(authorizationUri).searchParams.get('state') || null;
  } catch {
    return null;
  }
}

/** How the attempt in a popup ended, as the window that opened it reads a post. */
export type PopupAnswer =
  | { kind: 'answered'; params: CallbackParams }
  /** The person cancelled at the provider (`access_denied`). */
  | { kind: 'denied' }
  /** The provider answered an error, or the answer is not the one this attempt waits for. */
  | { kind: 'failed'; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads a post from the popup for the attempt at `provider` whose authorisation address carried
 * `state`. Null when the post is not a sign-in message for this provider (something else posting
 * to the window: ignored). A message whose state differs is refused (`state_mismatch`): it
 * answers another attempt, or someone else's.
 */
export function readPopupMessage(data: unknown, expected: { provider: SignInProvider; state: string }): PopupAnswer | null {
  if (!isRecord(data) || data['provider'] !== expected.provider) return null;
  const type = data['type'];
  if (type !== SOCIAL_CONNECT_MESSAGES.complete && type !== SOCIAL_CONNECT_MESSAGES.error) return null;
  if (typeof data['state'] !== 'string' || data['state'] !== expected.state) return { kind: 'failed', reason: 'state_mismatch' };
  if (type === SOCIAL_CONNECT_MESSAGES.error) {
    const error = typeof data['error'] === 'string' ? data['error'] : 'unknown';
    return error === 'access_denied' ? { kind: 'denied' } : { kind: 'failed', reason: error };
  }
  const raw = isRecord(data['params']) ? data['params'] : {};
  const params: CallbackParams = {};
  for (const key of PARAM_KEYS) {
    const value = raw[key];
    if (typeof value === 'string' && value !== '') params[key] = value;
  }
  return params[credentialParam(expected.provider)] ? { kind: 'answered', params } : { kind: 'failed', reason: 'invalid_response' };
}
