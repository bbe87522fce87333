import { RECOGNISED_COOKIE, SESSION_COOKIES } from '@pinhive/contracts';
import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { UserRepository } from '../src/users/user.repository';
import { Browser } from '../../../test/support/browser';
import { newEmail, signUp, startAuth } from './auth-helpers';

/** The welcome-back log-in's recognition of a browser, on the real FerretDB. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth?.close());

const recognised = async (b: Browser) => (await b.get('/v3/auth/recognised/')).body.resource_response.data;

it('a browser is recognised after sign-up and still after log-out; another browser is not', async () => {
  const email = newEmail('Mona.Lisa');
  const { browser } = await signUp(auth, email);
  const expected = { firstName: 'Mona', imageUrl: null, email: email.toLowerCase(), hasPassword: true, connectedToFacebook: false, connectedToGoogle: false };
  expect(await recognised(browser)).toEqual(expected);
  expect((await browser.post('/v3/logout/')).status).toBe(200);
  expect(browser.cookies.has(SESSION_COOKIES.access)).toBe(false);
  expect(await recognised(browser)).toEqual(expected);
  expect(await recognised(new Browser(auth.url))).toBeNull();
});

it('the last account to log in is the one recognised', async () => {
  const first = await signUp(auth);
  const second = await signUp(auth);
  const b = first.browser;
  await b.post('/v3/logout/');
  expect((await b.post('/v3/login/', { username_or_email: second.email, password: second.password })).status).toBe(200);
  expect(await recognised(b)).toMatchObject({ email: second.email });
});

it('"Not you?" forgets the browser', async () => {
  const { browser } = await signUp(auth);
  await browser.post('/v3/logout/');
  const res = await browser.delete('/v3/auth/recognised/');
  expect(res.status).toBe(200);
  expect(browser.cookies.has(RECOGNISED_COOKIE)).toBe(false);
  expect(await recognised(browser)).toBeNull();
});

it('is not an access token, and an access token is not a recognition', async () => {
  const { browser } = await signUp(auth);
  const recognition = browser.cookies.get(RECOGNISED_COOKIE)!;
  const access = browser.cookies.get(SESSION_COOKIES.access)!;
  const impostor = new Browser(auth.url);
  impostor.cookies.set(SESSION_COOKIES.access, recognition);
  expect((await impostor.get('/v3/users/me/')).status).toBe(401);
  const other = new Browser(auth.url);
  other.cookies.set(RECOGNISED_COOKIE, access);
  expect(await recognised(other)).toBeNull();
  other.cookies.set(RECOGNISED_COOKIE, `${recognition.slice(0, -4)}AAAA`);
  expect(await recognised(other)).toBeNull();
});

it('a deactivated account is not welcomed back', async () => {
  const { browser, user } = await signUp(auth);
  await new UserRepository(auth.ctx.mongo).setDeactivation(user.id, { reason: 'closure_request', setAt: new Date() });
  expect(await recognised(browser)).toBeNull();
  expect(browser.cookies.has(RECOGNISED_COOKIE)).toBe(false);
});
