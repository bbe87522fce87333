import { SESSION_COOKIES } from '@pinhive/contracts';
import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { SESSIONS_COLLECTION } from '../src/sessions/session.model';
import { UserRepository } from '../src/users/user.repository';
import { Browser, type Answer } from '../../../test/support/browser';
import { enrolAuthenticator, nthSmsCode, signUp, startAuth, totpCodeAt } from './auth-helpers';

/**
 * Concurrency attacks on log-in, its two-factor step and session refresh (issue 26), against the
 * real Redis and store: many requests at once get no more than one at a time would. Each case
 * asserts the answers the attacker and the account's owner see.
 */
let auth: RunningService<AuthConfig>;
beforeAll(async () => { auth = await startAuth(); });
afterAll(async () => { await auth?.close(); });

const PARALLEL = 50;
/** The spec's 5 tries per code and 5 consecutive failures (README "Log-in protection", mfa-codes.ts). */
const LIMIT = 5;

const logIn = (b: Browser, a: { email: string; password: string }, extra: Record<string, unknown> = {}) =>
  b.post('/v3/login/', { username_or_email: a.email, password: a.password, ...extra });
const codeOf = (res: Answer) => res.body.resource_response.error?.code ?? 'ok';
/** How many answers had each error code (`ok` for a success). */
const tally = (answers: Answer[]) => answers.reduce<Record<string, number>>((t, r) => ({ ...t, [codeOf(r)]: (t[codeOf(r)] ?? 0) + 1 }), {});
const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));
/** A 6-digit code other than `right`. */
const wrongCode = (right: string) => (right === '123456' ? '654321' : '123456');

describe('log-in lock-out', () => {
  it('50 wrong passwords at once get 5 password answers; the rest, and then the right password, are locked out', async () => {
    const account = await signUp(auth);
    const answers = await times(PARALLEL, () => logIn(new Browser(auth.url), { ...account, password: 'not the password' }));
    expect(tally(answers)).toEqual({ password_incorrect: LIMIT, login_rate_limited: PARALLEL - LIMIT });
    expect(codeOf(await logIn(new Browser(auth.url), account))).toBe('login_rate_limited');
  });

  it('50 right passwords at once to a locked account: none gets through', async () => {
    const account = await signUp(auth);
    for (let i = 0; i < LIMIT; i++) expect(codeOf(await logIn(new Browser(auth.url), { ...account, password: `wrong ${i}` }))).toBe('password_incorrect');
    const browsers = Array.from({ length: PARALLEL }, () => new Browser(auth.url));
    const answers = await Promise.all(browsers.map((b) => logIn(b, account)));
    expect(tally(answers)).toEqual({ login_rate_limited: PARALLEL });
    for (const b of browsers) expect(b.cookies.has(SESSION_COOKIES.access)).toBe(false);
  });
});

describe('two-factor codes', () => {
  it('50 wrong texted codes at once: 5 are evaluated, then the right code is refused (a new code is needed)', async () => {
    const account = await signUp(auth);
    const phone = `+4477009${String(Date.now() % 100000).padStart(5, '0')}3`;
    await new UserRepository(auth.ctx.mongo).setMfa(account.user.id, { mfa: { factor: 'sms', phone, enabledAt: new Date() } });
    const b = new Browser(auth.url);
    expect(codeOf(await logIn(b, account))).toBe('mfa_required');
    const right = await nthSmsCode(auth, phone, 1);
    const answers = await times(PARALLEL, () => logIn(b, account, { mfa_token: wrongCode(right) }));
    expect(tally(answers)).toEqual({ mfa_code_invalid: LIMIT, mfa_code_expired: PARALLEL - LIMIT });
    expect(codeOf(await logIn(b, account, { mfa_token: right }))).toBe('mfa_code_expired');
    expect((await b.get('/v3/users/me/')).status).toBe(401);
  });

  it("50 wrong authenticator codes at once: 5 are evaluated, then the app's right code is refused for the lock-out", async () => {
    const account = await enrolAuthenticator(auth);
    const right = totpCodeAt(account.secret, account.step + 1);
    const answers = await times(PARALLEL, () => logIn(new Browser(auth.url), account, { mfa_token: wrongCode(right) }));
    expect(tally(answers)).toEqual({ mfa_code_invalid: LIMIT, login_rate_limited: PARALLEL - LIMIT });
    const b = new Browser(auth.url);
    expect(codeOf(await logIn(b, account, { mfa_token: right }))).toBe('login_rate_limited');
    expect((await b.get('/v3/users/me/')).status).toBe(401);
  });
});

describe('refresh token replay', () => {
  /** A refresh from a browser of its own holding `token` (and a CSRF cookie: the thief forges both halves). */
  const refresh = async (token: string) => {
    const b = new Browser(auth.url);
    await b.get('/v3/auth/jwks/');
    b.cookies.set(SESSION_COOKIES.refresh, token);
    return { res: await b.post('/v3/auth/refresh/'), b };
  };

  it('a stolen, rotated-away token replayed 20 times at once: none succeeds and the session ends', async () => {
    const { browser } = await signUp(auth);
    const stolen = browser.cookies.get(SESSION_COOKIES.refresh)!;
    // Two rotations: the stolen token is not the one just before the current (no tab-race grace).
    for (let i = 0; i < 2; i++) expect((await browser.post('/v3/auth/refresh/')).status).toBe(200);
    const replays = await times(20, () => refresh(stolen));
    expect(replays.map((r) => r.res.status)).toEqual(Array(20).fill(401));
    expect((await browser.post('/v3/auth/refresh/')).status).toBe(401);
    expect((await browser.get('/v3/users/me/')).status).toBe(401);
  });

  it('the current token sent 20 times at once rotates once; replayed again after the grace, the session ends', async () => {
    const { browser, user } = await signUp(auth);
    const token = browser.cookies.get(SESSION_COOKIES.refresh)!;
    const sent = await times(20, () => refresh(token));
    const winners = sent.filter((r) => r.res.status === 200);
    expect(winners).toHaveLength(1);
    expect(sent.filter((r) => r.res.status === 401)).toHaveLength(19);
    // The 19 others are taken for tabs refreshing together (10 s grace): the session goes on.
    const winner = winners[0]!.b;
    expect((await winner.get('/v3/users/me/')).status).toBe(200);

    // Past the grace (the rotation moved back 11 s, not waited for), the old token is reuse.
    await auth.ctx.mongo.collection(SESSIONS_COLLECTION).updateMany({ userId: user.id }, { $set: { rotatedAt: new Date(Date.now() - 11_000) } });
    const replays = await times(20, () => refresh(token));
    expect(replays.map((r) => r.res.status)).toEqual(Array(20).fill(401));
    expect((await winner.post('/v3/auth/refresh/')).status).toBe(401);
    expect((await winner.get('/v3/users/me/')).status).toBe(401);
  });
});
