import { Redis } from 'ioredis';
import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { UserRepository } from '../src/users/user.repository';
import { Browser } from '../../../test/support/browser';
import { servers, startServer, stopServer, waitFor } from '../../../test/support/servers';
import { newEmail, signUp, startAuth } from './auth-helpers';

/** Log-in with its protections, against the real Redis: lockout, TTL, blocks, Redis down. */
let auth: RunningService<AuthConfig>;
let redis: Redis;
beforeAll(async () => {
  auth = await startAuth();
  redis = new Redis(servers.redisUrl());
});
afterAll(async () => {
  redis?.disconnect();
  await auth?.close();
});

const login = (b: Browser, username_or_email: string, password: string) => b.post('/v3/login/', { username_or_email, password });
const code = (r: Awaited<ReturnType<typeof login>>) => r.body.resource_response.error?.code;

it('logs in with the right password; the wrong one gets the spec message at the password field', async () => {
  const { email, password, user } = await signUp(auth);
  const b = new Browser(auth.url);
  const wrong = await login(b, email, 'not the password');
  expect(wrong.status).toBe(401);
  expect(wrong.body.resource_response.error).toMatchObject({
    code: 'password_incorrect', message: 'The password you entered is incorrect. Try again or Reset your password.', data: { field: 'password' },
  });
  const ok = await login(b, email.toUpperCase(), password);
  expect(ok.status).toBe(200);
  expect(ok.body.resource_response.data).toMatchObject({ user: { id: user.id } });
  expect((await b.get('/v3/users/me/')).status).toBe(200);
  expect((await login(new Browser(auth.url), user.username, password)).status).toBe(200);
});

it('an unknown email gets the same answer as a wrong password', async () => {
  const res = await login(new Browser(auth.url), newEmail('nobody'), 'whatever 123');
  expect(res.status).toBe(401);
  expect(code(res)).toBe('password_incorrect');
});

it('locks an identifier for 30 minutes after 5 consecutive failures, even for the right password', async () => {
  const { email, password } = await signUp(auth);
  const b = new Browser(auth.url);
  for (let i = 0; i < 5; i++) expect(code(await login(b, email, `wrong ${i}`))).toBe('password_incorrect');
  const locked = await login(b, email, password);
  expect(locked.status).toBe(429);
  expect(locked.body.resource_response.error?.message).toBe('You have reached the maximum number of login attempts. Try again in 30 minutes.');
  // The lock is a Redis key that expires after 30 minutes (checked by its TTL, not by waiting).
  const key = `${auth.ctx.config.RATE_LIMIT_NAMESPACE}login_fail_id:${email}`;
  const ttl = await redis.ttl(key);
  expect(ttl).toBeGreaterThan(1790);
  expect(ttl).toBeLessThanOrEqual(1800);
  await redis.del(key); // what the TTL does after 30 minutes
  expect((await login(b, email, password)).status).toBe(200);
});

it('locks an email that has no account the same way (the lock reveals nothing)', async () => {
  const email = newEmail('ghost');
  const b = new Browser(auth.url);
  for (let i = 0; i < 5; i++) await login(b, email, `wrong ${i}`);
  expect(code(await login(b, email, 'anything 123'))).toBe('login_rate_limited');
});

it('a success resets the consecutive failures', async () => {
  const { email, password } = await signUp(auth);
  const b = new Browser(auth.url);
  for (let i = 0; i < 4; i++) await login(b, email, `wrong ${i}`);
  expect((await login(b, email, password)).status).toBe(200);
  for (let i = 0; i < 4; i++) expect(code(await login(b, email, `wrong ${i}`))).toBe('password_incorrect');
});

describe('login blocks (reasons 0-6) and deactivation', () => {
  const users = () => new UserRepository(auth.ctx.mongo);
  it.each([
    ['soft_banned', 403, 'We noticed some strange activity on your account. Reset your password or log in with Facebook or Google to get back into your account.'],
    ['rate_limited', 429, 'You have reached the maximum number of login attempts. Try again in 30 minutes.'],
    ['password_reset_sent', 403, undefined],
    ['prevent_facebook_register', 403, undefined],
    ['prevent_google_register', 403, undefined],
  ] as const)('%s: answered after the right password only', async (reason, status, message) => {
    const { email, password, user } = await signUp(auth);
    await users().setLoginBlock(user.id, { reason, details: [], setAt: new Date() });
    const b = new Browser(auth.url);
    expect(code(await login(b, email, 'wrong password'))).toBe('password_incorrect');
    const res = await login(b, email, password);
    expect(res.status).toBe(status);
    if (message) expect(res.body.resource_response.error?.message).toBe(message);
    expect((await b.get('/v3/users/me/')).status).toBe(401);
  });

  it('suspended answers with its reasons; login assistance sends an email and names it', async () => {
    const s = await signUp(auth);
    await users().setLoginBlock(s.user.id, { reason: 'suspended', details: ['spam'], setAt: new Date() });
    const sus = await login(new Browser(auth.url), s.email, s.password);
    expect(sus.body.resource_response.error).toMatchObject({ code: 'suspended', data: { reasons: ['spam'] } });

    const a = await signUp(auth);
    await users().setLoginBlock(a.user.id, { reason: 'login_assistance', details: [], setAt: new Date() });
    const res = await login(new Browser(auth.url), a.email, a.password);
    expect(res.body.resource_response.error).toMatchObject({ code: 'login_assistance', data: { email: a.email } });
    const outbox = await new Browser(auth.url).get('/v3/dev/outbox/');
    expect((outbox.body.resource_response.data as { to: string }[]).some((m) => m.to === a.email)).toBe(true);
  });

  it('deactivated accounts say so', async () => {
    const d = await signUp(auth);
    await users().setDeactivation(d.user.id, { reason: 'closure_request', setAt: new Date() });
    const res = await login(new Browser(auth.url), d.email, d.password);
    expect(res.body.resource_response.error).toMatchObject({ code: 'deactivated', data: { reasons: ['closure_request'] } });
  });
});

it('answers 503 while Redis is unreachable (never unlimited attempts), and recovers', async () => {
  const { email, password } = await signUp(auth);
  stopServer('redis');
  try {
    const res = await login(new Browser(auth.url), email, password);
    expect(res.status).toBe(503);
    expect(code(res)).toBe('service_unavailable');
  } finally {
    startServer('redis');
  }
  await waitFor(async () => ((await login(new Browser(auth.url), email, password)).status === 200 ? true : undefined), 'log-in to work again', 30_000, 300);
});
