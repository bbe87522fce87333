// k6: the ads benchmark's measurements (load-tests/ads/run.mjs seeds the stack and runs this once
// per PHASE). The phases:
//
// PHASE=feed    home feed reads at RATE_FEED (300/s) for WARMUP_SECONDS + PHASE_SECONDS, by
//               seeded viewers in turn, in alternating windows of WINDOW_SECONDS (so both ways
//               see the same machine state): `feed` reads the first page alone (HomeFeedResource
//               get); `feed_ads` reads it as the browser does with ad insertion, the page and
//               `GET /ads/v4/serve/?placement=home_feed&count=2` in parallel (http.batch). Both are
//               timed the same way, wall clock around the call (the batch's: its slower request),
//               in the trend `page_ms`. The browser shows the page when it arrives and places
//               the ads only if they came first (web/src/promoted/queries.ts), so the read as
//               shown is the page's own time in the batch; `ads_in_time` counts the reads whose
//               ads came no later than their page. Beside them the no-op floor (`/_noop/ads`) at RATE_NOOP.
// PHASE=events  impression events at RATE_EVENTS requests/s for PHASE_SECONDS (no warm-up: every
//               event counts), EVENTS_PER_REQUEST each, anonymous, every token a distinct visitor
//               (TOKENS_FILE, from anonymous serve calls made beforehand). The counters
//               `events_accepted` and `events_skipped` add up what the service answered. The
//               requests come from many loopback addresses (see SLOTS below).
//
// Environment: BASE_URL, PHASE, FIXTURE_FILE (JSON: the viewers' access tokens), TOKENS_FILE, PHASE_SECONDS,
// WARMUP_SECONDS, WINDOW_SECONDS, RATE_FEED, RATE_NOOP, RATE_EVENTS, EVENTS_PER_REQUEST, EVENT_SLOTS, K6_LOCAL_IPS.
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import { Counter, Rate, Trend } from 'k6/metrics';
import { bearer, data, json } from './lib/resources.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const PHASE = __ENV.PHASE || 'feed';
const VIEWERS = new SharedArray('viewers', () => (__ENV.FIXTURE_FILE ? JSON.parse(open(__ENV.FIXTURE_FILE)).tokens : []));
const W = Number(__ENV.WARMUP_SECONDS || 10);
const P = Number(__ENV.PHASE_SECONDS || 60);
const WINDOW = Number(__ENV.WINDOW_SECONDS || 5);
const PER_REQUEST = Number(__ENV.EVENTS_PER_REQUEST || 10);
const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
const RATES = { feed: rate('feed', 300), noop: rate('noop', 20), events: rate('events', 100) };

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

const pageMs = new Trend('page_ms', true);
const adsServed = new Counter('ads_served');
/** Reads with ads whose serve answer came no later than the page: the browser placed them. */
const adsInTime = new Rate('ads_in_time');
/** Every serve call, warm-up included: the runner divides ads' CPU of the phase by it. */
const serveCalls = new Counter('serve_calls');
const accepted = new Counter('events_accepted');
const skipped = new Counter('events_skipped');
const tokens = PHASE === 'events' ? new SharedArray('tokens', () => JSON.parse(open(__ENV.TOKENS_FILE))) : [];

/*
 * ads allows 600 event posts a minute per address (a browser sends one every couple of seconds).
 * The events go out in SLOTS scenarios of RATE_EVENTS / SLOTS posts/s, each with VUs of its own,
 * and k6 gives the VUs addresses in turn (K6_LOCAL_IPS, set by the runner to SLOTS x 3
 * loopback addresses: the `localIPs` option in a script is not applied): one address never sends more than its
 * slot's rate, whichever of the slot's VUs k6 keeps busy.
 */
const SLOTS = Number(__ENV.EVENT_SLOTS || 20);
/** VUs per slot: load-tests/ads/run.mjs gives k6 SLOTS x SLOT_VUS addresses. */
const SLOT_VUS = 3;

function arrival(fn, ratePerSecond, seconds, vus) {
  return {
    executor: 'constant-arrival-rate', exec: fn, rate: ratePerSecond, timeUnit: '1s', duration: `${seconds}s`,
    preAllocatedVUs: vus ?? Math.max(2, Math.ceil(ratePerSecond / 10)), maxVUs: vus ?? Math.max(4, Math.min(200, ratePerSecond)), gracefulStop: '15s',
  };
}

