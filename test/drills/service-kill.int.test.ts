import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import type { Promotion, PromotedPin, ReportRow } from '@pinhive/contracts';
import { startService, type RunningService } from '@pinhive/kit';
import { PEOPLE_COLLECTION } from '../../services/ads/src/people/person.model';
import { USERS_COLLECTION } from '../../services/auth/src/users/user.model';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../../services/pins-boards/src/config';
import { FEED_MAX_ENTRIES } from '../../services/pins-boards/src/feed/feed.model';
import { PROFILES_COLLECTION } from '../../services/pins-boards/src/profiles/profile.model';
import { pinsBoardsService } from '../../services/pins-boards/src/service';
import { followCalls } from '../../services/pins-boards/test/support/follows';
import { ok, png, seedProfiles, whenReady, type Person } from '../../services/pins-boards/test/support/resources';
import { Browser } from '../support/browser';
import { ChildService, freePort } from '../support/child-service';
import { drillSize, recordDrill } from '../support/drills';
import { serviceEnv, servers, uniqueName, untilReady, waitFor } from '../support/servers';
import { testViewers } from '../support/test-viewers';

/**
 * A service killed mid-load and started again, for each service that writes under load: auth
 * under sign-ups, pins-boards under saves onto a followed board, ads under impressions. Each is a
 * child process killed with SIGKILL (no shutdown, no drain, requests in flight) while the load
 * runs, then started again on the same address. Afterwards, once the outboxes and consumers have
 * caught up: every request answered 2xx left its whole write (no partial account, pin or count),
 * counters and feeds equal what is stored, and no side effect happened twice (one profile per
 * account, one feed entry per pin, one impression per viewer). experiences is left out: its
 * handlers write a status that never goes back, so a redelivery changes nothing by construction
 * (docs/decisions/fault-drills.md).
 *
 * Not in the serial list: it kills only its own processes, never a shared server.
 */
/** Each test's own topic prefix: its services are alone in their consumer groups. */
let prefix = '';
const WORKERS = drillSize(3, 8);
/** Requests answered 2xx before the kill, and again after the restart, before the load stops. */
const BEFORE_KILL = drillSize(12, 100);
const AFTER_RESTART = drillSize(12, 100);
const REQUEST_TIMEOUT_MS = 5_000;
/** Each worker's pause between two saves, and two impression posts: about 15 a second in all (full: 40). */
const SAVE_PAUSE_MS = 200;
const POST_PAUSE_MS = 200;
// Generous: three child services start from TypeScript (tsx) beside two jest workers on 2 cores.
const ready = (url: string, what: string) => untilReady(url, what, 120_000, 250);

let viewers: Awaited<ReturnType<typeof testViewers>>;
const closers: (() => Promise<unknown>)[] = [];
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-service-kill-'));
const REPORTS = path.resolve(__dirname, '../../.run/test-reports');

beforeAll(async () => {
  viewers = await testViewers();
}, 60_000);

beforeEach(() => {
  prefix = `${uniqueName('sk')}.`;
});

// Each test's services and databases go with it: a pins-boards left running would share the
// next test's consumer group had they one prefix, and count its saves into another database.
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
}, 60_000);

/** Each service's figures; recorded together once all three ran (load-tests/results/drill-service-kill.json at full size). */
const figures: Record<string, Record<string, unknown>> = {};

afterAll(async () => {
  if (Object.keys(figures).length === 3) recordDrill('service-kill', figures);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

/** A database of the drill's own, dropped at the end. */
async function database(name: string): Promise<{ db: string; conn: Connection }> {
  const db = uniqueName(`sk_${name}`);
  const conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  closers.push(async () => { await conn.dropDatabase().catch(() => undefined); await conn.close(); });
  return { db, conn };
}

/**
 * A service as a child process on a fixed port, killed at the end if still running. Its log (info
 * and up, both runs) goes to .run/test-reports/, and a wait that fails quotes its tail.
 */
async function child(entry: string, env: Record<string, string>): Promise<ChildService> {
  fs.mkdirSync(REPORTS, { recursive: true });
  const logFile = path.join(REPORTS, `service-kill-${path.basename(path.dirname(path.dirname(entry)))}-${prefix.replace(/\W+$/, '')}.log`);
  const service = new ChildService(entry, { ...env, LOG_LEVEL: 'info', PORT: String(await freePort()) }, logFile);
  service.start();
  closers.push(() => service.kill());
  await ready(service.url, `${entry} ready`);
  return service;
}

/** pins-boards in this process (a consumer, or what ads reads pins from). */
async function pinsBoardsInProcess(db: string): Promise<RunningService<PinsBoardsConfig>> {
  const service = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir })));
  closers.push(() => service.close());
  await whenReady(service.url);
  return service;
}

