import type { RunningService } from '@pinhive/kit';
import { SESSION_COOKIES, type StoredAccount } from '@pinhive/contracts';
import type { AuthConfig } from '../src/config';
import { Browser } from '../../../test/support/browser';
import { signUp, startAuth } from './auth-helpers';

/** Account switching: one browser logged in to several accounts, switching without a password. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => { auth = await startAuth(); });
afterAll(async () => { await auth?.close(); });

const accounts = async (b: Browser) => ((await b.get('/v3/auth/accounts/')).body.resource_response.data as { accounts: StoredAccount[] }).accounts;
const me = async (b: Browser) => (await b.get('/v3/users/me/')).body.resource_response.data as { id: string } | undefined;

it('keeps both accounts after an account-switch log-in and switches without a password', async () => {
  const a = await signUp(auth);
  const b = await signUp(auth);
  const browser = a.browser;
  const added = await browser.post('/v3/login/', { username_or_email: b.email, password: b.password, account_switch: true });
  expect(added.status).toBe(200);
  expect((await me(browser))?.id).toBe(b.user.id);
  const list = await accounts(browser);
  expect(list.map((x) => [x.id, x.active]).sort()).toEqual([[a.user.id, false], [b.user.id, true]].sort());
  expect(list.find((x) => x.id === a.user.id)).toMatchObject({ username: a.user.username, email: a.email });

  const switched = await browser.post('/v3/auth/switch/', { user_id: a.user.id });
  expect(switched.status).toBe(200);
  expect((switched.body.resource_response.data as { user: { username: string } }).user.username).toBe(a.user.username);
  expect((await me(browser))?.id).toBe(a.user.id);
  expect((await accounts(browser)).find((x) => x.active)?.id).toBe(a.user.id);
  expect(await browser.post('/v3/auth/switch/', { user_id: b.user.id }).then((r) => r.status)).toBe(200);
  expect((await me(browser))?.id).toBe(b.user.id);
});

it('a normal log-in replaces the active account; switching to an unknown one is a 404', async () => {
  const a = await signUp(auth);
  const b = await signUp(auth);
  const browser = a.browser;
  await browser.post('/v3/login/', { username_or_email: b.email, password: b.password });
  expect((await accounts(browser)).map((x) => x.id)).toEqual([b.user.id]);
  const res = await browser.post('/v3/auth/switch/', { user_id: a.user.id });
  expect(res.status).toBe(404);
});

it('logging out ends only the active account; the other stays available', async () => {
  const a = await signUp(auth);
  const b = await signUp(auth);
  const browser = a.browser;
  await browser.post('/v3/login/', { username_or_email: b.email, password: b.password, account_switch: true });
  await browser.post('/v3/logout/');
  expect(await me(browser)).toBeUndefined();
  expect((await accounts(browser)).map((x) => [x.id, x.active])).toEqual([[a.user.id, false]]);
  expect((await browser.post('/v3/auth/switch/', { user_id: a.user.id })).status).toBe(200);
  expect((await me(browser))?.id).toBe(a.user.id);
});

it('anonymous browsers have no stored accounts', async () => {
  expect(await accounts(new Browser(auth.url))).toEqual([]);
});

it('logging in again to a stored account ends its old session instead of leaving it behind', async () => {
  const a = await signUp(auth);
  const b = await signUp(auth);
  const browser = a.browser;
  const oldA = browser.cookies.get(SESSION_COOKIES.refresh)!;
  await browser.post('/v3/login/', { username_or_email: b.email, password: b.password, account_switch: true });
  expect(browser.cookies.get(SESSION_COOKIES.accounts)).toContain(oldA.split('.')[0]);
  const again = await browser.post('/v3/login/', { username_or_email: a.email, password: a.password, account_switch: true });
  expect(again.status).toBe(200);
  expect((await accounts(browser)).map((x) => [x.id, x.active]).sort()).toEqual([[a.user.id, true], [b.user.id, false]].sort());
  const stale = new Browser(auth.url);
  stale.cookies.set(SESSION_COOKIES.refresh, oldA);
  stale.cookies.set(SESSION_COOKIES.csrf, 'any-double-submit-value');
  expect((await stale.post('/v3/auth/refresh/')).status).toBe(401);
});
