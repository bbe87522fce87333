import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError } from '../errors';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, cachedAccessTokens, jwksLookup, verifyAccessToken, type KeyLookup } from './tokens';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keys = new Map<string, KeyObject>([['k1', publicKey]]);
const lookup: KeyLookup = async (kid) => keys.get(kid);

const claims = { sid: 's1', typ: 'access', vt: 'AUTH', usr: 'ada' };
const sign = (overrides: jwt.SignOptions = {}, payload: object = claims, key: jwt.Secret | KeyObject = privateKey) =>
  jwt.sign(payload, key, { algorithm: 'ES256', keyid: 'k1', subject: 'u1', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, expiresIn: 60, ...overrides });

async function codeOf(token: string): Promise<string> {
  try {
    await verifyAccessToken(token, lookup);
    return 'accepted';
  } catch (err) {
    return err instanceof AppError ? `${err.status} ${err.code}` : String(err);
  }
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('verifyAccessToken', () => {
  it('accepts a token we signed and reads the viewer from it', async () => {
    await expect(verifyAccessToken(sign(), lookup)).resolves.toEqual({ userId: 'u1', sessionId: 's1', username: 'ada', viewerType: 'AUTH' });
  });

  it('refuses alg "none"', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT', kid: 'k1' })}.${b64({ ...claims, sub: 'u1', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 60 })}.`;
    expect(await codeOf(token)).toBe('401 unauthorized');
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const pem = publicKey.export({ type: 'spki', format: 'pem' });
    const token = sign({ algorithm: 'HS256' }, claims, Buffer.from(pem));
    expect(await codeOf(token)).toBe('401 unauthorized');
  });

  it('refuses a wrong audience or issuer, and a key that is not ours', async () => {
    expect(await codeOf(sign({ audience: 'someone-else' }))).toBe('401 unauthorized');
    expect(await codeOf(sign({ issuer: 'evil' }))).toBe('401 unauthorized');
    expect(await codeOf(sign({}, claims, other.privateKey))).toBe('401 unauthorized');
  });

  it('answers token_expired for an expired token, so the client refreshes', async () => {
    expect(await codeOf(sign({ expiresIn: -10 }))).toBe('401 token_expired');
  });

  it('refuses an unknown kid and a token without one', async () => {
    expect(await codeOf(sign({ keyid: 'k9' }))).toBe('401 unauthorized');
    const noKid = jwt.sign({ ...claims }, privateKey, { algorithm: 'ES256', subject: 'u1', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, expiresIn: 60 });
    expect(await codeOf(noKid)).toBe('401 unauthorized');
  });

  it('refuses a refresh token, or any token that is not an access token', async () => {
    expect(await codeOf('3f1c2a.some-opaque-refresh-secret')).toBe('401 unauthorized');
    expect(await codeOf(sign({}, { ...claims, typ: 'refresh' }))).toBe('401 unauthorized');
    expect(await codeOf('garbage')).toBe('401 unauthorized');
  });
});

describe('jwksLookup', () => {
  const jwks = { resource_response: { status: 'success', data: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1' }] } } };

  it('fetches keys once and refetches for an unknown kid no more than once per interval', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls += 1;
      return new Response(JSON.stringify(jwks), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const find = jwksLookup('http://auth/v3/auth/jwks/', { fetchImpl, minRefetchMs: 60_000 });
    await expect(verifyAccessToken(sign(), find)).resolves.toMatchObject({ userId: 'u1' });
    await verifyAccessToken(sign(), find);
    expect(await find('forged-kid')).toBeUndefined();
    expect(await find('forged-kid-2')).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('lookups arriving while the first fetch runs wait for it (no 401 for a valid token just after a start)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const fetchImpl = (async () => {
      await gate;
      return new Response(JSON.stringify(jwks), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const find = jwksLookup('http://auth/v3/auth/jwks/', { fetchImpl, minRefetchMs: 60_000 });
    const first = find('k1');
    const second = find('k1');
    release();
    expect(await first).toBeDefined();
    expect(await second).toBeDefined();
  });
});

describe('cachedAccessTokens', () => {
  const counting = () => {
    const seen: string[] = [];
    const counted: KeyLookup = async (kid) => { seen.push(kid); return keys.get(kid); };
    return { seen, counted };
  };

  it('checks a token once and answers its viewer again from memory until its exp', async () => {
    const { seen, counted } = counting();
    const clock = { now: Date.now() };
    const verify = cachedAccessTokens(counted, { now: () => clock.now });
    const token = sign({ expiresIn: 60 });
    const viewer = { userId: 'u1', sessionId: 's1', username: 'ada', viewerType: 'AUTH' };
    await expect(verify(token)).resolves.toEqual(viewer);
    await expect(verify(token)).resolves.toEqual(viewer);
    expect(seen).toEqual(['k1']);
    // Past its exp the token is checked again (and jsonwebtoken refuses an expired one).
    clock.now += 61_000;
    await verify(token);
    expect(seen).toEqual(['k1', 'k1']);
  });

  it('never keeps a refusal', async () => {
    const { seen, counted } = counting();
    const verify = cachedAccessTokens(counted);
    const forged = sign({}, claims, other.privateKey);
    await expect(verify(forged)).rejects.toBeInstanceOf(AppError);
    await expect(verify(forged)).rejects.toBeInstanceOf(AppError);
    expect(seen).toEqual(['k1', 'k1']);
  });
});