/**
 * `send` from WORKERS workers in a loop until stopped, each pausing `pauseMs` after a request. A
 * 2xx answer records its key; an error, a timeout or a refused connection is a failed request (a
 * client would try again), counted by phase. `send` gets a fresh sequence number each time.
 *
 * A pause keeps the load at what the consumers work off: a restarted service answers requests
 * while its consumer waits to rejoin its group (Kafka holds a killed member's partitions until
 * its session times out), and an unpaced load piles up events there faster than they drain.
 */
function load(send: (n: number) => Promise<{ status: number; key?: string }>, pauseMs = 0) {
  const answered: string[] = [];
  const failures = new Map<string, number>();
  const state = { phase: 'before' as 'before' | 'restarted', running: true, inFlight: 0, n: 0 };
  const worker = async () => {
    while (state.running) {
      const n = state.n++;
      state.inFlight += 1;
      let failed: string | undefined;
      try {
        const res = await send(n);
        if (res.status < 200 || res.status >= 300) failed = `http ${res.status}`;
        else if (res.key) answered.push(res.key);
      } catch (err) {
        failed = (err as { code?: string }).code ?? (err instanceof Error ? err.message : String(err));
      } finally {
        state.inFlight -= 1;
      }
      if (failed) failures.set(`${state.phase}: ${failed}`, (failures.get(`${state.phase}: ${failed}`) ?? 0) + 1);
      // A refused connection fails at once: the client waits before trying again, too.
      if (failed || pauseMs > 0) await sleep(Math.max(pauseMs, failed ? 100 : 0));
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, worker));
  return {
    answered, failures, state,
    failed: () => [...failures.values()].reduce((a, b) => a + b, 0),
    stop: async () => { state.running = false; await done; },
  };
}

/**
 * The kill: once `BEFORE_KILL` requests were answered and some are in flight, SIGKILL and start
 * again. The load goes on through it; once the new process answers (`/healthz`: it takes
 * requests before it is ready, while its consumer rejoins its group), `AFTER_RESTART` more
 * answers, then the load stops and the service is waited for until ready.
 */
async function killMidLoad(service: ChildService, l: ReturnType<typeof load>, what: string, more = () => ''): Promise<{ inFlightAtKill: number; downMs: number; readyMs: number }> {
  await waitFor(async () => (l.answered.length >= BEFORE_KILL && l.state.inFlight > 0 ? true : undefined), `${BEFORE_KILL} ${what} answered`, 90_000, 5);
  const inFlightAtKill = l.state.inFlight;
  const killedAt = Date.now();
  await service.kill('SIGKILL');
  l.state.phase = 'restarted';
  service.start();
  await waitFor(async () => ((await request(service.url).get('/healthz').catch(() => null))?.status === 200 ? true : undefined), `${what}: the service answering again`, 120_000, 100);
  const downMs = Date.now() - killedAt;
  const atAnswering = l.answered.length;
  await waitFor(async () => {
    if (l.answered.length >= atAnswering + AFTER_RESTART) return true;
    throw new Error(`${l.answered.length - atAnswering} so far of ${l.answered.length}; failed ${JSON.stringify(Object.fromEntries(l.failures))} ${more()}`);
  }, `${AFTER_RESTART} more ${what} after the restart`, 90_000);
  await l.stop();
  await ready(service.url, `${what}: the service ready again`);
  return { inFlightAtKill, downMs, readyMs: Date.now() - killedAt };
}

