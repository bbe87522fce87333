import { Secret, TOTP } from 'otpauth';
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

const TOTP_PERIOD_MS = 30_000;
/** The authenticator step of now (codes of a step either side are accepted too). */
export const totpStepNow = () => Math.floor(Date.now() / TOTP_PERIOD_MS);
/** The app's code of a step, as the person's authenticator app makes it from the secret. */
export const totpCodeAt = (secret: string, step: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * TOTP_PERIOD_MS });

/** A fresh account with the authenticator app on: its secret, the step its confirming code used, and its recovery codes. */
export async function enrolAuthenticator(auth: RunningService<AuthConfig>) {
  const account = await signUp(auth);
  const start = await account.browser.post('/v3/mfa/totp/');
  if (start.status !== 200) throw new Error(`authenticator set-up failed: ${JSON.stringify(start.body)}`);
  const secret = (start.body.resource_response.data as { secret: string }).secret;
  const step = totpStepNow();
  const ok = await account.browser.post('/v3/mfa/totp/verify/', { code: totpCodeAt(secret, step) });
  if (ok.status !== 200) throw new Error(`authenticator confirmation failed: ${JSON.stringify(ok.body)}`);
  return { ...account, secret, step, recoveryCodes: (ok.body.resource_response.data as { recovery_codes: string[] }).recovery_codes };
}
