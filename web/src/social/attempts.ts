import {
  identityNotLinkedDataSchema,
  type IdentityCredentials,
  type FacebookProfile,
  type IdentityNotLinkedData,
  type LoginRequest,
  type LoginResponse,
  type OneTapStartResponse,
  type ProviderStartResponse,
  type SessionUser,
  type SignInProvider,
  type SocialProvider,
  type SsoCheckResponse,
} from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { stateOf, type CallbackParams } from './callback';
import type { ProviderPopup } from './popup';
import { describePopupEnd, describeProviderError, type ProviderFailure } from './providerErrors';

/** The calls an attempt makes, passed in so that it is testable without a server or a window. */
export interface AttemptCalls {
  checkSso: (email: string) => Promise<SsoCheckResponse>;
  start: (provider: SocialProvider, rerequest: boolean) => Promise<ProviderStartResponse>;
  facebookProfile: (accessToken: string) => Promise<FacebookProfile>;
  logIn: (request: LoginRequest) => Promise<LoginResponse>;
}

export interface AttemptOptions {
  /** SSO: the email typed on the form. */
  email?: string;
  /** Facebook-kind: ask again for the declined email permission. */
  rerequest?: boolean;
  /** Adding an account (`/add-account`). */
  accountSwitch?: boolean;
  /** Ends the attempt (the form went away): the popup closes. */
  signal?: AbortSignal;
}

export type AttemptOutcome =
  | { type: 'logged_in'; user: SessionUser }
  /** The provider proved who it is; no account is linked: the provider's sign-up goes on (`oneTap`: it came through one-tap). */
  | { type: 'not_linked'; identity: IdentityNotLinkedData; emailDeclined: boolean; oneTap?: boolean }
  /** SSO: the fresh check said the email is not (or no longer) an SSO email; nothing was tried. */
  | { type: 'not_sso' }
  /**
   * `credentials`: what was sent to log in, for the code step when it is `mfa_required` and for
   * the retry after a human check (the IP rule answers before the credentials are used); `error`:
   * the log-in's answer, for the human check to read.
   */
  | { type: 'failed'; failure: ProviderFailure; credentials?: IdentityCredentials; error?: unknown };

/** The log-in body of a provider's answer (spec section 3's credentials). */
export function providerCredentials(
  provider: SignInProvider,
  params: CallbackParams,
  extra: { email?: string; state?: string; facebookId?: string },
): IdentityCredentials | null {
  switch (provider) {
    case 'sso':
      return params.code && extra.email
        ? { sso_user_email: extra.email, sso_auth_code: params.code, ...(extra.state ? { sso_state: extra.state } : {}), ...(params.iss ? { sso_iss: params.iss } : {}) }
        : null;
    case 'google':
      return params.id_token ? { google_open_id_token: params.id_token } : null;
    case 'line':
      return params.id_token ? { line_id_token: params.id_token } : null;
    case 'facebook':
      return params.access_token && extra.facebookId ? { facebook_id: extra.facebookId, facebook_token: params.access_token, facebook_autologin: false } : null;
  }
}

/**
 * Whether the form signs this email in with SSO (an SSO email, with its authorisation started):
 * not for an account that exists without an SSO link (made with a password before its domain
 * used SSO), which keeps its password log-in.
 */
export function signsInWithSso(check: SsoCheckResponse): boolean {
  return check.isSso && check.authorizationUri !== null && (!check.existingUser || check.existingUserIsSso);
}

const FAILED: ProviderFailure = { type: 'message', message: { source: 'social', code: 'failed' } };

/**
 * One sign-in through a provider, in a popup already opened blank on the click: the SSO check
 * (again, fresh: it starts the authorisation this browser's cookie names) or the provider's
 * start; the popup sent to the authorisation address; its answer; for the Facebook-kind the
 * profile the token reads (its id, and whether the email was declined); then `POST /v3/login/`.
 * Every failure closes the popup.
 */
