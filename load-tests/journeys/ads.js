// k6: the ads benchmark's measurements (load-tests/ads/run.mjs seeds the stack and runs this once
// per PHASE). The phases:
//
// PHASE=feed    home feed visits as the web app makes them (web/src/promoted/queries.ts), in
//               windows of WINDOW_SECONDS taken in pairs, one window of each way per pair and
//               which goes first drawn per pair from WINDOW_SEED (so both ways see the same
//               machine state, and work the stack does every 10 s falls into both alike),
//               RATE_FEED pages/s in all (RATE_FEED / VISIT_PAGES visits/s) for WARMUP_SECONDS +
//               PHASE_SECONDS, by seeded viewers in turn. A visit is the first page and the
//               VISIT_PAGES - 1 next ones (HomeFeedResource get, 25 items, by the bookmarks setup
//               read), one after the other, no pause between. `feed` windows: the pages alone.
//               `feed_ads` windows: every page asks for the promoted pins it may hold
//               (`ads: PAGE_ADS`, two for 25 items) and carries them in `meta.promoted`
//               (pins-boards chooses them from its copy of ads' campaigns): no request of their
//               own, as the web makes it (web/src/promoted/queries.ts pageCarryingPromoted).
//               Every page's request is timed by k6 in `page_req_ms` (a page carries its ads: what
//               it shows is that request), tagged `page` first or next; one first page in 20 is read
//               as text in both windows (the ads ones to count what they carried), no other page.
//               `ads_in_time`: the share of first pages with ads that carried any, one in 20 looked
//               into (k6's JavaScript shares the cores: reading every one slowed the pages with ads).
//               Beside them the no-op floor (`/_noop/ads`) at RATE_NOOP.
// PHASE=events  impression events at RATE_EVENTS requests/s for PHASE_SECONDS (no warm-up: every
//               event counts), EVENTS_PER_REQUEST each, anonymous, every token a distinct visitor
//               (TOKENS_FILE, from anonymous serve calls made beforehand). The counters
//               `events_accepted` and `events_skipped` add up what the service answered. The
//               requests come from many loopback addresses (see SLOTS below).
//
// Environment: BASE_URL, PHASE, FIXTURE_FILE (JSON: the viewers' access tokens), TOKENS_FILE, PHASE_SECONDS,
// WARMUP_SECONDS, WINDOW_SECONDS, WINDOW_SEED, VISIT_PAGES, PAGE_ADS, RATE_FEED, RATE_NOOP, RATE_EVENTS, EVENTS_PER_REQUEST, EVENT_SLOTS, K6_LOCAL_IPS.
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
const WINDOW = Number(__ENV.WINDOW_SECONDS || 1);
/** Draws which way goes first in each pair of windows: the same in every VU (each has its own JavaScript runtime). */
const WINDOW_SEED = Number(__ENV.WINDOW_SEED || 1);
const PER_REQUEST = Number(__ENV.EVENTS_PER_REQUEST || 10);
/** Pages of a home feed visit: the first and the next ones (the seeded feeds hold 100 entries, 4 pages of 25). */
const VISIT_PAGES = Number(__ENV.VISIT_PAGES || 4);
/** Promoted pins a page asks for (web/src/promoted/placement.ts adsForItems: one per 10 items). */
const PAGE_ADS = Number(__ENV.PAGE_ADS || 2);
const PAGE_SIZE = 25;
const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
const RATES = { feed: rate('feed', 300), noop: rate('noop', 20), events: rate('events', 100) };

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