const PHASE_OPTIONS = {
  feed: {
    scenarios: { feed: arrival('feed', RATES.feed, W + P), noop: { ...arrival('noop', RATES.noop, W + P), maxVUs: 20 } },
    thresholds: {
      'page_ms{path:feed}': ['max>=0'], 'page_ms{path:feed_ads}': ['max>=0'], 'http_req_duration{path:noop}': ['max>=0'],
      'http_req_duration{path:feed_ads_serve}': ['max>=0'], 'http_req_duration{path:feed_ads_page}': ['max>=0'], 'http_req_duration{path:feed}': ['max>=0'],
      'dropped_iterations{scenario:feed}': ['count>=0'], 'dropped_iterations{scenario:noop}': ['count>=0'], ads_served: ['count>=0'], ads_in_time: ['rate>=0'], serve_calls: ['count>=0'],
    },
  },
  events: {
    scenarios: Object.fromEntries(Array.from({ length: SLOTS }, (_, slot) => [`events_${slot}`, { ...arrival('events', RATES.events / SLOTS, P, SLOT_VUS), env: { SLOT: String(slot) } }])),
    thresholds: { events_accepted: ['count>=0'], events_skipped: ['count>=0'], 'http_req_duration{path:events}': ['max>=0'], 'http_reqs{path:events}': ['count>=0'], dropped_iterations: ['count>=0'] },
  },
};
const chosen = PHASE_OPTIONS[PHASE];
if (!chosen) throw new Error(`PHASE must be one of ${Object.keys(PHASE_OPTIONS).join(', ')} (got ${PHASE})`);

export const options = {
  ...chosen,
  thresholds: { http_req_failed: ['rate<0.01'], ...chosen.thresholds },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};

const elapsed = () => Date.now() - exec.scenario.startTime;
const FEED_URL = `${BASE_URL}/resource/HomeFeedResource/get/?data=${data({ page_size: 25 })}`;
const SERVE_URL = `${BASE_URL}/ads/v4/serve/?placement=home_feed&count=2`;

export function feed() {
  const t = elapsed();
  const withAds = Math.floor(t / (WINDOW * 1000)) % 2 === 1;
  const path = t < W * 1000 ? 'warmup' : withAds ? 'feed_ads' : 'feed';
  const headers = bearer(VIEWERS[exec.scenario.iterationInTest % VIEWERS.length]);
  const params = (tag) => ({ headers, timeout: '15s', tags: { path: path === 'warmup' ? 'warmup' : tag } });
  if (!withAds) {
    const t0 = Date.now();
    const res = http.get(FEED_URL, { ...params('feed'), responseType: 'none' });
    pageMs.add(Date.now() - t0, { path });
    check(res, { 'feed page 200': (r) => r.status === 200 });
    return;
  }
  const t0 = Date.now();
  const [page, served] = http.batch([
    ['GET', FEED_URL, null, { ...params('feed_ads_page'), responseType: 'none' }],
    ['GET', SERVE_URL, null, params('feed_ads_serve')],
  ]);
  pageMs.add(Date.now() - t0, { path });
  serveCalls.add(1);
  check(page, { 'feed page 200': (r) => r.status === 200 });
  const servedOk = check(served, { 'serve 200': (r) => r.status === 200 });
  if (servedOk) adsServed.add(served.json('resource_response.data.items').length);
  if (path !== 'warmup') adsInTime.add(servedOk && served.timings.duration <= page.timings.duration);
}

export function noop() {
  http.get(`${BASE_URL}/_noop/ads`, { responseType: 'none', timeout: '15s', tags: { path: elapsed() < W * 1000 ? 'warmup' : 'noop' } });
}

export function events() {
  // The slots take the tokens in turn: slot s has every SLOTS-th block of PER_REQUEST.
  const from = (exec.scenario.iterationInTest * SLOTS + Number(__ENV.SLOT)) * PER_REQUEST;
  if (from + PER_REQUEST > tokens.length) return; // run out: the runner collects enough for RATE_EVENTS x PHASE_SECONDS
  const batch = [];
  for (let k = from; k < from + PER_REQUEST; k++) batch.push({ kind: 'impression', token: tokens[k] });
  const res = http.post(`${BASE_URL}/ads/v4/events/`, JSON.stringify({ events: batch }), { headers: json, timeout: '15s', tags: { path: 'events' } });
  if (check(res, { 'events 202': (r) => r.status === 202 })) {
    accepted.add(res.json('resource_response.data.accepted'));
    skipped.add(res.json('resource_response.data.skipped'));
  }
}