export async function runAttempt(provider: SignInProvider, popup: ProviderPopup, calls: AttemptCalls, options: AttemptOptions = {}): Promise<AttemptOutcome> {
  let profile: FacebookProfile | null = null;
  try {
    let authorizationUri: string;
    if (provider === 'sso') {
      const check = await calls.checkSso(options.email ?? '');
      if (!signsInWithSso(check) || !check.authorizationUri) {
        popup.close();
        return { type: 'not_sso' };
      }
      authorizationUri = check.authorizationUri;
    } else {
      authorizationUri = (await calls.start(provider, options.rerequest ?? false)).authorizationUri;
    }
    const result = await popup.run(authorizationUri, options.signal);
    if (result.kind !== 'answered') return { type: 'failed', failure: describePopupEnd(result) };
    const params = result.params;
    if (provider === 'facebook' && params.access_token) profile = await calls.facebookProfile(params.access_token);
    // The state (checked equal to the address's) travels with SSO's code: the server checks it against the flow too.
    const found = providerCredentials(provider, params, { email: options.email, state: stateOf(authorizationUri) ?? undefined, facebookId: profile?.id });
    if (!found) return { type: 'failed', failure: FAILED };
    // The popup closed with its answer: what is left is the log-in, as every provider answer's.
    return await logInWith(provider, found, calls, { accountSwitch: options.accountSwitch, emailDeclined: profile?.email_declined ?? false });
  } catch (error) {
    popup.close();
    return failedLogIn(error, provider, undefined, profile?.email_declined ?? false);
  }
}

function failedLogIn(error: unknown, provider: SignInProvider, credentials: IdentityCredentials | undefined, emailDeclined: boolean, oneTap = false): AttemptOutcome {
  if (isApiError(error) && error.code === 'identity_not_linked') {
    const identity = identityNotLinkedDataSchema.safeParse(error.data);
    if (!identity.success) return { type: 'failed', failure: FAILED };
    return { type: 'not_linked', identity: identity.data, emailDeclined, ...(oneTap ? { oneTap } : {}) };
  }
  return { type: 'failed', failure: describeProviderError(error, provider), ...(credentials ? { credentials, error } : {}) };
}

/** `POST /v3/login/` with a provider's answer, as an outcome (the human check's token when it passed one). */
async function logInWith(
  provider: SignInProvider,
  credentials: IdentityCredentials,
  calls: Pick<AttemptCalls, 'logIn'>,
  options: Pick<AttemptOptions, 'accountSwitch'> & { emailDeclined?: boolean; oneTap?: boolean; humanCheckToken?: string },
): Promise<AttemptOutcome> {
  try {
    const { user } = await calls.logIn({
      ...credentials, ...(options.accountSwitch ? { account_switch: true } : {}), recaptchaV3Token: 'default',
      ...(options.humanCheckToken ? { recaptchaV2Token: options.humanCheckToken } : {}),
    });
    return { type: 'logged_in', user };
  } catch (error) {
    return failedLogIn(error, provider, credentials, options.emailDeclined ?? false, options.oneTap);
  }
}

/**
 * The same log-in again after a passed human check: the provider's answer was not used (the IP
 * rule answers first), so it goes with the check's token.
 */
export function retryWithHumanCheck(
  provider: SignInProvider,
  credentials: IdentityCredentials,
  token: string,
  calls: Pick<AttemptCalls, 'logIn'>,
  options: Pick<AttemptOptions, 'accountSwitch'> & { emailDeclined?: boolean; oneTap?: boolean } = {},
): Promise<AttemptOutcome> {
  return logInWith(provider, credentials, calls, { ...options, humanCheckToken: token });
}

/** The calls of a one-tap, passed in so that it is testable without a server or a browser prompt. */
export interface OneTapCalls {
  startOneTap: () => Promise<OneTapStartResponse>;
  /** The browser's prompt: the provider's ID token, or null when there is none to have (closed, no account, aborted). */
  prompt: (start: OneTapStartResponse, signal?: AbortSignal) => Promise<string | null>;
  logIn: AttemptCalls['logIn'];
}

/**
 * A Google-kind one-tap: the start (a flow bound to this browser, its nonce), the browser's
 * prompt, then `POST /v3/login/` with the ID token, as the popup's. The prompt is offered,
 * not asked for: a start that fails, or a prompt the person closes, ends quietly (the buttons
 * stay). `onToken` says when the person chose an account (the log-in is then under way).
 */
export async function runOneTap(calls: OneTapCalls, options: { signal?: AbortSignal; onToken?: () => void } = {}): Promise<AttemptOutcome> {
  let start: OneTapStartResponse;
  try {
    start = await calls.startOneTap();
  } catch {
    return { type: 'failed', failure: { type: 'quiet' } };
  }
  const token = await calls.prompt(start, options.signal);
  if (!token || options.signal?.aborted) return { type: 'failed', failure: { type: 'quiet' } };
  options.onToken?.();
  return logInWith('google', { google_open_id_token: token }, calls, { oneTap: true });
}