it('auth killed mid sign-ups: every account answered 2xx is whole, and each account reaches pins-boards once, as one profile', async () => {
  const auth = await database('auth');
  const pins = await database('pins_auth');
  await pinsBoardsInProcess(pins.db);
  const service = await child('services/auth/src/main.ts', {
    ...serviceEnv(auth.db, prefix), BCRYPT_COST: '10',
    RATE_LIMIT_NAMESPACE: `${uniqueName('rl')}:`, LOGIN_IP_BURST: '10000', LOGIN_MAX_FAILURES_PER_IP_PER_DAY: '10000',
  });

  const tag = uniqueName('signup');
  const l = load(async (n) => {
    const res = await request(service.url).post('/v3/register/').timeout({ response: REQUEST_TIMEOUT_MS, deadline: REQUEST_TIMEOUT_MS * 2 })
      .send({ type: 'email', email: `${tag}-${n}@example.com`, password: 'correct horse 42', birthday: Date.UTC(1990, 4, 17) / 1000 });
    return { status: res.status, key: (res.body?.resource_response?.data as { user?: { id: string } } | undefined)?.user?.id };
  });
  const kill = await killMidLoad(service, l, 'sign-ups');

  type UserRow = { _id: string; username?: string; email?: string; outboxPending?: true };
  const users = auth.conn.collection<UserRow>(USERS_COLLECTION);
  // Converged: nothing left to publish, and pins-boards has a profile for every account.
  await waitFor(async () => ((await users.countDocuments({ outboxPending: true })) === 0 ? true : undefined), "auth's outbox to empty", 120_000, 250);
  const accounts = await users.find({}, { projection: { _id: 1, username: 1, email: 1 } }).toArray();
  const profiles = pins.conn.collection<{ _id: string; username?: string }>(PROFILES_COLLECTION);
  await waitFor(async () => ((await profiles.countDocuments({})) >= accounts.length ? true : undefined), 'a profile for every account', 120_000, 250);

  // 1. Every sign-up answered 2xx is an account, with its username and email (no half-written one).
  const ids = new Set(accounts.map((a) => a._id));
  expect(l.answered.filter((id) => !ids.has(id))).toEqual([]);
  expect(accounts.filter((a) => !a.username || !a.email).map((a) => a._id)).toEqual([]);
  // Accounts without a 2xx: only sign-ups whose answer was lost (to the kill, or a timeout).
  expect(accounts.length - l.answered.length).toBeLessThanOrEqual(l.failed());
  // 2. Each account is one profile in pins-boards, under its username, and there is no other.
  const byId = new Map((await profiles.find({}, { projection: { _id: 1, username: 1 } }).toArray()).map((p) => [p._id, p.username]));
  expect(accounts.filter((a) => byId.get(a._id) !== a.username).map((a) => a._id)).toEqual([]);
  expect(byId.size).toBe(accounts.length);
  // 3. The accounts made before the kill still log in (their sessions are written after a restart).
  const first = accounts.find((a) => a._id === l.answered[0]);
  const login = await new Browser(service.url).post('/v3/login/', { username_or_email: first?.email, password: 'correct horse 42' });
  expect(login.status).toBe(200);

  figures.auth = { workers: WORKERS, answered: l.answered.length, accounts: accounts.length, failed: Object.fromEntries(l.failures), ...kill };
}, 360_000);

