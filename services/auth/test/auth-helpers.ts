import { startService, type RunningService } from '@pinhive/kit';
import { loadAuthConfig, type AuthConfig } from '../src/config';
import { authService } from '../src/service';
import { Browser } from '../../../test/support/browser';
import { serviceEnv, uniqueName, waitFor } from '../../../test/support/servers';

/** An auth service on the real test servers, with its own database, topics and Redis keys. */
export async function startAuth(extra: Record<string, string> = {}): Promise<RunningService<AuthConfig>> {
  const auth = await startService(authService(loadAuthConfig({
    ...serviceEnv(uniqueName('auth'), `${uniqueName('a')}.`), BCRYPT_COST: '10',
    // Every test talks from 127.0.0.1: per-IP limits get their own tests, with their own namespace.
    RATE_LIMIT_NAMESPACE: `${uniqueName('rl')}:`, LOGIN_IP_BURST: '10000', LOGIN_MAX_FAILURES_PER_IP_PER_DAY: '10000',
    ...extra,
  })));
  await waitFor(async () => ((await fetch(`${auth.url}/readyz`)).status === 200 ? true : undefined), 'auth ready', 30_000);
  return auth;
}

export const adultBirthday = Date.UTC(1990, 4, 17) / 1000;
export const newEmail = (tag = 'user') => `${uniqueName(tag)}@example.com`;

/** Signs up a fresh account in a fresh browser; the browser is then logged in. */
export async function signUp(auth: RunningService<AuthConfig>, email = newEmail(), password = 'correct horse 42') {
  const browser = new Browser(auth.url);
  const res = await browser.post('/v3/register/', { type: 'email', email, password, birthday: adultBirthday });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return { browser, email, password, user: (res.body.resource_response.data as { user: { id: string; username: string } }).user };
}

type OutboxMessage = { to: string; text: string; channel: string };

/** The two-factor codes texted to `phone` (dev outbox), newest first. */
export async function smsCodesTo(auth: RunningService<AuthConfig>, phone: string): Promise<string[]> {
  return ((await new Browser(auth.url).get('/v3/dev/outbox/')).body.resource_response.data as OutboxMessage[])
    .filter((m) => m.channel === 'sms' && m.to === phone)
    .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '');
}

/** The newest code texted to `phone` once there are `count` of them. */
export const nthSmsCode = (auth: RunningService<AuthConfig>, phone: string, count: number) =>
  waitFor(async () => { const c = await smsCodesTo(auth, phone); return c.length >= count ? c[0] : undefined; }, `sms #${count}`);
