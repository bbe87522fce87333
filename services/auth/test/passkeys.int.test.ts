import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { RunningService } from '@pinhive/kit';
import { PASSKEY_CHALLENGE_COOKIE } from '@pinhive/contracts';
import type { AuthConfig } from '../src/config';
import { Browser, type Answer } from '../../../test/support/browser';
import { signUp, startAuth } from './auth-helpers';

/**
 * Passkeys on the real servers (FerretDB, Redis), the ceremonies driven by a software
 * authenticator written here: an ES256 key pair from node:crypto, 'none' attestation, CBOR by a
 * tiny encoder, assertions signed as an authenticator signs them (WebAuthn 6.3.3: the
 * authenticator data followed by the SHA-256 of clientDataJSON).
 */
let auth: RunningService<AuthConfig>;
beforeAll(async () => { auth = await startAuth(); });
afterAll(async () => { await auth?.close(); });

/** PUBLIC_URL's origin (the test servers' default) and its hostname, the RP ID. */
const ORIGIN = 'http://localhost:8080';
const RP_ID = 'localhost';

type Data = Record<string, unknown>;
const data = (res: Answer) => res.body.resource_response.data as Data;
const errorCode = (res: Answer) => res.body.resource_response.error?.code;
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();
const passkeysOf = (res: Answer) => data(res).passkeys as { id: string; name: string; created_at: string; last_used_at: string | null; backed_up: boolean }[];
const stored = () => auth.ctx.mongo.collection<{ _id: string; userId: string; counter: number; lastUsedAt: Date | null; publicKey: string }>('passkeys');

// --- CBOR (RFC 8949), the few kinds an attestation object needs -------------------------------
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

// --- A software authenticator --------------------------------------------------------------------
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Authenticator {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  /** Whether it verifies the person (a PIN, a fingerprint): the UV flag it signs. */
  verifies: boolean;
  userHandle: string | null;
}

function newAuthenticator(opts: { counter?: number; verifies?: boolean; credentialId?: Buffer } = {}): Authenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: opts.credentialId ?? randomBytes(32), privateKey, publicKey, counter: opts.counter ?? 0, verifies: opts.verifies ?? true, userHandle: null };
}

/** The public key as COSE (EC2, ES256, P-256). */
function coseKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  return cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
}

function authData(a: Authenticator, rpId: string, flags: number, attested?: Buffer): Buffer {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(a.counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags | (a.verifies ? FLAG_UV : 0)]), counter, ...(attested ? [attested] : [])]);
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** navigator.credentials.create() with this authenticator: the browser's RegistrationResponseJSON. */
function create(a: Authenticator, options: Data, opts: { origin?: string; rpId?: string } = {}) {
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(a.credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, a.credentialId, coseKey(a.publicKey)]);
  a.userHandle = (options.user as { id: string }).id;
  const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData(a, opts.rpId ?? RP_ID, FLAG_UP | FLAG_AT, attested)]]));
  const id = b64url(a.credentialId);
  return {
    id, rawId: id, type: 'public-key',
    response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge as string, opts.origin ?? ORIGIN)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}

/** navigator.credentials.get() with this authenticator: the browser's AuthenticationResponseJSON (the counter goes up first). */
function get(a: Authenticator, options: Data, opts: { origin?: string; rpId?: string; keepCounter?: boolean } = {}) {
  if (!opts.keepCounter && a.counter > 0) a.counter += 1;
  const data = authData(a, opts.rpId ?? RP_ID, FLAG_UP);
  const client = clientData('webauthn.get', options.challenge as string, opts.origin ?? ORIGIN);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), a.privateKey);
  const id = b64url(a.credentialId);
  return {
    id, rawId: id, type: 'public-key',
    response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature), ...(a.userHandle ? { userHandle: a.userHandle } : {}) },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}

