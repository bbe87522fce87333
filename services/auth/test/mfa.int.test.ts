import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { Browser } from '../../../test/support/browser';
import { nthSmsCode, signUp, startAuth } from './auth-helpers';

/** Two-factor by phone code on the real servers; codes are read from the dev outbox. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => { auth = await startAuth(); });
afterAll(async () => { await auth?.close(); });

const nthCode = (phone: string, count: number) => nthSmsCode(auth, phone, count);

let phoneSeq = 0;
const newPhone = () => `+4477009${String(Date.now() % 100000).padStart(5, '0')}${phoneSeq++ % 10}`;

/** An account with two-factor on: returns its credentials and number. */
async function enrolled() {
  const account = await signUp(auth);
  const phone = newPhone();
  const start = await account.browser.post('/v3/mfa/phone/', { phone_number: phone.replace(/(\d{4})(\d{3})$/, ' $1 $2') });
  expect(start.body.resource_response.data).toEqual({ enabled: false, phone_number_end: null, pending: true, factor: null, recovery_codes_left: null });
  const wrong = await account.browser.post('/v3/mfa/phone/verify/', { code: '000000' === (await nthCode(phone, 1)) ? '111111' : '000000' });
  expect(wrong.body.resource_response.error?.code).toBe('mfa_code_invalid');
  const ok = await account.browser.post('/v3/mfa/phone/verify/', { code: await nthCode(phone, 1) });
  expect(ok.body.resource_response.data).toEqual({ enabled: true, phone_number_end: phone.slice(-2), pending: false, factor: 'sms', recovery_codes_left: null });
  return { ...account, phone };
}

const logIn = (b: Browser, a: { email: string; password: string }, extra: Record<string, unknown> = {}) =>
  b.post('/v3/login/', { username_or_email: a.email, password: a.password, ...extra });

it('refuses a number that is not a full international one', async () => {
  const { browser } = await signUp(auth);
  const res = await browser.post('/v3/mfa/phone/', { phone_number: '07700 900123' });
  expect(res.body.resource_response.error).toMatchObject({ code: 'phone_invalid', data: { field: 'phone_number' } });
});

it('asks for the code with the phone ending, and logs in with the right one, once', async () => {
  const account = await enrolled();
  const b = new Browser(auth.url);
  const first = await logIn(b, account);
  expect(first.status).toBe(401);
  expect(first.body.resource_response.error).toMatchObject({ code: 'mfa_required', message: 'Two-factor authentication required', data: { factor: 'sms', phone_number_end: account.phone.slice(-2) } });
  expect((await b.get('/v3/users/me/')).status).toBe(401);
  const challenge = b.cookies.get('ph_mfa');
  expect(challenge).toBeTruthy();
  const code = await nthCode(account.phone, 2);
  const ok = await logIn(b, account, { mfa_token: code });
  expect(ok.status).toBe(200);
  expect((await b.get('/v3/users/me/')).status).toBe(200);

  // Single use: replaying the same attempt and code does not open a second session.
  const replay = new Browser(auth.url);
  replay.cookies.set('ph_mfa', challenge!);
  expect((await logIn(replay, account, { mfa_token: code })).body.resource_response.error?.code).toBe('mfa_code_expired');
});

it('a code is bound to its log-in attempt: another browser cannot use it', async () => {
  const account = await enrolled();
  await logIn(new Browser(auth.url), account);
  const code = await nthCode(account.phone, 2);
  const other = new Browser(auth.url);
  const res = await logIn(other, account, { mfa_token: code });
  expect(res.body.resource_response.error?.code).toBe('mfa_code_expired');
});

it('a resend voids the older code', async () => {
  const account = await enrolled();
  const b = new Browser(auth.url);
  await logIn(b, account);
  const old = await nthCode(account.phone, 2);
  const resent = await logIn(b, account, { mfa_resend: true });
  expect(resent.body.resource_response.error?.code).toBe('mfa_required');
  const fresh = await nthCode(account.phone, 3);
  if (old !== fresh) expect((await logIn(b, account, { mfa_token: old })).body.resource_response.error?.code).toBe('mfa_code_invalid');
  expect((await logIn(b, account, { mfa_token: fresh })).status).toBe(200);
});

it('allows 5 tries per code, then a new code is needed', async () => {
  const account = await enrolled();
  const b = new Browser(auth.url);
  await logIn(b, account);
  const code = await nthCode(account.phone, 2);
  const wrong = code === '123456' ? '654321' : '123456';
  for (let i = 0; i < 5; i++) expect((await logIn(b, account, { mfa_token: wrong })).body.resource_response.error?.code).toBe('mfa_code_invalid');
  expect((await logIn(b, account, { mfa_token: code })).body.resource_response.error?.code).toBe('mfa_code_expired');
});

it('an expired code is refused (expiry moved into the past, not waited for)', async () => {
  const account = await enrolled();
  const b = new Browser(auth.url);
  await logIn(b, account);
  const code = await nthCode(account.phone, 2);
  await auth.ctx.mongo.collection('mfa_challenges').updateMany({ userId: account.user.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await logIn(b, account, { mfa_token: code })).body.resource_response.error?.code).toBe('mfa_code_expired');
});

it('the wrong password never reaches the code step, and a malformed code is a 400', async () => {
  const account = await enrolled();
  const b = new Browser(auth.url);
  expect((await logIn(b, { ...account, password: 'wrong one' })).body.resource_response.error?.code).toBe('password_incorrect');
  await logIn(b, account);
  const res = await logIn(b, account, { mfa_token: '12ab' });
  expect([res.status, res.body.resource_response.error?.message]).toEqual([400, "Hmm...that doesn't look like a verification code."]);
});
