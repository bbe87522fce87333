import { describe, expect, it, jest } from '@jest/globals';
import type { LoginRequest } from '@pinhive/contracts';
import { ApiError } from '../api/apiError';
import { retryWithHumanCheck, runAttempt, runOneTap, signsInWithSso, type AttemptCalls, type OneTapCalls } from './attempts';
import type { PopupResult, ProviderPopup } from './popup';

const USER = { id: 'u1', username: 'ada', email: 'ada@example.com', first_name: 'Ada' } as unknown as Awaited<ReturnType<AttemptCalls['logIn']>>['user'];
const AUTH_URI = 'https://idp.test/auth?client_id=c&state=st-1';

function popup(result: PopupResult) {
  const fake = { run: jest.fn(async (_uri: string) => result), close: jest.fn() };
  return fake as typeof fake & ProviderPopup;
}

function calls(overrides: Partial<AttemptCalls> = {}) {
  const fakes = {
    checkSso: jest.fn(async () => ({ isSso: true, existingUser: false, existingUserIsSso: false, exchangeCodeToTokenUrl: '/v3/login/', authorizationUri: AUTH_URI })),
    start: jest.fn(async () => ({ authorizationUri: AUTH_URI })),
    facebookProfile: jest.fn(async () => ({ id: 'fb-1', email_declined: false })),
    logIn: jest.fn(async (_request: LoginRequest) => ({ user: USER })),
    ...overrides,
  };
  return fakes as typeof fakes & AttemptCalls;
}

const notLinked = (data: Record<string, unknown>) =>
  new ApiError({ code: 'identity_not_linked', message: 'not linked', message_detail: null, http_status: 404, data });

describe('signsInWithSso', () => {
  const check = { isSso: true, existingUser: false, existingUserIsSso: false, exchangeCodeToTokenUrl: '/v3/login/', authorizationUri: AUTH_URI };
  it('is an SSO email with its authorisation started, for a new person or an SSO account', () => {
    expect(signsInWithSso(check)).toBe(true);
    expect(signsInWithSso({ ...check, existingUser: true, existingUserIsSso: true })).toBe(true);
  });
  it('is not for other emails, nor for an account of the domain that has no SSO link (it keeps its password)', () => {
    expect(signsInWithSso({ ...check, isSso: false, authorizationUri: null })).toBe(false);
    expect(signsInWithSso({ ...check, authorizationUri: null })).toBe(false);
    expect(signsInWithSso({ ...check, existingUser: true, existingUserIsSso: false })).toBe(false);
  });
});