// --- Ceremonies through the API ------------------------------------------------------------------
async function register(browser: Browser, a: Authenticator, opts: { origin?: string; name?: string } = {}) {
  const options = await browser.post('/v3/auth/passkeys/options/');
  expect(options.status).toBe(200);
  return browser.post('/v3/auth/passkeys/', { credential: create(a, data(options), opts), ...(opts.name ? { name: opts.name } : {}) });
}

/** A fresh browser (or the one given) logs in with the authenticator; answers the log-in's answer. */
async function logIn(a: Authenticator, opts: { browser?: Browser; origin?: string; rpId?: string; keepCounter?: boolean } = {}) {
  const browser = opts.browser ?? new Browser(auth.url);
  const options = await browser.post('/v3/auth/passkeys/login/options/');
  expect(options.status).toBe(200);
  const assertion = get(a, data(options), opts);
  return { browser, assertion, res: await browser.post('/v3/auth/passkeys/login/', { credential: assertion }) };
}

/** An account with one passkey. */
async function withPasskey(opts: { counter?: number; verifies?: boolean } = {}) {
  const account = await signUp(auth);
  const authenticator = newAuthenticator(opts);
  const res = await register(account.browser, authenticator);
  expect(res.status).toBe(201);
  return { ...account, authenticator, passkeyId: passkeysOf(res)[0]!.id };
}

it('adds a passkey only soon after a log-in: an older session is asked to log in again, and a fresh log-in may', async () => {
  const account = await signUp(auth);
  // The session's log-in moved back past the window (PASSKEY_ADD_LOGIN_WINDOW_SECONDS, 600 s): a session left open.
  const sessions = auth.ctx.mongo.collection<{ _id: string; userId: string; createdAt: Date }>('sessions');
  await sessions.updateMany({ userId: account.user.id }, { $set: { createdAt: new Date(Date.now() - 601_000) } });
  const stale = await account.browser.post('/v3/auth/passkeys/options/');
  expect([stale.status, errorCode(stale), stale.body.resource_response.error?.message]).toEqual([403, 'recent_login_required', 'For your security, log in again to add a passkey.']);
  // The rest of the settings still work from that session.
  expect(passkeysOf(await account.browser.get('/v3/auth/passkeys/'))).toEqual([]);

  const fresh = new Browser(auth.url);
  expect((await fresh.post('/v3/login/', { username_or_email: account.email, password: account.password })).status).toBe(200);
  expect((await register(fresh, newAuthenticator())).status).toBe(201);
});

it('registers: creation options for the logged-in account, then the passkey is listed and stored with its key', async () => {
  const account = await signUp(auth);
  expect((await new Browser(auth.url).post('/v3/auth/passkeys/options/')).status).toBe(401);
  expect(passkeysOf(await account.browser.get('/v3/auth/passkeys/'))).toEqual([]);

  const options = data(await account.browser.post('/v3/auth/passkeys/options/'));
  expect(options.rp).toEqual({ id: RP_ID, name: 'Pinhive' });
  expect(options.user).toEqual({ id: b64url(account.user.id), name: account.email, displayName: expect.any(String) as string });
  expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });
  expect(options.attestation).toBe('none');
  expect(options.excludeCredentials).toEqual([]);
  expect((options.pubKeyCredParams as { alg: number }[]).map((p) => p.alg)).toEqual([-8, -7, -257]);

  const authenticator = newAuthenticator();
  const res = await account.browser.post('/v3/auth/passkeys/', { credential: create(authenticator, options) });
  expect(res.status).toBe(201);
  const [passkey] = passkeysOf(res);
  expect(passkey).toEqual({ id: b64url(authenticator.credentialId), name: 'Passkey', created_at: expect.any(String) as string, last_used_at: null, backed_up: false });
  expect(passkeysOf(await account.browser.get('/v3/auth/passkeys/'))).toEqual([passkey]);
  expect(await stored().findOne({ _id: passkey!.id })).toMatchObject({ userId: account.user.id, counter: 0, transports: ['internal'], publicKey: b64url(coseKey(authenticator.publicKey)) });

  // The challenge worked once: the same answer again is refused.
  const again = await account.browser.post('/v3/auth/passkeys/', { credential: create(authenticator, options) });
  expect([again.status, errorCode(again)]).toEqual([400, 'passkey_expired']);

  // The next options exclude it; a second passkey gets a numbered default name, or the one given.
  const next = data(await account.browser.post('/v3/auth/passkeys/options/'));
  expect(next.excludeCredentials).toEqual([{ id: passkey!.id, type: 'public-key', transports: ['internal'] }]);
  const second = await account.browser.post('/v3/auth/passkeys/', { credential: create(newAuthenticator(), next) });
  expect(passkeysOf(second).map((p) => p.name)).toEqual(['Passkey', 'Passkey 2']);
  const named = await register(account.browser, newAuthenticator(), { name: '  Work laptop ' });
  expect(passkeysOf(named).map((p) => p.name)).toEqual(['Passkey', 'Passkey 2', 'Work laptop']);
});

