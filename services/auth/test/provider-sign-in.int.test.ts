import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { Browser, type Answer } from '../../../test/support/browser';
import { fedcmAssertion, responseParams, signInAt, startLocalIdp, type IdpPerson, type LocalIdp } from '../../../test/support/local-idp';
import { uniqueName } from '../../../test/support/servers';
import { adultBirthday, nthSmsCode, startAuth } from './auth-helpers';

/**
 * Sign-in through SSO and the ID-token providers, end to end against the local identity provider
 * (oidc-provider) and the real auth service: the popups are walked as a person would, and each
 * kind of forged or misdirected answer is refused.
 */
let idp: LocalIdp;
/** A second provider whose ID tokens live 2 s: LINE points at it, for the expiry test. */
let shortIdp: LocalIdp;
let auth: RunningService<AuthConfig>;
beforeAll(async () => {
  [idp, shortIdp] = await Promise.all([startLocalIdp(), startLocalIdp({ idTokenTtlSeconds: 2 })]);
  auth = await startAuth({ ...idp.authEnv, LINE_ISSUER: shortIdp.issuer, IDENTITY_CLOCK_TOLERANCE_SECONDS: '0' });
}, 60_000);
afterAll(async () => {
  await auth?.close();
  await Promise.all([idp?.stop(), shortIdp?.stop()]);
});

const ssoEmail = () => `${uniqueName('worker')}@sso-company.test`;
const data = <T>(r: Answer) => r.body.resource_response.data as T;
const error = (r: Answer) => r.body.resource_response.error;
type Check = { isSso: boolean; existingUser: boolean; existingUserIsSso: boolean; authorizationUri: string | null; exchangeCodeToTokenUrl: string | null };

/** The SSO check, the popup walked at the provider, and the popup's answer. */
async function ssoPopup(b: Browser, email: string, person: Partial<IdpPerson> = {}) {
  const check = await b.get(`/v3/sso/check/?email=${encodeURIComponent(email)}`);
  expect(check.status).toBe(200);
  const uri = data<Check>(check).authorizationUri!;
  const answer = responseParams(await signInAt(uri, { login: email, given_name: 'Ada', ...person }));
  return { check: data<Check>(check), code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined };
}
const ssoLogin = (b: Browser, email: string, p: { code: string; state: string; iss?: string }) =>
  b.post('/v3/login/', { sso_user_email: email, sso_auth_code: p.code, sso_state: p.state, sso_iss: p.iss });

/** A Google-kind or LINE popup: started by auth for this browser, walked at the provider. */
async function idTokenPopup(b: Browser, provider: 'google' | 'line', person: IdpPerson) {
  const start = await b.post(`/v3/auth/${provider}/start/`);
  expect(start.status).toBe(200);
  return responseParams(await signInAt(data<{ authorizationUri: string }>(start).authorizationUri, person)).get('id_token')!;
}

