import { randomBytes } from 'node:crypto';
import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { Browser } from '../../../test/support/browser';
import { waitFor } from '../../../test/support/servers';
import { enrolAuthenticator, signUp, startAuth, totpCodeAt as codeAt, totpStepNow as stepNow } from './auth-helpers';

/**
 * Two-factor by authenticator app and recovery codes on the real servers. Codes are made here
 * from the secret the enrolment answers, as the person's app would; steps are chosen inside the
 * one-step drift window, so no test waits for the clock.
 */
let auth: RunningService<AuthConfig>;
// Secrets are sealed in the store, as production requires.
beforeAll(async () => { auth = await startAuth({ MFA_SECRET_KEY: randomBytes(32).toString('base64') }); });
afterAll(async () => { await auth?.close(); });

type Data = Record<string, unknown>;
const data = (res: { body: { resource_response: { data?: unknown } } }) => res.body.resource_response.data as Data;
const errorOf = (res: { body: { resource_response: { error?: { code: string; message: string; data?: Data } } } }) => res.body.resource_response.error;
const logIn = (b: Browser, a: { email: string; password: string }, extra: Data = {}) => b.post('/v3/login/', { username_or_email: a.email, password: a.password, ...extra });
const authenticators = () => auth.ctx.mongo.collection<{ _id: string; active: { lastStep: number; secret: string } | null; pending: unknown }>('mfa_authenticators');

const enrolled = () => enrolAuthenticator(auth);