it('logs in with no password: options with no allowed credentials, the challenge bound to the browser, a session opened', async () => {
  const account = await withPasskey();
  const browser = new Browser(auth.url);
  const optionsRes = await browser.post('/v3/auth/passkeys/login/options/');
  const options = data(optionsRes);
  expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'preferred' });
  expect(options.allowCredentials).toBeUndefined();
  const cookie = optionsRes.setCookies.find((c) => c.startsWith(`${PASSKEY_CHALLENGE_COOKIE}=`))!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Path=\/v3\/auth\/passkeys\//);

  const res = await browser.post('/v3/auth/passkeys/login/', { credential: get(account.authenticator, options) });
  expect(res.status).toBe(200);
  expect((data(res).user as { id: string }).id).toBe(account.user.id);
  const me = await browser.get('/v3/users/me/');
  expect([me.status, (data(me) as { id: string }).id]).toEqual([200, account.user.id]);
  expect(browser.cookies.has(PASSKEY_CHALLENGE_COOKIE)).toBe(false);
  const session = await auth.ctx.mongo.collection('sessions').findOne({ userId: account.user.id, method: 'passkey' });
  expect(session).not.toBeNull();
  expect((await stored().findOne({ _id: account.passkeyId }))!.lastUsedAt).toBeInstanceOf(Date);
  expect(passkeysOf(await account.browser.get('/v3/auth/passkeys/'))[0]!.last_used_at).not.toBeNull();
});

