// k6: the home-feed benchmark's measurements (load-tests/feed/run.mjs seeds the store and runs
// this once per PHASE, waiting in between until the stack is idle). The paths:
//
//   feed_page       HomeFeedResource get: a reader's first page (25 pins, as the web app asks),
//                   readers taken in turn; every reader follows 1,000 boards and has 100,000
//                   entries in their feed
//   feed_page_next  the page after it, by the first page's bookmark
//   save            RepinResource create of the source pin onto a followed board (spread over
//                   every saver and board): each save fans out to every reader's feed
//   feed_lag_ms     (a trend, not a request) how long after its save a pin shows in a reader's
//                   first feed page: one VU reads reader 0's first page every POLL_MS and, for
//                   each pin first seen, records now - its `created_at` (the save's time); so a
//                   lag is measured to within POLL_MS plus one page read
//
// PHASE=feed|save: those paths at FIXED arrival rates for WARMUP_SECONDS + PHASE_SECONDS beside
// the no-op floor (`/_noop/pins-boards`, tagged `noop_<phase>`) in the same seconds; the first
// WARMUP_SECONDS are tagged `warmup`, not reported. PHASE=cost is the save phase for
// cost/run.mjs, which divides the stack's CPU by every save answered 201 (the counter
// `saves_created` counts them, warm-up included).
//
// Environment: BASE_URL, PHASE, FIXTURE (JSON from feed/run.mjs: password, the readers' and
// savers' emails, the savers' boards, the source pin; optionally `tokens`, an access token by
// email, so setup logs nobody in: cost/run.mjs keeps the log-ins' bcrypt out of its CPU),
// PHASE_SECONDS, WARMUP_SECONDS, RATE_FEED_PAGE, RATE_FEED_PAGE_NEXT, RATE_SAVE, RATE_NOOP,
// POLL_MS, TARGET_FEED_PAGE_MS, TARGET_LAG_MS.
import http from 'k6/http';
import exec from 'k6/execution';
import { bearer, data, logIn, repinSpread } from './lib/resources.js';
import { check, fail, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const PHASE = __ENV.PHASE || 'feed';
const FIXTURE = JSON.parse(__ENV.FIXTURE || '{}');
const W = Number(__ENV.WARMUP_SECONDS || 10);
const P = Number(__ENV.PHASE_SECONDS || 30);
const POLL_MS = Number(__ENV.POLL_MS || 50);
const PAGE_SIZE = 25;

const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
const RATES = { feed_page: rate('feed_page', 300), feed_page_next: rate('feed_page_next', 20), save: rate('save', 100), noop: rate('noop', 20) };
const TARGETS = { feed_page: Number(__ENV.TARGET_FEED_PAGE_MS || 40), feed_page_next: Number(__ENV.TARGET_FEED_PAGE_MS || 40), lag: Number(__ENV.TARGET_LAG_MS || 500) };

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

const feedLag = new Trend('feed_lag_ms', true);
const savesCreated = new Counter('saves_created');

/** A scenario at a fixed rate (as journeys/save.js: at most 200 VUs, a slow path shows as dropped iterations). */
function arrival(fn, ratePerSecond) {
  return {
    executor: 'constant-arrival-rate', exec: fn, rate: ratePerSecond, timeUnit: '1s', duration: `${W + P}s`,
    preAllocatedVUs: Math.max(2, Math.ceil(ratePerSecond / 10)), maxVUs: Math.max(4, Math.min(200, ratePerSecond)), gracefulStop: '15s',
  };
}

const floor = { ...arrival('noop', RATES.noop), maxVUs: 20, env: { NOOP_PHASE: PHASE } };
const saving = {
  save: arrival('save', RATES.save),
  lag_probe: { executor: 'constant-vus', exec: 'lagProbe', vus: 1, duration: `${W + P}s`, gracefulStop: '15s' },
};
const PHASE_SCENARIOS = {
  feed: {
    feed_page: arrival('feedPage', RATES.feed_page),
    ...(RATES.feed_page_next > 0 ? { feed_page_next: arrival('feedPageNext', RATES.feed_page_next) } : {}),
    noop_feed: floor,
  },
  save: { ...saving, noop_save: floor },
  cost: { ...saving, noop_cost: floor },
};
const scenarios = PHASE_SCENARIOS[PHASE];
if (!scenarios) throw new Error(`PHASE must be one of ${Object.keys(PHASE_SCENARIOS).join(', ')} (got ${PHASE})`);
const PATHS = Object.keys(scenarios).filter((s) => s !== 'lag_probe');

export const options = {
  scenarios,
  setupTimeout: '120s',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    ...Object.fromEntries(PATHS.map((p) => [`http_req_duration{path:${p}}`, [TARGETS[p] ? `p(95)<${TARGETS[p]}` : 'max>=0']])),
    ...Object.fromEntries(PATHS.map((p) => [`http_req_duration{path:${p},expected_response:true}`, ['max>=0']])),
    ...Object.fromEntries(PATHS.map((s) => [`dropped_iterations{scenario:${s}}`, ['count>=0']])),
    ...(PHASE === 'save' || PHASE === 'cost' ? { saves_created: ['count>=0'], 'feed_lag_ms{path:lag}': [`p(95)<${TARGETS.lag}`], 'http_req_duration{path:lag_probe}': ['max>=0'] } : {}),
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};

const warm = () => Date.now() - exec.scenario.startTime < W * 1000;
const tag = (path) => ({ tags: { path: warm() ? 'warmup' : path }, timeout: '15s' });


const feedUrl = (bookmark) => `${BASE_URL}/resource/HomeFeedResource/get/?data=${data({ page_size: PAGE_SIZE, ...(bookmark ? { bookmarks: [bookmark] } : {}) })}`;

/** The access token of `email`: the fixture's when it brings one, else a log-in. */
const tokenOf = (email) => FIXTURE.tokens?.[email] || logIn(BASE_URL, email, FIXTURE.password);

/** Logs everybody in, checks each reader's first page once (full, with a bookmark) and keeps the bookmarks. */
export function setup() {
  const readers = FIXTURE.readers.map((email) => {
    const token = tokenOf(email);
    const first = http.get(feedUrl(), { headers: bearer(token), tags: { path: 'setup' } });
    if (first.status !== 200 || first.json('resource_response.data').length !== PAGE_SIZE) fail(`${email}'s first feed page answered ${first.status}: ${first.body.slice(0, 300)}`);
    return { token, bookmark: first.json('resource_response.bookmarks')[0] };
  });
  const savers = FIXTURE.savers.map((s) => ({ token: tokenOf(s.email), boards: s.boards }));
  return { readers, savers };
}

export function feedPage(d) {
  const reader = d.readers[exec.scenario.iterationInTest % d.readers.length];
  const res = http.get(feedUrl(), { headers: bearer(reader.token), responseType: 'none', ...tag('feed_page') });
  check(res, { 'feed page 200': (r) => r.status === 200 });
}

export function feedPageNext(d) {
  const reader = d.readers[exec.scenario.iterationInTest % d.readers.length];
  const res = http.get(feedUrl(reader.bookmark), { headers: bearer(reader.token), responseType: 'none', ...tag('feed_page_next') });
  check(res, { 'next feed page 200': (r) => r.status === 200 });
}

/** A repin of the source pin by a saver onto one of their boards, spread evenly over all of them. */
export function save(d) {
  const res = repinSpread(BASE_URL, FIXTURE.sourcePinId, d.savers, exec.scenario.iterationInTest, tag('save'));
  check(res, { 'saved 201': (r) => r.status === 201 });
  if (res.status === 201) savesCreated.add(1);
}

/** Pins seen by the probe so far (its one VU keeps them between iterations). */
const seen = new Set();
let probeStartedAt = 0;

/** Reads reader 0's first page and records, for each pin saved since the probe started and not seen before, how long ago it was saved. */
export function lagProbe(d) {
  if (probeStartedAt === 0) probeStartedAt = Date.now();
  const res = http.get(feedUrl(), { headers: bearer(d.readers[0].token), tags: { path: 'lag_probe' }, timeout: '15s' });
  const now = Date.now();
  if (res.status === 200) {
    for (const pin of res.json('resource_response.data')) {
      if (seen.has(pin.id)) continue;
      seen.add(pin.id);
      const savedAt = Date.parse(pin.created_at);
      if (savedAt >= probeStartedAt) feedLag.add(now - savedAt, { path: warm() ? 'warmup' : 'lag' });
    }
  }
  sleep(POLL_MS / 1000);
}

export function noop() {
  const res = http.get(`${BASE_URL}/_noop/pins-boards`, { responseType: 'none', ...tag(`noop_${__ENV.NOOP_PHASE}`) });
  check(res, { 'noop 200': (r) => r.status === 200 });
}