describe('single sign-on', () => {
  it('says which emails sign in with SSO, and starts the authorisation only for those', async () => {
    const plain = await new Browser(auth.url).get('/v3/sso/check/?email=someone%40example.com');
    expect(data(plain)).toEqual({ isSso: false, existingUser: false, existingUserIsSso: false, exchangeCodeToTokenUrl: null, authorizationUri: null });
    const sso = data<Check>(await new Browser(auth.url).get(`/v3/sso/check/?email=${encodeURIComponent(ssoEmail())}`));
    expect(sso).toMatchObject({ isSso: true, existingUser: false, existingUserIsSso: false, exchangeCodeToTokenUrl: '/v3/login/' });
    const uri = new URL(sso.authorizationUri!);
    expect(uri.origin).toBe(new URL(idp.issuer).origin);
    expect(Object.fromEntries(['client_id', 'response_type', 'code_challenge_method', 'redirect_uri'].map((k) => [k, uri.searchParams.get(k)]))).toEqual({
      client_id: 'pinhive-sso', response_type: 'code', code_challenge_method: 'S256', redirect_uri: 'http://localhost:8080/sso/callback/',
    });
    expect(uri.searchParams.get('state')).toBeTruthy();
    expect(uri.searchParams.get('nonce')).toBeTruthy();
  });

  it('signs a new SSO person up after the popup, then logs them in through it', async () => {
    const email = ssoEmail();
    const first = new Browser(auth.url);
    const popup = await ssoPopup(first, email);
    const notLinked = await ssoLogin(first, email, popup);
    expect(notLinked.status).toBe(404);
    expect(error(notLinked)).toMatchObject({ code: 'identity_not_linked', data: { provider: 'sso', email, first_name: 'Ada', has_birthday: false, email_exists: false } });
    const signedUp = await first.post('/v3/register/social/', { type: 'sso', birthday: adultBirthday });
    expect(signedUp.status).toBe(201);
    expect(data(signedUp)).toMatchObject({ user: { email, first_name: 'Ada' } });
    expect((await first.get('/v3/users/me/')).status).toBe(200);

    const later = new Browser(auth.url);
    const again = await ssoPopup(later, email);
    expect(again.check).toMatchObject({ isSso: true, existingUser: true, existingUserIsSso: true });
    const loggedIn = await ssoLogin(later, email, again);
    expect(loggedIn.status).toBe(200);
    expect(data(loggedIn)).toMatchObject({ user: { email } });
  });

  it("refuses a tampered state, a replayed code and another browser's code", async () => {
    const email = ssoEmail();
    const b = new Browser(auth.url);
    const tampered = await ssoPopup(b, email);
    expect(error(await ssoLogin(b, email, { ...tampered, state: 'not-the-state' }))).toMatchObject({ code: 'identity_invalid' });
    // The flow is used up by any answer: the same code again finds nothing to exchange it with.
    expect(error(await ssoLogin(b, email, tampered))).toMatchObject({ code: 'identity_expired' });

    // A code obtained in one browser, sent from another browser's flow: its PKCE and state do not match.
    const victim = new Browser(auth.url);
    await victim.get(`/v3/sso/check/?email=${encodeURIComponent(email)}`);
    const attacker = await ssoPopup(new Browser(auth.url), email);
    expect(error(await ssoLogin(victim, email, attacker))).toMatchObject({ code: 'identity_invalid' });
  });

  it('refuses a code for another email than the flow was started for', async () => {
    const b = new Browser(auth.url);
    const email = ssoEmail();
    const popup = await ssoPopup(b, email);
    expect(error(await ssoLogin(b, ssoEmail(), popup))).toMatchObject({ code: 'identity_invalid' });
  });
});