it('refuses a replayed assertion: the challenge works once, and a new challenge is not the one signed', async () => {
  const account = await withPasskey();
  const { browser, assertion, res } = await logIn(account.authenticator);
  expect(res.status).toBe(200);

  // The same signature again from the same browser: its challenge is gone.
  const replay = await browser.post('/v3/auth/passkeys/login/', { credential: assertion });
  expect([replay.status, errorCode(replay)]).toEqual([400, 'passkey_expired']);
  // From a browser with a fresh challenge: the signature is over another one.
  const other = new Browser(auth.url);
  await other.post('/v3/auth/passkeys/login/options/');
  const replay2 = await other.post('/v3/auth/passkeys/login/', { credential: assertion });
  expect([replay2.status, errorCode(replay2)]).toEqual([401, 'passkey_invalid']);
  // With no challenge at all.
  const bare = await new Browser(auth.url).post('/v3/auth/passkeys/login/', { credential: assertion });
  expect([bare.status, errorCode(bare)]).toEqual([400, 'passkey_expired']);
  // The challenge cookie of one browser carried to another still works only once.
  const first = new Browser(auth.url);
  const options = data(await first.post('/v3/auth/passkeys/login/options/'));
  const signed = get(account.authenticator, options);
  const thief = new Browser(auth.url);
  thief.cookies.set(PASSKEY_CHALLENGE_COOKIE, first.cookies.get(PASSKEY_CHALLENGE_COOKIE)!);
  const answers = await Promise.all([first.post('/v3/auth/passkeys/login/', { credential: signed }), thief.post('/v3/auth/passkeys/login/', { credential: signed })]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
});

it('refuses a ceremony from another origin or for another RP ID', async () => {
  const account = await withPasskey();
  const evil = await logIn(account.authenticator, { origin: 'https://pinhive.evil.example' });
  expect([evil.res.status, errorCode(evil.res)]).toEqual([401, 'passkey_invalid']);
  const otherRp = await logIn(account.authenticator, { rpId: 'evil.example' });
  expect([otherRp.res.status, errorCode(otherRp.res)]).toEqual([401, 'passkey_invalid']);
  const registration = await register(account.browser, newAuthenticator(), { origin: 'https://pinhive.evil.example' });
  expect([registration.status, errorCode(registration)]).toEqual([400, 'passkey_registration_failed']);
  expect(passkeysOf(await account.browser.get('/v3/auth/passkeys/'))).toHaveLength(1);
  // The right origin still logs in.
  expect((await logIn(account.authenticator)).res.status).toBe(200);
});

it('refuses a signature by another key, an unknown passkey and a user handle of another account', async () => {
  const account = await withPasskey();
  const forger = newAuthenticator({ credentialId: account.authenticator.credentialId });
  forger.userHandle = account.authenticator.userHandle;
  const forged = await logIn(forger);
  expect([forged.res.status, errorCode(forged.res)]).toEqual([401, 'passkey_invalid']);
  const unknown = await logIn(newAuthenticator());
  expect([unknown.res.status, errorCode(unknown.res)]).toEqual([401, 'passkey_invalid']);
  const other = await signUp(auth);
  const borrowed = { ...account.authenticator, userHandle: b64url(other.user.id) };
  const mismatch = await logIn(borrowed);
  expect([mismatch.res.status, errorCode(mismatch.res)]).toEqual([401, 'passkey_invalid']);
});

it('keeps the counter: a passkey that counts must count up, and each use records it', async () => {
  const account = await withPasskey({ counter: 5 });
  expect((await logIn(account.authenticator)).res.status).toBe(200);
  expect((await stored().findOne({ _id: account.passkeyId }))!.counter).toBe(6);
  // A clone still at 6 (or behind) is refused.
  const stale = await logIn(account.authenticator, { keepCounter: true });
  expect([stale.res.status, errorCode(stale.res)]).toEqual([401, 'passkey_invalid']);
  account.authenticator.counter = 3;
  expect(errorCode((await logIn(account.authenticator, { keepCounter: true })).res)).toBe('passkey_invalid');
  account.authenticator.counter = 6;
  expect((await logIn(account.authenticator)).res.status).toBe(200);
  expect((await stored().findOne({ _id: account.passkeyId }))!.counter).toBe(7);
});

it('a removed passkey logs nobody in; renaming and removing are the owner\'s alone', async () => {
  const account = await withPasskey();
  const other = await signUp(auth);
  const path = `/v3/auth/passkeys/${account.passkeyId}/`;

  const foreign = await other.browser.request('PATCH', path, { name: 'Mine now' });
  expect([foreign.status, errorCode(foreign)]).toEqual([404, 'passkey_not_found']);
  expect(errorCode(await other.browser.delete(path))).toBe('passkey_not_found');
  const blank = await account.browser.request('PATCH', path, { name: '   ' });
  expect([blank.status, errorCode(blank)]).toEqual([400, 'bad_request']);
  const renamed = await account.browser.request('PATCH', path, { name: 'Phone' });
  expect(passkeysOf(renamed).map((p) => p.name)).toEqual(['Phone']);

  const removed = await account.browser.delete(path);
  expect([removed.status, passkeysOf(removed)]).toEqual([200, []]);
  expect(await stored().findOne({ _id: account.passkeyId })).toBeNull();
  const after = await logIn(account.authenticator);
  expect([after.res.status, errorCode(after.res)]).toEqual([401, 'passkey_invalid']);
  expect(errorCode(await account.browser.delete(path))).toBe('passkey_not_found');
});

it("refuses registering another account's passkey (a credential belongs to one account)", async () => {
  const owner = await withPasskey();
  const other = await signUp(auth);
  // The same authenticator's credential id, offered to the other account (as a copy of it: the owner's keeps its user handle).
  const res = await register(other.browser, { ...owner.authenticator });
  expect([res.status, errorCode(res)]).toEqual([409, 'passkey_exists']);
  expect(passkeysOf(await other.browser.get('/v3/auth/passkeys/'))).toEqual([]);
  expect((await stored().findOne({ _id: owner.passkeyId }))!.userId).toBe(owner.user.id);
  // It still logs its owner in.
  const login = await logIn(owner.authenticator);
  expect((data(login.res).user as { id: string }).id).toBe(owner.user.id);
});

it('keeps at most 10 passkeys per account', async () => {
  const account = await signUp(auth);
  for (let i = 0; i < 10; i += 1) expect((await register(account.browser, newAuthenticator())).status).toBe(201);
  const options = await account.browser.post('/v3/auth/passkeys/options/');
  expect([options.status, errorCode(options)]).toEqual([409, 'passkey_limit']);
  expect(passkeysOf(await account.browser.get('/v3/auth/passkeys/'))).toHaveLength(10);
});

it('counts as two factors with user verification; without it, an account with two-factor on is refused', async () => {
  const verified = await withPasskey({ verifies: true });
  const plain = await withPasskey({ verifies: false });
  // Two-factor on (as a confirmed phone leaves it).
  const on = { mfa: { factor: 'sms', phone: '+447700900123', enabledAt: new Date() } };
  await auth.ctx.mongo.collection<{ _id: string }>('users').updateMany({ _id: { $in: [verified.user.id, plain.user.id] } }, { $set: on });
  // The password asks for the code...
  const password = await new Browser(auth.url).post('/v3/login/', { username_or_email: verified.email, password: verified.password });
  expect(errorCode(password)).toBe('mfa_required');
  // ...a verifying passkey does not.
  const withUv = await logIn(verified.authenticator);
  expect(withUv.res.status).toBe(200);
  const withoutUv = await logIn(plain.authenticator);
  expect([withoutUv.res.status, errorCode(withoutUv.res)]).toEqual([401, 'passkey_verification_required']);
  // Without two-factor, a passkey that does not verify the person is one factor, like a password.
  await auth.ctx.mongo.collection<{ _id: string }>('users').updateOne({ _id: plain.user.id }, { $set: { mfa: null } });
  expect((await logIn(plain.authenticator)).res.status).toBe(200);
});

it("applies the operator's blocks as every log-in does", async () => {
  const account = await withPasskey();
  await auth.ctx.mongo.collection<{ _id: string }>('users').updateOne({ _id: account.user.id }, { $set: { loginBlock: { reason: 'suspended', details: ['spam'], setAt: new Date() } } });
  const res = (await logIn(account.authenticator)).res;
  expect([res.status, errorCode(res)]).toEqual([403, 'suspended']);
  await auth.ctx.mongo.collection<{ _id: string }>('users').updateOne({ _id: account.user.id }, { $set: { loginBlock: null, deactivation: { reason: 'closure_request', setAt: new Date() } } });
  expect(errorCode((await logIn(account.authenticator)).res)).toBe('deactivated');
});

it('counts failed verifications like wrong passwords: 5 in a row lock the passkey for the lockout', async () => {
  const account = await withPasskey();
  for (let i = 0; i < 5; i += 1) {
    const bad = await logIn(account.authenticator, { origin: 'https://pinhive.evil.example' });
    expect(errorCode(bad.res)).toBe('passkey_invalid');
  }
  const locked = await logIn(account.authenticator);
  expect([locked.res.status, errorCode(locked.res)]).toEqual([429, 'login_rate_limited']);
});
