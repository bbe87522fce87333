import type { RunningService } from '@pinhive/kit';
import { SESSION_COOKIES } from '@pinhive/contracts';
import type { AuthConfig } from '../src/config';
import { Browser } from '../../../test/support/browser';
import { adultBirthday, newEmail, signUp, startAuth } from './auth-helpers';

/** Sessions through real FerretDB and Redis: cookies, me, logout, refresh rotation and reuse, CSRF. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => { auth = await startAuth(); });
afterAll(async () => { await auth?.close(); });

it('sign-up logs the new account in with httpOnly cookies; me answers; logout ends it', async () => {
  const { browser, user, email } = await signUp(auth);
  const me = await browser.get('/v3/users/me/');
  expect(me.status).toBe(200);
  expect(me.body.resource_response.data).toMatchObject({ id: user.id, email, viewer_type: 'AUTH', has_password: true });
  const out = await browser.post('/v3/logout/');
  expect(out.status).toBe(200);
  expect(browser.cookies.has(SESSION_COOKIES.access)).toBe(false);
  expect((await browser.get('/v3/users/me/')).status).toBe(401);
});

it('session cookies are httpOnly and SameSite=Lax; the CSRF cookie is readable', async () => {
  const browser = new Browser(auth.url);
  const res = await browser.post('/v3/register/', { type: 'email', email: newEmail(), password: 'correct horse 42', birthday: adultBirthday });
  const byName = (n: string) => res.setCookies.find((c) => c.startsWith(`${n}=`)) ?? '';
  for (const n of [SESSION_COOKIES.access, SESSION_COOKIES.refresh]) {
    expect(byName(n)).toMatch(/HttpOnly/i);
    expect(byName(n)).toMatch(/SameSite=Lax/i);
  }
  expect(byName(SESSION_COOKIES.csrf)).not.toMatch(/HttpOnly/i);
});

it('a cookie-authenticated write without the CSRF header is refused and changes nothing', async () => {
  const { browser } = await signUp(auth);
  const res = await browser.post('/v3/logout/', {}, { csrf: false });
  expect(res.status).toBe(403);
  expect(res.body.resource_response.error?.code).toBe('csrf_failed');
  expect((await browser.get('/v3/users/me/')).status).toBe(200);
});

it('refresh rotates the token; replaying an old one revokes the session', async () => {
  const { browser } = await signUp(auth);
  const first = browser.cookies.get(SESSION_COOKIES.refresh)!;
  expect((await browser.post('/v3/auth/refresh/')).status).toBe(200);
  const second = browser.cookies.get(SESSION_COOKIES.refresh)!;
  expect(second).not.toBe(first);
  expect((await browser.post('/v3/auth/refresh/')).status).toBe(200);
  expect((await browser.get('/v3/users/me/')).status).toBe(200);

  // A thief replays the first token (two rotations old): the whole session ends.
  const thief = new Browser(auth.url);
  await thief.get('/v3/auth/jwks/'); // a CSRF cookie of its own: the thief forges both halves
  thief.cookies.set(SESSION_COOKIES.refresh, first);
  expect((await thief.post('/v3/auth/refresh/')).status).toBe(401);
  expect((await browser.post('/v3/auth/refresh/')).status).toBe(401);
  expect((await browser.get('/v3/users/me/')).status).toBe(401);
});

it('a forged or missing refresh token is refused', async () => {
  const b = new Browser(auth.url);
  expect((await b.post('/v3/auth/refresh/')).status).toBe(401);
  b.cookies.set(SESSION_COOKIES.refresh, 'not-a-session.at-all');
  expect((await b.post('/v3/auth/refresh/')).status).toBe(401);
});

it('publishes the JWKS that verifies its access tokens', async () => {
  const b = new Browser(auth.url);
  const res = await b.get('/v3/auth/jwks/');
  const keys = (res.body.resource_response.data as { keys: { kid: string; kty: string; crv: string; d?: string }[] }).keys;
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256' });
  expect(keys[0]).not.toHaveProperty('d');
});
