import { setTimeout as sleep } from 'node:timers/promises';
import { ok } from '../../services/pins-boards/test/support/resources';
import { signUp } from '../../services/auth/test/auth-helpers';
import { Browser } from '../support/browser';
import { ada, drillStack } from '../support/drill-stack';
import { drillSize, recordDrill, timed, whileStopped } from '../support/drills';
import { waitFor } from '../support/servers';

/**
 * Drill "redis" (issue 26): Redis stopped. Log-in, which counts attempts in Redis, answers 503
 * within 1 s (its client's offline queue is off: no hang); reads that do not need Redis (a
 * board, a pin) answer as before; when Redis is back, log-in and the home feed work again
 * without restarting anything.
 */
const OUTAGE_MS = drillSize(3_000, 30_000);
/** The slowest a refused log-in may be (issue 26): a person sees an error, not a spinner. */
const LOGIN_503_WITHIN_MS = 1_000;
const PROBE_EVERY_MS = drillSize(300, 200);

const { stack, calls } = drillStack('redis');

const login = (email: string, password: string) => new Browser(stack.auth.url).post('/v3/login/', { username_or_email: email, password });

it('Redis away: log-in answers 503 within 1 s, reads without Redis answer 200; back: everything works without a restart', async () => {
  const { email, password } = await signUp(stack.auth);
  const board = await calls.createBoard(ada, 'Read through a Redis outage');
  const pin = await calls.savePin(ada, board.id, '#33aa77');
  expect((await login(email, password)).status).toBe(200);
  ok(await calls.get('HomeFeedResource', {}, ada));

  const logins: { status: number; ms: number }[] = [];
  const reads: { status: number; ms: number }[] = [];
  await whileStopped('redis', async () => {
    const until = Date.now() + OUTAGE_MS;
    while (Date.now() < until) {
      const [l, b, p] = await Promise.all([
        timed(() => login(email, password)),
        timed(() => calls.get('BoardResource', { board_id: board.id }, ada)),
        timed(() => calls.get('PinResource', { id: pin.id }, ada)),
      ]);
      logins.push({ status: l.value.status, ms: l.ms });
      if (l.value.status === 503) expect(l.value.body.resource_response.error?.code).toBe('service_unavailable');
      for (const r of [b, p]) reads.push({ status: r.value.status, ms: r.ms });
      await sleep(PROBE_EVERY_MS);
    }
  });
  const back = Date.now();
  // Log-in and the feed (a Redis sorted set) work again, the same processes still running.
  await waitFor(async () => ((await login(email, password)).status === 200 ? true : undefined), 'log-in to work again', 30_000, 250);
  const loginBackMs = Date.now() - back;
  await waitFor(async () => ((await calls.get('HomeFeedResource', {}, ada)).status === 200 ? true : undefined), 'the home feed to answer again', 30_000, 250);
  await waitFor(async () => ((await fetch(`${stack.auth.url}/readyz`)).status === 200 ? true : undefined), 'auth ready again', 30_000, 250);

  // The first attempt may still be answered before the client notices the closed connection;
  // every one after is a quick 503, never a hang and never a log-in that skipped its limiter.
  expect(logins.length).toBeGreaterThan(2);
  expect(logins.filter((l) => l.status !== 503)).toEqual([]);
  expect(logins.filter((l) => l.ms > LOGIN_503_WITHIN_MS)).toEqual([]);
  expect(reads.filter((r) => r.status !== 200)).toEqual([]);
  recordDrill('redis', {
    outageMs: OUTAGE_MS,
    logins: logins.length, loginMaxMs: Math.max(...logins.map((l) => l.ms)),
    reads: reads.length, readMaxMs: Math.max(...reads.map((r) => r.ms)),
    loginBackAfterMs: loginBackMs,
  });
});