/** Each page's request as k6 times it (sent to last byte, below the ms, off the VU's event loop): the target's measure. */
const pageReqMs = new Trend('page_req_ms', true);
/** Promoted pins the sampled first pages with ads carried. */
const adsServed = new Counter('ads_served');
/** First pages asked with ads that carried any, of those sampled (one in SAMPLE_EVERY; next pages are not read). */
const adsInTime = new Rate('ads_in_time');
/** Visits with ads, warm-up included: the runner divides the phase's CPU by them. */
const serveCalls = new Counter('serve_calls');
/** Pages read in the phase, warm-up included. */
const pagesRead = new Counter('pages_read');
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
    // One iteration a visit: RATE_FEED pages a second in all.
    scenarios: { feed: { ...arrival('feed', Math.round(RATES.feed / VISIT_PAGES), W + P), maxVUs: 200 }, noop: { ...arrival('noop', RATES.noop, W + P), maxVUs: 20 } },
    thresholds: {
      'http_req_duration{path:noop}': ['max>=0'],
      'page_req_ms{path:feed}': ['max>=0'], 'page_req_ms{path:feed_ads}': ['max>=0'],
      'page_req_ms{path:feed,page:first}': ['max>=0'], 'page_req_ms{path:feed_ads,page:first}': ['max>=0'], 'page_req_ms{path:feed,page:next}': ['max>=0'], 'page_req_ms{path:feed_ads,page:next}': ['max>=0'],
      'dropped_iterations{scenario:feed}': ['count>=0'], 'dropped_iterations{scenario:noop}': ['count>=0'], ads_served: ['count>=0'], ads_in_time: ['rate>=0'], serve_calls: ['count>=0'], pages_read: ['count>=0'],
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
const feedUrl = (bookmark, ads = 0) => `${BASE_URL}/resource/HomeFeedResource/get/?data=${data({ page_size: PAGE_SIZE, ...(bookmark ? { bookmarks: [bookmark] } : {}), ...(ads ? { ads } : {}) })}`;
/** First pages with ads looked into for the ads they carried: one in this many. */
const SAMPLE_EVERY = 20;
/** How many promoted pins an answer carries (each has one `"ad_id"`; organic feed pins have none). */
const adsIn = (body) => (typeof body === 'string' ? body.split('"ad_id"').length - 1 : 0);

/**
 * Each viewer's bookmarks of their visit's pages, read once before the phase (tagged `setup`, not
 * measured): the pages of a visit are then read as the web reads them, each by the bookmark of
 * the one before, without the phase parsing every answer.
 */
export function setup() {
  if (PHASE !== 'feed') return {};
  const bookmarks = [];
  for (let v = 0; v < VIEWERS.length; v++) {
    const marks = [null];
    for (let k = 1; k < VISIT_PAGES; k++) {
      const res = http.get(feedUrl(marks[k - 1]), { headers: bearer(VIEWERS[v]), tags: { path: 'setup' } });
      const next = res.status === 200 ? (res.json('resource_response.bookmarks') || [])[0] : null;
      if (!next || next === '-end-') break;
      marks.push(next);
    }
    bookmarks.push(marks);
  }
  return { bookmarks };
}

/*
 * Whether window `w` is one with ads. Windows come in pairs, one of each way, so the two ways
 * have the same number of windows spread over the same seconds; which one goes first is drawn per
 * pair. Strictly alternating windows of 5 s put everything the stack does every 10 s (a refresh,
 * a sweep) into the same way each time: the pages with no ads at all in either way then read 1.1x
 * (docs/decisions/ad-serving.md).
 */
function adsWindow(w) {
  // A 32-bit integer hash of the pair and the seed (xorshift-multiply): its low bit says which way goes first.
  let h = (Math.floor(w / 2) + 1) * 0x9e3779b1 + WINDOW_SEED * 0x85ebca77;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return ((h & 1) ^ (w % 2)) === 1;
}

export async function feed(ctx) {
  const t = elapsed();
  const withAds = adsWindow(Math.floor(t / (WINDOW * 1000)));
  const path = t < W * 1000 ? 'warmup' : withAds ? 'feed_ads' : 'feed';
  const viewer = exec.scenario.iterationInTest % VIEWERS.length;
  const headers = bearer(VIEWERS[viewer]);
  const marks = ctx.bookmarks[viewer];
  if (withAds) serveCalls.add(1);
  for (let k = 0; k < marks.length; k++) {
    const first = k === 0;
    // Every page asks for its ads in the windows with ads. One first page in SAMPLE_EVERY is read
    // as text, both ways alike, and in the windows with ads looked into (k6's JavaScript shares the
    // two cores with the stack: reading and counting every one slowed the pages with ads).
    const sampled = first && exec.scenario.iterationInTest % SAMPLE_EVERY === 0;
    const res = await http.asyncRequest('GET', feedUrl(marks[k], withAds ? PAGE_ADS : 0), null, { headers, timeout: '15s', responseType: sampled ? 'text' : 'none', tags: { path: path === 'warmup' ? 'warmup' : `${path}_page` } });
    pagesRead.add(1);
    pageReqMs.add(res.timings.duration, { path, page: first ? 'first' : 'next' });
    check(res, { 'feed page 200': (r) => r.status === 200 });
    if (sampled && path === 'feed_ads') {
      const carried = adsIn(res.body);
      adsServed.add(carried);
      adsInTime.add(carried > 0);
    }
  }
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