describe('Google-kind and LINE ID tokens', () => {
  it('offers LINE only where the country is JP', async () => {
    const b = new Browser(auth.url);
    expect(data(await b.get('/v3/auth/providers/?country=US'))).toEqual({ providers: ['google', 'facebook'], sso: true, googleOneTap: true, googleFedcmMinVersion: 116 });
    expect(data(await b.get('/v3/auth/providers/?country=jp'))).toMatchObject({ providers: ['google', 'facebook', 'line'] });
  });

  it('signs up with the birthday step when the provider gives none, then logs in by the provider subject', async () => {
    const email = `${uniqueName('g')}@gmail.example`;
    const b = new Browser(auth.url);
    const token = await idTokenPopup(b, 'google', { login: email, given_name: 'Grace', family_name: 'Hopper' });
    const notLinked = await b.post('/v3/login/', { google_open_id_token: token });
    expect(error(notLinked)).toMatchObject({ code: 'identity_not_linked', data: { provider: 'google', email, first_name: 'Grace', has_birthday: false } });
    // The birthday step: without one the sign-up is refused, and the identity stays for the retry.
    expect(error(await b.post('/v3/register/social/', { type: 'google' }))).toMatchObject({ code: 'birthday_missing' });
    const signedUp = await b.post('/v3/register/social/', { type: 'google', birthday: adultBirthday });
    expect(data(signedUp)).toMatchObject({ user: { email, first_name: 'Grace', last_name: 'Hopper' } });
    // The welcome-back view of this browser knows the account is Google's and has no password.
    expect(data(await b.get('/v3/auth/recognised/'))).toMatchObject({ email, hasPassword: false, connectedToGoogle: true, connectedToFacebook: false });
    // The account has no password: a password log-in is told which button to use.
    const withPassword = await new Browser(auth.url).post('/v3/login/', { username_or_email: email, password: 'a guess 1234' });
    expect({ status: withPassword.status, ...error(withPassword) }).toMatchObject({
      status: 401, code: 'linked_google', message: 'Your account is connected to Google - use the Google button to log in', data: { field: 'email' },
    });
    // Used up: a second sign-up from this browser has no identity to use.
    expect(error(await b.post('/v3/register/social/', { type: 'google', birthday: adultBirthday }))).toMatchObject({ code: 'identity_expired' });

    const later = new Browser(auth.url);
    const again = await idTokenPopup(later, 'google', { login: email });
    const loggedIn = await later.post('/v3/login/', { google_open_id_token: again });
    expect(loggedIn.status).toBe(200);
    expect(data(loggedIn)).toMatchObject({ user: { email } });
  });

  it("skips the birthday step with the provider's birthday, and collects an email when it shares none", async () => {
    const b = new Browser(auth.url);
    const token = await idTokenPopup(b, 'google', { login: `${uniqueName('p')}@gmail.example`, birthdate: '1988-02-03', withholdEmail: true });
    expect(error(await b.post('/v3/login/', { google_open_id_token: token }))).toMatchObject({ code: 'identity_not_linked', data: { email: null, has_birthday: true } });
    expect(error(await b.post('/v3/register/social/', { type: 'google' }))).toMatchObject({ code: 'bad_request', message: 'Email is required' });
    const email = `${uniqueName('typed')}@example.com`;
    expect(data(await b.post('/v3/register/social/', { type: 'google', email }))).toMatchObject({ user: { email } });
  });

  it('refuses a token with a broken signature, for another client, from another browser, or expired', async () => {
    const person = { login: `${uniqueName('x')}@gmail.example` };
    const b = new Browser(auth.url);
    const token = await idTokenPopup(b, 'google', person);
    const [head, body] = token.split('.');
    const forged = `${head}.${body}.${'A'.repeat(86)}`;
    expect(error(await b.post('/v3/login/', { google_open_id_token: forged }))).toMatchObject({ code: 'identity_invalid' });

    // This browser's own flow (its nonce), but the token issued to another client (the LINE one).
    const other = new Browser(auth.url);
    const asked = new URL(data<{ authorizationUri: string }>(await other.post('/v3/auth/google/start/')).authorizationUri);
    asked.searchParams.set('client_id', 'pinhive-line');
    asked.searchParams.set('redirect_uri', 'http://localhost:8080/connect/line/');
    const lineToken = responseParams(await signInAt(asked.href, person)).get('id_token')!;
    expect(error(await other.post('/v3/login/', { google_open_id_token: lineToken }))).toMatchObject({ code: 'identity_invalid' });

    // A genuine token minted for another browser's flow: its nonce is not this browser's.
    const victim = new Browser(auth.url);
    await victim.post('/v3/auth/google/start/');
    const stolen = await idTokenPopup(new Browser(auth.url), 'google', person);
    expect(error(await victim.post('/v3/login/', { google_open_id_token: stolen }))).toMatchObject({ code: 'identity_invalid' });

    // LINE's provider here issues tokens valid 2 s, and auth allows no clock leeway.
    const late = new Browser(auth.url);
    const short = await idTokenPopup(late, 'line', person);
    const exp = (JSON.parse(Buffer.from(short.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 1100));
    expect(error(await late.post('/v3/login/', { line_id_token: short }))).toMatchObject({ code: 'identity_invalid' });
  });

  it('answers provider_unavailable while the provider is down, and recovers when it is back', async () => {
    // An auth whose LINE provider is down when first needed: discovery fails, and is tried again.
    await shortIdp.stop({ keepData: true });
    // Its Graph API is a port nothing listens on.
    const fresh = await startAuth({ ...idp.authEnv, LINE_ISSUER: shortIdp.issuer, FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/graph' });
    try {
      const b = new Browser(fresh.url);
      const down = await b.post('/v3/auth/line/start/');
      expect({ status: down.status, code: error(down)?.code }).toEqual({ status: 503, code: 'provider_unavailable' });
      const graphDown = await b.post('/v3/facebook/profile_data/', { access_token: 'any' });
      expect({ status: graphDown.status, code: error(graphDown)?.code, provider: error(graphDown)?.data?.provider }).toEqual({ status: 503, code: 'provider_unavailable', provider: 'facebook' });
      await shortIdp.restart();
      const token = await idTokenPopup(b, 'line', { login: `${uniqueName('l')}@line.example` });
      expect(error(await b.post('/v3/login/', { line_id_token: token }))).toMatchObject({ code: 'identity_not_linked', data: { provider: 'line' } });
    } finally {
      await fresh.close();
    }
  });
});

describe('Google-kind one-tap (the browser\'s FedCM prompt)', () => {
  /** The web app's origin, as the browser names it to the provider (LOCAL_IDP_PUBLIC_URL's). */
  const webOrigin = 'http://localhost:8080';
  type Prompt = { configUrl: string; clientId: string; nonce: string };
  const startOneTap = async (b: Browser) => {
    const start = await b.post('/v3/auth/google/one_tap/start/');
    expect(start.status).toBe(200);
    return data<Prompt>(start);
  };
  const sessionMethods = async (email: string) => {
    const user = await auth.ctx.mongo.collection('users').findOne({ email });
    return (await auth.ctx.mongo.collection('sessions').find({ userId: user?._id }).toArray()).map((s) => s['method'] as string).sort();
  };

  it("signs up as google_one_tap with the prompt's ID token, then logs in through the prompt again", async () => {
    const email = `${uniqueName('tap')}@gmail.example`;
    const b = new Browser(auth.url);
    const prompt = await startOneTap(b);
    expect(prompt).toMatchObject({ configUrl: `${idp.issuer}/fedcm/config.json`, clientId: 'pinhive-google' });
    const assertion = await fedcmAssertion(prompt.configUrl, { login: email, clientId: prompt.clientId, nonce: prompt.nonce, origin: webOrigin });
    expect(assertion).toMatchObject({ status: 200, allowOrigin: webOrigin });
    const notLinked = await b.post('/v3/login/', { google_open_id_token: assertion.body.token });
    expect(error(notLinked)).toMatchObject({ code: 'identity_not_linked', data: { provider: 'google', email } });
    const signedUp = await b.post('/v3/register/social/', { type: 'google_one_tap', birthday: adultBirthday });
    expect(signedUp.status).toBe(201);

    const later = new Browser(auth.url);
    const again = await startOneTap(later);
    const token = (await fedcmAssertion(again.configUrl, { login: email, clientId: again.clientId, nonce: again.nonce, origin: webOrigin })).body.token;
    const loggedIn = await later.post('/v3/login/', { google_open_id_token: token });
    expect(loggedIn.status).toBe(200);
    expect(data(loggedIn)).toMatchObject({ user: { email } });
    // Both sessions say they came through one-tap (the spec's login method 4).
    expect(await sessionMethods(email)).toEqual(['google_one_tap', 'google_one_tap']);
  });

  it("a button pressed while the prompt's start is under way: the popup's token and the prompt's each find their own flow", async () => {
    const email = `${uniqueName('both')}@gmail.example`;
    // The prompt's start answers after the popup's: one cookie for both once left the popup's token
    // checked against the prompt's nonce (identity_invalid).
    const b = new Browser(auth.url);
    const popup = data<{ authorizationUri: string }>(await b.post('/v3/auth/google/start/'));
    await startOneTap(b);
    const popupToken = responseParams(await signInAt(popup.authorizationUri, { login: email })).get('id_token')!;
    expect(error(await b.post('/v3/login/', { google_open_id_token: popupToken }))).toMatchObject({ code: 'identity_not_linked', data: { provider: 'google', email } });
    expect((await b.post('/v3/register/social/', { type: 'google', birthday: adultBirthday })).status).toBe(201);

    // The other way round, and the prompt's token is the one used: a one-tap log-in.
    const c = new Browser(auth.url);
    const prompt = await startOneTap(c);
    expect((await c.post('/v3/auth/google/start/')).status).toBe(200);
    const tapToken = (await fedcmAssertion(prompt.configUrl, { login: email, clientId: prompt.clientId, nonce: prompt.nonce, origin: webOrigin })).body.token;
    expect((await c.post('/v3/login/', { google_open_id_token: tapToken })).status).toBe(200);
    expect(await sessionMethods(email)).toEqual(['google', 'google_one_tap']);
  });

  it("refuses a prompt's token minted for another browser's nonce, and one used twice", async () => {
    const email = `${uniqueName('tap')}@gmail.example`;
    const victim = new Browser(auth.url);
    await startOneTap(victim);
    const attacker = await startOneTap(new Browser(auth.url));
    const token = (await fedcmAssertion(attacker.configUrl, { login: email, clientId: attacker.clientId, nonce: attacker.nonce, origin: webOrigin })).body.token;
    expect(error(await victim.post('/v3/login/', { google_open_id_token: token }))).toMatchObject({ code: 'identity_invalid' });
    // The victim's flow was used up by that answer: nothing is left to check a token against.
    expect(error(await victim.post('/v3/login/', { google_open_id_token: token }))).toMatchObject({ code: 'identity_expired' });
  });

  it('the provider gives assertions only to FedCM requests from the client\'s own origin', async () => {
    const prompt = await startOneTap(new Browser(auth.url));
    const ask = (o: { origin?: string; fetchDest?: string }) => fedcmAssertion(prompt.configUrl, { login: `${uniqueName('tap')}@gmail.example`, clientId: prompt.clientId, nonce: prompt.nonce, origin: webOrigin, ...o });
    expect(await ask({ origin: 'http://localhost:9999' })).toMatchObject({ status: 400, body: { error: { code: 'unauthorized_client' } } });
    expect(await ask({ fetchDest: 'empty' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
  });
});

describe('a second factor after a provider', () => {
  const nthCode = (phone: string, n: number) => nthSmsCode(auth, phone, n);

  it("asks for the code, then logs in with it on the provider's same answer (which cannot be verified twice)", async () => {
    const email = `${uniqueName('two')}@gmail.example`;
    const owner = new Browser(auth.url);
    const token = await idTokenPopup(owner, 'google', { login: email });
    await owner.post('/v3/login/', { google_open_id_token: token });
    expect((await owner.post('/v3/register/social/', { type: 'google', birthday: adultBirthday })).status).toBe(201);
    const phone = `+4477008${String(Date.now() % 1000000).padStart(6, '0')}`;
    await owner.post('/v3/mfa/phone/', { phone_number: phone });
    expect((await owner.post('/v3/mfa/phone/verify/', { code: await nthCode(phone, 1) })).status).toBe(200);

    const b = new Browser(auth.url);
    const again = await idTokenPopup(b, 'google', { login: email });
    expect(error(await b.post('/v3/login/', { google_open_id_token: again }))).toMatchObject({ code: 'mfa_required', data: { factor: 'sms' } });
    const code = await nthCode(phone, 2);
    expect(error(await b.post('/v3/login/', { google_open_id_token: again, mfa_token: code === '000000' ? '111111' : '000000' }))).toMatchObject({ code: 'mfa_code_invalid' });
    const ok = await b.post('/v3/login/', { google_open_id_token: again, mfa_token: code });
    expect(ok.status).toBe(200);
    expect((await b.get('/v3/users/me/')).status).toBe(200);
    // Used: the same answer and code do not log in again.
    expect((await b.post('/v3/login/', { google_open_id_token: again, mfa_token: code })).status).not.toBe(200);
    // Without this browser's held first factor, the code alone proves nothing.
    const stranger = new Browser(auth.url);
    expect((await stranger.post('/v3/login/', { google_open_id_token: again, mfa_token: code })).status).not.toBe(200);
  });
});

describe('Facebook-kind access tokens', () => {
  type Profile = { id: string; email?: string; first_name?: string; email_declined: boolean; birthday?: string };
  /** The dialog in a popup, walked at the provider: the access token from the popup's fragment. */
  async function dialog(b: Browser, person: IdpPerson, rerequest = false) {
    const start = await b.post('/v3/auth/facebook/start/', { rerequest });
    expect(start.status).toBe(200);
    const uri = data<{ authorizationUri: string }>(start).authorizationUri;
    return { uri: new URL(uri), token: responseParams(await signInAt(uri, person)).get('access_token')! };
  }
  const profileOf = async (b: Browser, token: string) => data<Profile>(await b.post('/v3/facebook/profile_data/', { access_token: token, pii_safe_birthday: true }));

  it('signs a person up with the profile the token reads, then logs them in by their provider id', async () => {
    const email = `${uniqueName('f')}@facebook.example`;
    const b = new Browser(auth.url);
    const { uri, token } = await dialog(b, { login: email, given_name: 'Frida', birthdate: '1985-07-06' });
    expect(uri.searchParams.get('client_id')).toBe('pinhive-facebook');
    expect(uri.searchParams.get('redirect_uri')).toBe('http://localhost:8080/connect/facebook/');
    const profile = await profileOf(b, token);
    expect(profile).toMatchObject({ email, first_name: 'Frida', email_declined: false });
    expect(profile.birthday).toBeUndefined();
    const notLinked = await b.post('/v3/login/', { facebook_id: profile.id, facebook_token: token, facebook_autologin: false });
    expect(error(notLinked)).toMatchObject({ code: 'identity_not_linked', data: { provider: 'facebook', email, has_birthday: true } });
    expect(data(await b.post('/v3/register/social/', { type: 'facebook' }))).toMatchObject({ user: { email, first_name: 'Frida' } });

    const later = new Browser(auth.url);
    const again = await dialog(later, { login: email });
    const loggedIn = await later.post('/v3/login/', { facebook_id: profile.id, facebook_token: again.token });
    expect(loggedIn.status).toBe(200);
  });

  it('a phone-only account signs up through email collection; a declined email is asked for again', async () => {
    const b = new Browser(auth.url);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const { token } = await dialog(b, { login: phone, given_name: 'Pham' });
    const profile = await profileOf(b, token);
    expect(profile).toMatchObject({ email_declined: false });
    expect(profile.email).toBeUndefined();
    expect(error(await b.post('/v3/login/', { facebook_id: profile.id, facebook_token: token }))).toMatchObject({ code: 'identity_not_linked', data: { email: null } });
    const email = `${uniqueName('collected')}@example.com`;
    expect(data(await b.post('/v3/register/social/', { type: 'facebook', email, birthday: adultBirthday }))).toMatchObject({ user: { email, first_name: 'Pham' } });

    const declined = await dialog(new Browser(auth.url), { login: `${uniqueName('d')}@facebook.example`, withholdEmail: true });
    expect(await profileOf(new Browser(auth.url), declined.token)).toMatchObject({ email_declined: true });
    expect((await dialog(new Browser(auth.url), { login: 'x@facebook.example' }, true)).uri.searchParams.get('auth_type')).toBe('rerequest');
  });

  it("refuses an invalid token, and a valid token offered as another person's", async () => {
    const b = new Browser(auth.url);
    expect(error(await b.post('/v3/login/', { facebook_id: '1', facebook_token: 'not-a-token' }))).toMatchObject({ code: 'identity_invalid' });
    expect(error(await b.post('/v3/facebook/profile_data/', { access_token: 'not-a-token' }))).toMatchObject({ code: 'identity_invalid' });
    const { token } = await dialog(b, { login: `${uniqueName('m')}@facebook.example` });
    expect(error(await b.post('/v3/login/', { facebook_id: 'someone-else', facebook_token: token }))).toMatchObject({ code: 'identity_invalid' });
  });
});