it('pins-boards killed mid saves onto a followed board: every save answered 2xx is stored, the count equals the pins, each pin is in the follower\'s feed once', async () => {
  const { db, conn } = await database('pins');
  const service = await child('services/pins-boards/src/main.ts', { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir });
  const ada: Person = { id: 'user-ada', username: 'ada' };
  const ben: Person = { id: 'user-ben', username: 'ben' };
  await seedProfiles(conn, [[ada, 'Ada'], [ben, 'Ben']]);
  const calls = followCalls(() => ({ url: service.url, viewers }));
  const board = await calls.createBoard(ada, 'Under fire');
  expect((await calls.followBoard(ben, board.id)).status).toBeLessThan(300);
  const source = await calls.savePin(ada, board.id, '#4477aa');
  // Ben's feed is built before the load (a first read builds it): from then on each save is
  // fanned out into it. (A feed built later is read from the store, FEED_PINS_PER_BOARD a board.)
  await waitFor(async () => ((await calls.feedIds(ben)).includes(source.id) ? true : undefined), "the source pin in Ben's feed", 60_000, 250);

  const l = load(async (n) => {
    const res = await request(service.url).post('/resource/RepinResource/create/').set(viewers.bearer(ada))
      .timeout({ response: REQUEST_TIMEOUT_MS, deadline: REQUEST_TIMEOUT_MS * 2 })
      .send({ options: { pin_id: source.id, board_id: board.id, description: `save ${n}` } });
    return { status: res.status, key: (res.body?.resource_response?.data as { id?: string } | undefined)?.id };
  }, SAVE_PAUSE_MS);
  const kill = await killMidLoad(service, l, 'saves');

  const pinsStored = conn.collection<{ _id: string; boardId: string; deletedAt: Date | null; outboxPending?: true }>('pins');
  await waitFor(async () => ((await pinsStored.countDocuments({ outboxPending: true })) === 0 ? true : undefined), "pins-boards' outbox to empty", 120_000, 250);
  const stored = new Set((await pinsStored.find({ boardId: board.id, deletedAt: null }, { projection: { _id: 1 } }).toArray()).map((p) => p._id));

  // 1. Every save answered 2xx is stored; stored without a 2xx only what lost its answer.
  expect(l.answered.filter((id) => !stored.has(id))).toEqual([]);
  expect(stored.size - 1 - l.answered.length).toBeLessThanOrEqual(l.failed());
  // 2. The board's count converges on the pins stored (counted once each through the kill).
  await waitFor(async () => {
    const count = ok<{ pin_count: number }>(await calls.get('BoardResource', { board_id: board.id })).pin_count;
    if (count !== stored.size) throw new Error(`the count is ${count}`);
    return true;
  }, `the board's count to reach ${stored.size}`, 180_000, 250);
  // 3. The follower's feed holds every pin once: all of them, or its newest FEED_MAX_ENTRIES.
  const expected = Math.min(stored.size, FEED_MAX_ENTRIES);
  const feed = await waitFor(async () => {
    const ids = await calls.feedIds(ben);
    if (new Set(ids).size >= expected) return ids;
    throw new Error(`${ids.length} there`);
  }, `${expected} pins in the follower's feed`, 180_000, 500);
  expect(feed.length).toBe(expected);
  expect(new Set(feed).size).toBe(feed.length);
  expect(feed.filter((id) => !stored.has(id))).toEqual([]);

  figures['pins-boards'] = { workers: WORKERS, answered: l.answered.length, stored: stored.size, failed: Object.fromEntries(l.failures), ...kill };
}, 360_000);

