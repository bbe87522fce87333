import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { responseParams, signInAt, startLocalIdp, type LocalIdp } from '../support/local-idp';

/**
 * The local identity provider that stands in for SSO, Google-kind, Facebook-kind and LINE
 * (infra/local-idp): each flow the product relies on, walked as its relying party would.
 */
const WEB = 'http://localhost:8080';
let idp: LocalIdp;

beforeAll(async () => {
  idp = await startLocalIdp({ publicUrl: WEB });
});
afterAll(() => idp.stop());

/** A Graph-shaped answer, read loosely as the relying party would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const graphJson = async (url: string): Promise<any> => (await fetch(url)).json();

const implicitUrl = (clientId: string, redirect: string, responseType: string, nonce: string) => {
  const u = new URL(`${idp.issuer}/auth`);
  for (const [k, v] of Object.entries({ client_id: clientId, redirect_uri: redirect, response_type: responseType, scope: 'openid email profile phone', nonce, state: 's1' })) u.searchParams.set(k, v);
  return u.toString();
};

it('signs a company person in through the code flow with PKCE, state and nonce (SSO)', async () => {
  const config = await oidc.discovery(new URL(idp.issuer), 'pinhive-sso', 'local-sso-client-secret-not-for-production', undefined, { execute: [oidc.allowInsecureRequests] });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirect_uri = `${WEB}/sso/callback/`;
  const authorize = oidc.buildAuthorizationUrl(config, {
    redirect_uri, scope: 'openid email profile', state, nonce, code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', login_hint: 'ada@sso-company.test',
  });
  const back = await signInAt(authorize.toString(), { login: 'ada@sso-company.test', given_name: 'Ada', family_name: 'Lovelace' });
  expect(back.origin + back.pathname).toBe(redirect_uri);

  const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  expect(tokens.claims()).toMatchObject({ iss: idp.issuer, aud: 'pinhive-sso', email: 'ada@sso-company.test', given_name: 'Ada', family_name: 'Lovelace' });

  // The code is single use.
  await expect(oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce })).rejects.toThrow();
});

it('hands the browser an ID token for the Google-kind and LINE clients, verifiable with its key set', async () => {
  const nonce = randomBytes(8).toString('hex');
  const back = await signInAt(implicitUrl('pinhive-google', `${WEB}/connect/google/`, 'id_token', nonce), { login: 'grace@example.com', given_name: 'Grace', birthdate: '1990-04-02' });
  const idToken = responseParams(back).get('id_token')!;
  const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), { issuer: idp.issuer, audience: 'pinhive-google' });
  expect(payload).toMatchObject({ nonce, email: 'grace@example.com', given_name: 'Grace', birthdate: '1990-04-02', hd: 'example.com' });

  const line = await signInAt(implicitUrl('pinhive-line', `${WEB}/connect/line/`, 'id_token', nonce), { login: 'grace@example.com' });
  const lineToken = await jwtVerify(responseParams(line).get('id_token')!, createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), { issuer: idp.issuer, audience: 'pinhive-line' });
  // One person, one subject, whichever client asks.
  expect(lineToken.payload.sub).toBe(payload.sub);
});

it('answers the Facebook-kind app the Graph-shaped debug_token and me, with the email only when shared', async () => {
  const graph = `${idp.issuer}/graph`;
  const app = 'pinhive-facebook|local-facebook-app-secret-not-for-production';
  const shared = responseParams(await signInAt(implicitUrl('pinhive-facebook', `${WEB}/connect/facebook/`, 'id_token token', 'n1'), { login: 'fb@example.com', given_name: 'Fay', family_name: 'Book', birthdate: '1991-02-03' }));
  const token = shared.get('access_token')!;

  const debug = await graphJson(`${graph}/debug_token?input_token=${token}&access_token=${encodeURIComponent(app)}`);
  expect(debug.data).toMatchObject({ app_id: 'pinhive-facebook', is_valid: true });
  const me = await graphJson(`${graph}/me?fields=first_name,last_name,email,birthday,picture&access_token=${token}`);
  expect(me).toEqual({ id: debug.data.user_id, first_name: 'Fay', last_name: 'Book', email: 'fb@example.com', birthday: '02/03/1991', picture: { data: { url: '', is_silhouette: true } } });

  // Wrong app secret: refused; an unknown token: not valid.
  expect((await fetch(`${graph}/debug_token?input_token=${token}&access_token=${encodeURIComponent('pinhive-facebook|wrong')}`)).status).toBe(400);
  expect((await graphJson(`${graph}/debug_token?input_token=nope&access_token=${encodeURIComponent(app)}`)).data.is_valid).toBe(false);

  // A phone-only account, and one that withheld its email: no email in the profile.
  for (const person of [{ login: '+15551234567' }, { login: 'private@example.com', withholdEmail: true }]) {
    const t = responseParams(await signInAt(implicitUrl('pinhive-facebook', `${WEB}/connect/facebook/`, 'id_token token', 'n2'), person)).get('access_token')!;
    const profile = await graphJson(`${graph}/me?fields=email,first_name&access_token=${t}`);
    expect(profile.id).toEqual(expect.any(String));
    expect(profile.email).toBeUndefined();
  }
});

it('answers access_denied when the person cancels', async () => {
  const back = await signInAt(implicitUrl('pinhive-google', `${WEB}/connect/google/`, 'id_token', 'n3'), { login: 'x@example.com', cancel: true });
  expect(responseParams(back).get('error')).toBe('access_denied');
});

it('keeps its signing key and its people across a restart', async () => {
  const before = await signInAt(implicitUrl('pinhive-google', `${WEB}/connect/google/`, 'id_token', 'n4'), { login: 'same@example.com' });
  await idp.restart();
  const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
  const old = await jwtVerify(responseParams(before).get('id_token')!, jwks, { issuer: idp.issuer, audience: 'pinhive-google' });
  const after = await signInAt(implicitUrl('pinhive-google', `${WEB}/connect/google/`, 'id_token', 'n5'), { login: 'same@example.com' });
  const fresh = await jwtVerify(responseParams(after).get('id_token')!, jwks, { issuer: idp.issuer, audience: 'pinhive-google' });
  expect(fresh.payload.sub).toBe(old.payload.sub);
});
