import type { RunningService } from '@pinhive/kit';
import { SESSION_COOKIES } from '@pinhive/contracts';
import type { AuthConfig } from '../src/config';
import { Browser } from '../../../test/support/browser';
import { waitFor } from '../../../test/support/servers';
import { adultBirthday, newEmail, signUp, startAuth } from './auth-helpers';

/** Password recovery, under-age refusal and the pre-sign-up checks, on the real servers. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => { auth = await startAuth(); });
afterAll(async () => { await auth?.close(); });

type Message = { to: string; text: string };
const mailTo = async (email: string): Promise<Message[]> =>
  ((await new Browser(auth.url).get('/v3/dev/outbox/')).body.resource_response.data as Message[]).filter((m) => m.to === email);
const tokenIn = (m: Message) => /\/password\/reset\/\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];

it('forgot password answers the same for unknown and known accounts; only the known one gets mail', async () => {
  const unknown = newEmail('nobody');
  const a = await new Browser(auth.url).post('/v3/users/forgot_password/', { username_or_email: unknown });
  const { email } = await signUp(auth);
  const b = await new Browser(auth.url).post('/v3/users/forgot_password/', { username_or_email: email });
  expect([a.status, a.body.resource_response.data]).toEqual([200, { sent: true }]);
  expect([b.status, b.body.resource_response.data]).toEqual([200, { sent: true }]);
  expect(await mailTo(unknown)).toEqual([]);
  const mails = await waitFor(async () => { const m = await mailTo(email); return m.length ? m : undefined; }, 'the reset mail');
  expect(tokenIn(mails[0]!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

it('the emailed link sets a new password once, ends the other sessions and logs in', async () => {
  const { email, password, browser: oldDevice } = await signUp(auth);
  await new Browser(auth.url).post('/v3/users/forgot_password/', { username_or_email: email });
  const mails = await waitFor(async () => { const m = await mailTo(email); return m.length ? m : undefined; }, 'the reset mail');
  const token = tokenIn(mails[0]!)!;

  const tooShort = await new Browser(auth.url).post('/v3/users/reset_password/', { token, password: '123' });
  expect(tooShort.body.resource_response.error?.code).toBe('password_too_short');

  const phone = new Browser(auth.url);
  const reset = await phone.post('/v3/users/reset_password/', { token, password: 'brand new secret 7' });
  expect(reset.status).toBe(200);
  expect((await phone.get('/v3/users/me/')).status).toBe(200);
  expect((await oldDevice.post('/v3/auth/refresh/')).status).toBe(401);

  const again = await new Browser(auth.url).post('/v3/users/reset_password/', { token, password: 'another secret 8' });
  expect(again.body.resource_response.error?.code).toBe('reset_token_invalid');
  expect((await new Browser(auth.url).post('/v3/login/', { username_or_email: email, password })).status).toBe(401);
  expect((await new Browser(auth.url).post('/v3/login/', { username_or_email: email, password: 'brand new secret 7' })).status).toBe(200);
});

it('refuses common passwords, the email itself, passwords over 72 characters and brand-name emails', async () => {
  const b = new Browser(auth.url);
  const reg = (email: string, password: string) => b.post('/v3/register/', { type: 'email', email, password, birthday: adultBirthday });
  expect((await reg(newEmail(), 'password123')).body.resource_response.error?.code).toBe('password_rules');
  const email = newEmail();
  expect((await reg(email, email)).body.resource_response.error?.code).toBe('password_rules');
  expect((await reg(newEmail(), 'x'.repeat(73))).body.resource_response.error).toMatchObject({ code: 'password_rules', message: 'Your password is too long! Use 72 characters or fewer.' });
  expect((await reg('me@pinhive.com', 'correct horse 42')).body.resource_response.error?.message).toBe('Please stick to your name, or the name of your brand');
});

it('an under-age sign-up sets the flag cookie "1", and that browser is refused afterwards', async () => {
  const b = new Browser(auth.url);
  const young = await b.post('/v3/register/', { type: 'email', email: newEmail('young'), password: 'correct horse 42', birthday: Date.UTC(2015, 0, 1) / 1000 });
  expect(young.status).toBe(403);
  expect(young.body.resource_response.error?.message).toBe("Sorry, you're not eligible to sign up for Pinhive right now.");
  expect(b.cookies.get(SESSION_COOKIES.underage)).toBe('1');
  const adult = await b.post('/v3/register/', { type: 'email', email: newEmail('again'), password: 'correct horse 42', birthday: adultBirthday });
  expect(adult.status).toBe(403);
  expect(adult.body.resource_response.error?.code).toBe('underage');
});

it('exists and email validation answer what the sign-up flow reads', async () => {
  const { email } = await signUp(auth);
  const b = new Browser(auth.url);
  expect((await b.get(`/v3/register/exists/?email=${encodeURIComponent(email.toUpperCase())}`)).body.resource_response.data).toBe(true);
  expect((await b.get(`/v3/register/exists/?email=${encodeURIComponent(newEmail('free'))}`)).body.resource_response.data).toBe(false);
  expect((await b.post('/v3/email/validation/', { email: 'fine@example.com' })).body.resource_response.data).toEqual({ is_valid: true });
  expect((await b.post('/v3/email/validation/', { email: 'nope@example' })).body.resource_response.data).toEqual({ is_valid: false });
});
