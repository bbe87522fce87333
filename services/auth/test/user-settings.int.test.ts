import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { userModel } from '../src/users/user.model';
import { Browser } from '../../../test/support/browser';
import { signUp, startAuth } from './auth-helpers';

/** `GET /v3/users/settings` and the claim page's write, on FerretDB. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth?.close());

const settingsOf = async (browser: Browser, path = '/v3/users/settings/') => {
  const res = await browser.get(path);
  expect(res.status).toBe(200);
  return res.body.resource_response.data;
};

it('answers a new account as not connected, with no listed website', async () => {
  const { browser } = await signUp(auth);
  expect(await settingsOf(browser)).toEqual({ connected_to_instagram: false, listed_website_url: null });
  // The spec's path has no trailing slash: it is answered the same.
  expect(await settingsOf(browser, '/v3/users/settings')).toEqual({ connected_to_instagram: false, listed_website_url: null });
});

it('keeps the listed website, answers it back and clears it', async () => {
  const { browser } = await signUp(auth);
  const saved = await browser.post('/v3/users/settings/', { listed_website_url: ' https://www.instagram.com/hive.maker ' });
  expect(saved.status).toBe(200);
  expect(saved.body.resource_response.data).toEqual({ connected_to_instagram: false, listed_website_url: 'https://www.instagram.com/hive.maker' });
  expect(await settingsOf(browser)).toMatchObject({ listed_website_url: 'https://www.instagram.com/hive.maker' });

  expect((await browser.post('/v3/users/settings/', { listed_website_url: '' })).status).toBe(200);
  expect(await settingsOf(browser)).toMatchObject({ listed_website_url: null });
});

it('refuses an address that is not a website, keeping the one listed', async () => {
  const { browser } = await signUp(auth);
  await browser.post('/v3/users/settings/', { listed_website_url: 'https://example.com' });
  for (const bad of ['example', 'ftp://example.com', 'javascript:alert(1)', `https://example.com/${'a'.repeat(2048)}`]) {
    const res = await browser.post('/v3/users/settings/', { listed_website_url: bad });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toMatchObject({ code: 'bad_request', data: { field: 'listed_website_url' } });
  }
  expect(await settingsOf(browser)).toMatchObject({ listed_website_url: 'https://example.com' });
});

it('answers connected_to_instagram as stored on the account', async () => {
  const { browser, user } = await signUp(auth);
  await userModel(auth.ctx.mongo).updateOne({ _id: user.id }, { $set: { connectedToInstagram: true } }).exec();
  expect(await settingsOf(browser)).toMatchObject({ connected_to_instagram: true });
});

it('asks for a log-in, and a write without the CSRF header is refused', async () => {
  expect((await new Browser(auth.url).get('/v3/users/settings/')).status).toBe(401);
  const { browser } = await signUp(auth);
  expect((await browser.post('/v3/users/settings/', { listed_website_url: 'https://example.com' }, { csrf: false })).status).toBe(403);
  expect(await settingsOf(browser)).toMatchObject({ listed_website_url: null });
});