it('enrols: a link, a QR code and the key to type; a wrong code is refused; a current one turns it on with 10 recovery codes, shown once', async () => {
  const account = await signUp(auth);
  expect(data(await account.browser.get('/v3/mfa/'))).toEqual({ enabled: false, phone_number_end: null, pending: false, factor: null, recovery_codes_left: null });

  const start = await account.browser.post('/v3/mfa/totp/');
  const enrolment = data(start);
  const secret = enrolment.secret as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(enrolment.otpauth_uri).toBe(`otpauth://totp/Pinhive:${encodeURIComponent(account.email)}?issuer=Pinhive&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
  const qr = enrolment.qr_code as string;
  expect(qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
  expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(Date.parse(enrolment.expires_at as string)).toBeGreaterThan(Date.now());
  // Not on until it is confirmed: the log-in asks for nothing more yet.
  expect((await logIn(new Browser(auth.url), account)).status).toBe(200);

  const right = codeAt(secret, stepNow());
  const wrong = await account.browser.post('/v3/mfa/totp/verify/', { code: right === '000000' ? '111111' : '000000' });
  expect([wrong.status, errorOf(wrong)?.code]).toEqual([401, 'mfa_code_invalid']);
  const malformed = await account.browser.post('/v3/mfa/totp/verify/', { code: '12ab56' });
  expect([malformed.status, errorOf(malformed)?.data?.field]).toEqual([400, 'code']);

  const ok = await account.browser.post('/v3/mfa/totp/verify/', { code: right });
  const codes = data(ok).recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  const on = { enabled: true, phone_number_end: null, pending: false, factor: 'totp', recovery_codes_left: 10 };
  expect(data(ok).status).toEqual(on);

  // Never answered again; the codes are stored hashed.
  const status = await account.browser.get('/v3/mfa/');
  expect(data(status)).toEqual(on);
  expect(JSON.stringify(status.body)).not.toContain(secret);
  const stored = JSON.stringify(await authenticators().findOne({ _id: account.user.id }));
  for (const c of codes) expect(stored).not.toContain(c);
  expect(stored).not.toContain(codes[0]!.replace('-', ''));

  // A second authenticator, or a phone, replaces this one only after it is turned off (with a code).
  expect(errorOf(await account.browser.post('/v3/mfa/totp/'))?.code).toBe('mfa_already_enabled');
  expect(errorOf(await account.browser.post('/v3/mfa/phone/', { phone_number: '+447700900123' }))?.code).toBe('mfa_already_enabled');
});

it('an enrolment not confirmed in time is over', async () => {
  const account = await signUp(auth);
  const secret = data(await account.browser.post('/v3/mfa/totp/')).secret as string;
  await authenticators().updateOne({ _id: account.user.id }, { $set: { 'pending.expiresAt': new Date(Date.now() - 1000) } });
  const res = await account.browser.post('/v3/mfa/totp/verify/', { code: codeAt(secret, stepNow()) });
  expect(errorOf(res)?.code).toBe('mfa_setup_expired');
  expect(data(await account.browser.get('/v3/mfa/')).enabled).toBe(false);
});

it("log-in asks for the app's code (nothing is texted), takes a current code once, and refuses its replay", async () => {
  const account = await enrolled();
  const b = new Browser(auth.url);
  const first = await logIn(b, account);
  expect(first.status).toBe(401);
  expect(errorOf(first)).toMatchObject({ code: 'mfa_required', data: { factor: 'totp' } });
  expect(errorOf(first)?.data).not.toHaveProperty('phone_number_end');
  expect(b.cookies.has('ph_mfa')).toBe(false);
  // No resend for an app: it asks for the code again.
  expect(errorOf(await logIn(b, account, { mfa_resend: true }))).toMatchObject({ code: 'mfa_required', data: { factor: 'totp' } });

  const wrongCode = codeAt(account.secret, account.step + 1) === '123456' ? '654321' : '123456';
  const wrong = await logIn(b, account, { mfa_token: wrongCode });
  expect([wrong.status, errorOf(wrong)?.code, errorOf(wrong)?.data]).toEqual([401, 'mfa_code_invalid', { field: 'mfa_token', factor: 'totp' }]);
  const malformed = await logIn(b, account, { mfa_token: '12ab' });
  expect([malformed.status, errorOf(malformed)?.code]).toEqual([400, 'mfa_code_format']);

  // The code used to confirm the enrolment is spent; the next step's code (one step of drift) is not.
  expect(errorOf(await logIn(b, account, { mfa_token: codeAt(account.secret, account.step) }))?.code).toBe('mfa_code_expired');
  const code = codeAt(account.secret, account.step + 1);
  const ok = await logIn(b, account, { mfa_token: code });
  expect(ok.status).toBe(200);
  expect((await b.get('/v3/users/me/')).status).toBe(200);

  // The same code again, from anywhere: refused.
  const replay = await logIn(new Browser(auth.url), account, { mfa_token: code });
  expect([replay.status, errorOf(replay)?.code]).toEqual([401, 'mfa_code_expired']);
});

it('two log-ins sending the same code at the same moment: one gets in', async () => {
  const account = await enrolled();
  const code = codeAt(account.secret, account.step + 1);
  const answers = await Promise.all(Array.from({ length: 4 }, () => logIn(new Browser(auth.url), account, { mfa_token: code })));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
  for (const a of answers.filter((x) => x.status === 401)) expect(errorOf(a)?.code).toBe('mfa_code_expired');
});

it('a recovery code logs in once, however it is typed; new ones void the old ones', async () => {
  const account = await enrolled();
  const [first, second, third] = account.recoveryCodes as [string, string, string];
  expect((await logIn(new Browser(auth.url), account, { mfa_token: first })).status).toBe(200);
  const again = await logIn(new Browser(auth.url), account, { mfa_token: first });
  expect([again.status, errorOf(again)?.code]).toEqual([401, 'mfa_code_invalid']);
  expect((await logIn(new Browser(auth.url), account, { mfa_token: second.replace('-', '').toUpperCase() })).status).toBe(200);
  expect(data(await account.browser.get('/v3/mfa/')).recovery_codes_left).toBe(8);

  // New codes need a current code from the app (a recovery code will not do).
  expect(errorOf(await account.browser.post('/v3/mfa/recovery_codes/', { code: third }))?.code).toBe('bad_request');
  const fresh = await account.browser.post('/v3/mfa/recovery_codes/', { code: codeAt(account.secret, account.step + 1) });
  expect(fresh.status).toBe(200);
  const codes = data(fresh).recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect((data(fresh).status as Data).recovery_codes_left).toBe(10);
  expect(errorOf(await logIn(new Browser(auth.url), account, { mfa_token: third }))?.code).toBe('mfa_code_invalid');
  expect((await logIn(new Browser(auth.url), account, { mfa_token: codes[0] })).status).toBe(200);
});

it('turning it off needs a current code (or a recovery code); then log-in asks for nothing more and the secret is gone', async () => {
  const account = await enrolled();
  const wrong = await account.browser.post('/v3/mfa/totp/disable/', { code: codeAt(account.secret, account.step + 1) === '000000' ? '111111' : '000000' });
  expect(errorOf(wrong)?.code).toBe('mfa_code_invalid');
  expect(data(await account.browser.get('/v3/mfa/')).enabled).toBe(true);

  const off = await account.browser.post('/v3/mfa/totp/disable/', { code: codeAt(account.secret, account.step + 1) });
  expect(data(off)).toEqual({ enabled: false, phone_number_end: null, pending: false, factor: null, recovery_codes_left: null });
  expect((await logIn(new Browser(auth.url), account)).status).toBe(200);
  expect((await authenticators().findOne({ _id: account.user.id }))?.active).toBeNull();
  expect(errorOf(await account.browser.post('/v3/mfa/totp/disable/', { code: '123456' }))?.code).toBe('mfa_not_enabled');

  // A lost phone: a recovery code turns it off too.
  const other = await enrolled();
  const byRecovery = await other.browser.post('/v3/mfa/totp/disable/', { code: other.recoveryCodes[4] });
  expect(data(byRecovery).enabled).toBe(false);
});

it('locks the code step after 5 wrong codes in a row, as the password lockout does', async () => {
  const account = await enrolled();
  const right = codeAt(account.secret, account.step + 1);
  const wrong = right === '123456' ? '654321' : '123456';
  for (let i = 0; i < 5; i++) expect(errorOf(await logIn(new Browser(auth.url), account, { mfa_token: wrong }))?.code).toBe('mfa_code_invalid');
  expect(errorOf(await logIn(new Browser(auth.url), account, { mfa_token: right }))?.code).toBe('login_rate_limited');
  expect(errorOf(await account.browser.post('/v3/mfa/totp/disable/', { code: right }))?.code).toBe('too_many_requests');
});

it("replaces a phone's two-factor: the log-in then asks for the app's code and texts nothing", async () => {
  const account = await signUp(auth);
  const phone = `+4477009${String(Date.now() % 100000).padStart(5, '0')}7`;
  await account.browser.post('/v3/mfa/phone/', { phone_number: phone });
  const texts = async () => ((data(await new Browser(auth.url).get('/v3/dev/outbox/')) as unknown as { to: string; text: string }[]).filter((m) => m.to === phone));
  const sms = await waitFor(async () => { const t = await texts(); return t.length === 1 ? /\b(\d{6})\b/.exec(t[0]!.text)?.[1] : undefined; }, 'enrolment text');
  expect(data(await account.browser.post('/v3/mfa/phone/verify/', { code: sms }))).toMatchObject({ enabled: true, factor: 'sms' });

  const secret = data(await account.browser.post('/v3/mfa/totp/')).secret as string;
  const step = stepNow();
  const ok = await account.browser.post('/v3/mfa/totp/verify/', { code: codeAt(secret, step) });
  expect(data(ok).status).toEqual({ enabled: true, phone_number_end: null, pending: false, factor: 'totp', recovery_codes_left: 10 });
  const b = new Browser(auth.url);
  expect(errorOf(await logIn(b, account))).toMatchObject({ code: 'mfa_required', data: { factor: 'totp' } });
  expect(await texts()).toHaveLength(1);
  expect((await logIn(b, account, { mfa_token: codeAt(secret, step + 1) })).status).toBe(200);
});

it('keeps the secret sealed in the store, and still reads one stored in the clear before there was a key', async () => {
  const account = await enrolled();
  const stored = (await authenticators().findOne({ _id: account.user.id }))!.active!.secret;
  expect(stored).toMatch(/^v1\./);
  expect(stored).not.toContain(account.secret);

  // As written by a service that had no MFA_SECRET_KEY yet.
  await authenticators().updateOne({ _id: account.user.id }, { $set: { 'active.secret': account.secret } });
  const b = new Browser(auth.url);
  expect(errorOf(await logIn(b, account))).toMatchObject({ code: 'mfa_required', data: { factor: 'totp' } });
  expect((await logIn(b, account, { mfa_token: codeAt(account.secret, account.step + 1) })).status).toBe(200);
});

it('rotates MFA_SECRET_KEY: the old key only opens, what it sealed is sealed again under the new one (at use, and by the hourly batch)', async () => {
  const [used, unused] = [await enrolled(), await enrolled()];
  const oldKey = auth.ctx.config.MFA_SECRET_KEY!;
  const newKey = randomBytes(32).toString('base64');
  // The same store, topics and Redis keys, as the next deployment of the same service.
  const same = { MONGO_URL: auth.ctx.config.MONGO_URL, KAFKA_TOPIC_PREFIX: auth.ctx.config.KAFKA_TOPIC_PREFIX, RATE_LIMIT_NAMESPACE: auth.ctx.config.RATE_LIMIT_NAMESPACE };
  const sealedWith = async (id: string) => (await auth.ctx.mongo.collection<{ _id: string; sealedWith?: string }>('mfa_authenticators').findOne({ _id: id }))?.sealedWith;
  const before = await sealedWith(used.user.id);
  expect(before).toEqual(expect.any(String));

  const rotated = await startAuth({ ...same, MFA_SECRET_KEY: newKey, MFA_SECRET_KEYS_PREVIOUS: oldKey });
  try {
    // The batch at start seals both again; a log-in reads them under the new key.
    await waitFor(async () => ((await sealedWith(used.user.id)) !== before && (await sealedWith(unused.user.id)) !== before ? true : undefined), 'secrets sealed again');
    const b = new Browser(rotated.url);
    expect(errorOf(await logIn(b, used))).toMatchObject({ code: 'mfa_required', data: { factor: 'totp' } });
    expect((await logIn(b, used, { mfa_token: codeAt(used.secret, used.step + 1) })).status).toBe(200);
  } finally {
    await rotated.close();
  }
  // The old key removed: everything still opens under the new one alone.
  const newOnly = await startAuth({ ...same, MFA_SECRET_KEY: newKey });
  try {
    const b = new Browser(newOnly.url);
    expect(errorOf(await logIn(b, unused))).toMatchObject({ code: 'mfa_required' });
    expect((await logIn(b, unused, { mfa_token: codeAt(unused.secret, unused.step + 1) })).status).toBe(200);
  } finally {
    await newOnly.close();
  }
});