it('ads killed mid impressions: every impression is counted once, those sent again after the kill too', async () => {
  const pins = await database('pins_ads');
  const pb = await pinsBoardsInProcess(pins.db);
  const ads = await database('ads');
  const service = await child('services/ads/src/main.ts', {
    ...serviceEnv(ads.db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, PINS_BOARDS_URL: pb.url, ADS_SERVING_REFRESH_MS: '100', ADS_FLUSH_MS: '100',
  });
  const olive: Person = { id: 'user-olive', username: 'olive' };
  await seedProfiles(pins.conn, [[olive, 'Olive']]);
  const as = (who: Person) => viewers.bearer(who);
  const data = <T>(res: request.Response): T => {
    if (res.status >= 300) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
    return (res.body as { resource_response: { data: T } }).resource_response.data;
  };
  const acme = data<{ id: string }>(await request(service.url).post('/ads/v4/advertisers/').set(as(olive)).send({ name: 'Acme Lamps' })).id;
  data(await request(service.url).put(`/ads/v4/advertisers/${acme}/business_profile/`).set(as(olive)).send({ business_name: 'Acme Lamps', country: 'SE' }));
  data(await request(service.url).put(`/ads/v4/advertisers/${acme}/billing_profile/`).set(as(olive)).send({ contact_name: 'Olive', email: 'olive@lamps.example.com', address: 'Storgatan 1', accepted_terms: true }));
  const calls = followCalls(() => ({ url: pb.url, viewers }));
  const board = await calls.createBoard(olive, 'Lamps');
  const pin = ok<{ id: string }>(await calls.write('PinResource', 'create', { board_id: board.id, image_base64: (await png('#d05030')).toString('base64'), method: 'uploaded' }, olive), 201);
  const campaign = data<Promotion>(await request(service.url).post(`/ads/v4/advertisers/${acme}/pins/${pin.id}/quick_promote/`).set({ ...as(olive), 'Idempotency-Key': uniqueName('promote') }).send({
    budget_in_micro_currency: 1_000_000_000, campaign_name: 'Lamps', destination_url: 'https://lamps.example.com/', duration: 10, auto_targeting_enabled: false, is_ongoing: false,
    start_now: true, targeting_spec: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] }, advertiser_id: acme, ads_client_type: 'quick_promote', pin_id: pin.id,
    product_group_id: null, flexible_daily_budget_enabled: false,
  }));

  // Viewers in Sweden as ads knows people (from auth's events), each served the campaign's pin once.
  // Enough that the load never runs dry (posts cut off by the kill are sent again), and under the
  // events route's 600 posts a minute from one address, which the drill's single address would hit.
  const viewerCount = BEFORE_KILL + AFTER_RESTART + drillSize(48, 150);
  const people = Array.from({ length: viewerCount }, (_, i) => ({ id: `user-v${i}`, username: `v${i}` }));
  await ads.conn.collection(PEOPLE_COLLECTION).insertMany(people.map((p) => ({ _id: p.id, username: p.username, firstName: '', lastName: '', country: 'SE' })) as never[]);
  const serve = async (who: Person) => data<{ items: PromotedPin[] }>(await request(service.url).get('/ads/v4/serve/?placement=home_feed&count=5').set(as(who))).items;
  const tokens = await Promise.all(people.map(async (who) => ({ who, token: (await waitFor(async () => (await serve(who)).find((p) => p.ad.campaign_id === campaign.campaign_id), `served to ${who.id}`, 30_000)).ad.token })));

  // Each viewer's impression is sent until it is taken (202), as the web app sends again a post
  // that failed: a post the kill cut off may have been taken already, and is sent again.
  const queue = [...tokens];
  const l = load(async () => {
    const next = queue.shift();
    if (!next) { await sleep(50); return { status: 204 }; } // nothing left to send: not a request
    try {
      const res = await request(service.url).post('/ads/v4/events/').set(as(next.who)).timeout({ response: REQUEST_TIMEOUT_MS, deadline: REQUEST_TIMEOUT_MS * 2 })
        .send({ events: [{ kind: 'impression', token: next.token }] });
      if (res.status !== 202) queue.push(next);
      return { status: res.status, key: next.who.id };
    } catch (err) {
      queue.push(next);
      throw err;
    }
  }, POST_PAUSE_MS);
  const kill = await killMidLoad(service, l, 'impression posts', () => `${queue.length} viewers left to send`);
  // The rest of the queue (the load stopped once enough went through after the restart).
  for (let next = queue.shift(); next; next = queue.shift()) {
    const res = await request(service.url).post('/ads/v4/events/').set(as(next.who)).send({ events: [{ kind: 'impression', token: next.token }] });
    expect(res.status).toBe(202);
  }

  const today = new Date().toISOString().slice(0, 10);
  const counted = await waitFor(async () => {
    const rows = data<ReportRow[]>(await request(service.url).get(`/ads/v4/advertisers/${acme}/reporting/?level=campaigns&start_date=${today}&end_date=${today}`).set(as(olive)));
    const day = rows.find((r) => r.campaign_id === campaign.campaign_id)?.days.find((d) => d.date === today);
    if (day && day.impressions >= viewerCount) return day;
    throw new Error(`${day?.impressions ?? 0} reported so far`);
  }, `${viewerCount} impressions reported`, 120_000, 250).catch((err: Error) => {
    throw new Error(`${err.message}\nads' log, last lines:\n${service.logTail(30)}`);
  });
  // Exactly one per viewer: none lost to the kill, none counted twice for being sent again.
  await sleep(1_000); // two flushes (ADS_FLUSH_MS 100): a count that would go past shows here
  const again = data<ReportRow[]>(await request(service.url).get(`/ads/v4/advertisers/${acme}/reporting/?level=campaigns&start_date=${today}&end_date=${today}`).set(as(olive)));
  expect(counted.impressions).toBe(viewerCount);
  expect(again.find((r) => r.campaign_id === campaign.campaign_id)?.days.find((d) => d.date === today)?.impressions).toBe(viewerCount);

  figures.ads = { workers: WORKERS, viewers: viewerCount, posts: l.state.n, failed: Object.fromEntries(l.failures), ...kill };
}, 360_000);