describe('runAttempt', () => {
  it("SSO: checks afresh, opens the check's address, logs in with the code, its state and issuer", async () => {
    const c = calls();
    const p = popup({ kind: 'answered', params: { code: 'the-code', iss: 'https://idp.test' } });
    expect(await runAttempt('sso', p, c, { email: 'ada@sso-company.test' })).toEqual({ type: 'logged_in', user: USER });
    expect(c.checkSso).toHaveBeenCalledWith('ada@sso-company.test');
    expect(p.run).toHaveBeenCalledWith(AUTH_URI, undefined);
    expect(c.logIn).toHaveBeenCalledWith({
      sso_user_email: 'ada@sso-company.test',
      sso_auth_code: 'the-code',
      sso_state: 'st-1',
      sso_iss: 'https://idp.test',
      recaptchaV3Token: 'default',
    });
  });

  it('SSO: an email that is not SSO after all closes the popup and tries nothing', async () => {
    const c = calls({ checkSso: jest.fn(async () => ({ isSso: false, existingUser: true, existingUserIsSso: false, exchangeCodeToTokenUrl: null, authorizationUri: null })) });
    const p = popup({ kind: 'closed' });
    expect(await runAttempt('sso', p, c, { email: 'ada@example.com' })).toEqual({ type: 'not_sso' });
    expect(p.close).toHaveBeenCalled();
    expect(p.run).not.toHaveBeenCalled();
  });

  it("Google-kind and LINE: start, then log in with the popup's ID token (with the account-switch flag when adding)", async () => {
    const c = calls();
    await runAttempt('google', popup({ kind: 'answered', params: { id_token: 'g.tok' } }), c);
    expect(c.start).toHaveBeenCalledWith('google', false);
    expect(c.logIn).toHaveBeenLastCalledWith({ google_open_id_token: 'g.tok', recaptchaV3Token: 'default' });
    await runAttempt('line', popup({ kind: 'answered', params: { id_token: 'l.tok' } }), c, { accountSwitch: true });
    expect(c.logIn).toHaveBeenLastCalledWith({ line_id_token: 'l.tok', account_switch: true, recaptchaV3Token: 'default' });
  });

  it('Facebook-kind: reads the profile with the access token, logs in with its id; a re-request starts with rerequest', async () => {
    const c = calls();
    await runAttempt('facebook', popup({ kind: 'answered', params: { access_token: 'fb.tok' } }), c, { rerequest: true });
    expect(c.start).toHaveBeenCalledWith('facebook', true);
    expect(c.facebookProfile).toHaveBeenCalledWith('fb.tok');
    expect(c.logIn).toHaveBeenCalledWith({ facebook_id: 'fb-1', facebook_token: 'fb.tok', facebook_autologin: false, recaptchaV3Token: 'default' });
  });

  it("goes on to the sign-up with identity_not_linked's data, saying whether Facebook's email was declined", async () => {
    const data = { provider: 'facebook', email: null, first_name: 'Ada', has_birthday: true, email_exists: false };
    const c = calls({
      facebookProfile: jest.fn(async () => ({ id: 'fb-1', email_declined: true })),
      logIn: jest.fn(async () => {
        throw notLinked(data);
      }),
    });
    const p = popup({ kind: 'answered', params: { access_token: 'fb.tok' } });
    expect(await runAttempt('facebook', p, c)).toEqual({ type: 'not_linked', identity: data, emailDeclined: true });
  });

  it('ends quietly when the popup was closed, and says so when the person cancelled', async () => {
    expect(await runAttempt('google', popup({ kind: 'closed' }), calls())).toEqual({ type: 'failed', failure: { type: 'quiet' } });
    expect(await runAttempt('google', popup({ kind: 'denied' }), calls())).toEqual({
      type: 'failed',
      failure: { type: 'message', message: { source: 'social', code: 'notAuthorised' } },
    });
  });

  it("closes the popup when the start fails, and shows the provider's unavailable answer", async () => {
    const c = calls({
      start: jest.fn(async () => {
        throw new ApiError({ code: 'provider_unavailable', message: 'down', message_detail: null, http_status: 503 });
      }),
    });
    const p = popup({ kind: 'closed' });
    expect(await runAttempt('google', p, c)).toEqual({ type: 'failed', failure: { type: 'unavailable' } });
    expect(p.close).toHaveBeenCalled();
    expect(p.run).not.toHaveBeenCalled();
  });

  it('hands the credentials on with mfa_required, for the code step', async () => {
    const c = calls({
      logIn: jest.fn(async () => {
        throw new ApiError({ code: 'mfa_required', message: 'mfa', message_detail: null, http_status: 401, data: { factor: 'totp' } });
      }),
    });
    expect(await runAttempt('google', popup({ kind: 'answered', params: { id_token: 'g.tok' } }), c)).toMatchObject({
      type: 'failed',
      failure: { type: 'mfa', factor: 'totp', phoneNumberEnd: '' },
      credentials: { google_open_id_token: 'g.tok' },
      error: expect.objectContaining({ code: 'mfa_required' }),
    });
  });

  it('sends the same credentials again with the token of a passed human check', async () => {
    const user = { id: 'u1' } as never;
    const logIn = jest.fn(async () => ({ user }));
    const outcome = await retryWithHumanCheck('google', { google_open_id_token: 'g.tok' }, 'local.abc', { logIn }, { accountSwitch: true });
    expect(outcome).toEqual({ type: 'logged_in', user });
    expect(logIn).toHaveBeenCalledWith({ google_open_id_token: 'g.tok', account_switch: true, recaptchaV3Token: 'default', recaptchaV2Token: 'local.abc' });
    const refused = jest.fn(async () => {
      throw new ApiError({ code: 'login_too_quick', message: 'quick', message_detail: null, http_status: 429, data: { human_check: 'local' } });
    });
    expect(await retryWithHumanCheck('google', { google_open_id_token: 'g.tok' }, 'local.abc', { logIn: refused })).toMatchObject({
      type: 'failed', credentials: { google_open_id_token: 'g.tok' }, error: expect.objectContaining({ code: 'login_too_quick' }),
    });
  });

  it("fails an identity_not_linked whose data is not the contract's", async () => {
    const c = calls({
      logIn: jest.fn(async () => {
        throw notLinked({ provider: 'google' });
      }),
    });
    expect(await runAttempt('google', popup({ kind: 'answered', params: { id_token: 'g.tok' } }), c)).toEqual({
      type: 'failed',
      failure: { type: 'message', message: { source: 'social', code: 'failed' } },
    });
  });
});

describe('runOneTap', () => {
  const START = { configUrl: 'https://idp.test/fedcm.json', clientId: 'c', nonce: 'n-1' };
  function oneTapCalls(overrides: Partial<OneTapCalls> = {}) {
    const fakes = {
      startOneTap: jest.fn(async () => START),
      prompt: jest.fn(async (_start: typeof START, _signal?: AbortSignal): Promise<string | null> => 'id-token'),
      logIn: jest.fn(async (_request: LoginRequest) => ({ user: USER })),
      ...overrides,
    };
    return fakes as typeof fakes & OneTapCalls;
  }

  it("asks the browser's prompt with the start's nonce, then logs in with the ID token", async () => {
    const c = oneTapCalls();
    const onToken = jest.fn();
    expect(await runOneTap(c, { onToken })).toEqual({ type: 'logged_in', user: USER });
    expect(c.prompt).toHaveBeenCalledWith(START, undefined);
    expect(c.logIn).toHaveBeenCalledWith({ google_open_id_token: 'id-token', recaptchaV3Token: 'default' });
    expect(onToken).toHaveBeenCalledTimes(1);
  });

  it('ends quietly when the start fails or the prompt gives nothing, and logs nobody in', async () => {
    const refused = oneTapCalls({ startOneTap: jest.fn(async () => { throw new ApiError({ code: 'provider_disabled', message: 'off', message_detail: null, http_status: 403 }); }) });
    expect(await runOneTap(refused)).toEqual({ type: 'failed', failure: { type: 'quiet' } });
    expect(refused.prompt).not.toHaveBeenCalled();
    const closed = oneTapCalls({ prompt: jest.fn(async () => null) });
    expect(await runOneTap(closed)).toEqual({ type: 'failed', failure: { type: 'quiet' } });
    expect(closed.logIn).not.toHaveBeenCalled();
  });

  it('hands a person with no account to the sign-up, marked as one-tap', async () => {
    const c = oneTapCalls({ logIn: jest.fn(async () => { throw notLinked({ provider: 'google', email: 'ada@example.com', first_name: 'Ada', has_birthday: false, email_exists: false }); }) });
    expect(await runOneTap(c)).toMatchObject({ type: 'not_linked', oneTap: true, identity: { provider: 'google', email: 'ada@example.com' } });
  });
});
