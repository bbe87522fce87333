import { Redis } from 'ioredis';
import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { Browser } from '../../../test/support/browser';
import { servers, uniqueName } from '../../../test/support/servers';
import { signUp, startAuth } from './auth-helpers';

/** The IP rule and the local human check, on the real Redis (small limits, own namespace). */
let auth: RunningService<AuthConfig>;
let redis: Redis;
beforeAll(async () => {
  auth = await startAuth({ LOGIN_IP_BURST: '3', LOGIN_MAX_FAILURES_PER_IP_PER_DAY: '4', RATE_LIMIT_NAMESPACE: `${uniqueName('hc')}:` });
  redis = new Redis(servers.redisUrl());
});
afterAll(async () => {
  redis?.disconnect();
  await auth?.close();
});

const ns = () => auth.ctx.config.RATE_LIMIT_NAMESPACE;
const resetIp = () => redis.del(`${ns()}login_burst_ip:127.0.0.1`, `${ns()}login_fail_ip:127.0.0.1`, `${ns()}hc_attempts:127.0.0.1`);
const login = (b: Browser, a: { email: string; password: string }, extra: Record<string, unknown> = {}) =>
  b.post('/v3/login/', { username_or_email: a.email, password: a.password, ...extra });
const humanToken = async (b: Browser) => ((await b.post('/v3/auth/human_check/')).body.resource_response.data as { token: string }).token;

beforeEach(resetIp);

it('too many log-ins from one IP need a human check; a retry with its token gets through, once', async () => {
  const account = await signUp(auth);
  const b = new Browser(auth.url);
  for (let i = 0; i < 3; i++) expect((await login(b, account)).status).toBe(200);
  const quick = await login(b, account);
  expect(quick.status).toBe(429);
  expect(quick.body.resource_response.error).toMatchObject({
    code: 'login_too_quick', message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.', data: { human_check: 'local', ip_rule: true },
  });
  expect((await login(b, account, { recaptchaV2Token: 'default' })).status).toBe(429);
  const token = await humanToken(b);
  expect((await login(b, account, { recaptchaV2Token: token })).status).toBe(200);
  expect((await login(b, account, { recaptchaV2Token: token })).status).toBe(429);
});

it('allows 3 human-check verifications per IP per 3600 s', async () => {
  const account = await signUp(auth);
  const b = new Browser(auth.url);
  for (let i = 0; i < 3; i++) await login(b, account);
  for (let i = 0; i < 2; i++) expect((await login(b, account, { recaptchaV2Token: await humanToken(b) })).status).toBe(200);
  expect((await login(b, account, { recaptchaV2Token: 'local.forged' })).status).toBe(429); // the third try, spent
  expect((await login(b, account, { recaptchaV2Token: await humanToken(b) })).status).toBe(429); // a valid token, over the window
  const ttl = await redis.ttl(`${ns()}hc_attempts:127.0.0.1`);
  expect(ttl).toBeGreaterThan(3590);
  expect(ttl).toBeLessThanOrEqual(3600);
});

it('locks an IP for 30 minutes after its daily failures, whatever the account', async () => {
  const account = await signUp(auth);
  const b = new Browser(auth.url);
  await redis.del(`${ns()}login_burst_ip:127.0.0.1`);
  for (let i = 0; i < 4; i++) {
    await redis.del(`${ns()}login_burst_ip:127.0.0.1`);
    expect((await login(b, { email: `${uniqueName('other')}@example.com`, password: 'wrong 123' })).body.resource_response.error?.code).toBe('password_incorrect');
  }
  await redis.del(`${ns()}login_burst_ip:127.0.0.1`);
  expect((await login(b, account)).body.resource_response.error?.code).toBe('login_rate_limited');
  const ttl = await redis.ttl(`${ns()}login_fail_ip:127.0.0.1`);
  expect(ttl).toBeGreaterThan(1790);
  expect(ttl).toBeLessThanOrEqual(1800);
});

it('never holds up an exempt address (a shared NAT), whose identifiers still lock', async () => {
  const exempt = await startAuth({ LOGIN_IP_BURST: '1', LOGIN_IP_RULE_EXEMPT: '10.9.8.7, 127.0.0.1', RATE_LIMIT_NAMESPACE: `${uniqueName('hcx')}:` });
  try {
    const account = await signUp(exempt);
    const b = new Browser(exempt.url);
    for (let i = 0; i < 3; i++) expect((await login(b, account)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(b, { ...account, password: 'wrong 123' })).body.resource_response.error?.code).toBe('password_incorrect');
    expect((await login(b, account)).body.resource_response.error?.code).toBe('login_rate_limited');
  } finally {
    await exempt.close();
  }
});
