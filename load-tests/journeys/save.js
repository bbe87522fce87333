// k6: the saving benchmark's measurements (load-tests/save/run.mjs seeds the store and runs this
// once per PHASE, waiting between runs until the stack is idle again, so a path that fell behind
// leaves no backlog for the next). The paths:
//
//   picker      BoardPickerBoardsResource get, as the web app asks it (the owner's 500 boards)
//   board_page  BoardFeedResource get of the 20,000-pin board: the first page (50 pins), and
//               board_page_next: the page after it, following the first page's bookmark
//   save        RepinResource create of the seeded pin (its image is stored) onto a board of the
//               saver, spread over every saver and board so no document is a hot lock
//
// PHASE=picker|board_page|save: that path at a FIXED arrival rate (constant-arrival-rate) for
// WARMUP_SECONDS + PHASE_SECONDS, beside the no-op floor (`/_noop/pins-boards`, tagged
// `noop_<phase>`) in the same seconds; the first WARMUP_SECONDS are tagged `warmup`, not reported.
// PHASE=capacity: each path in turn (GAP_SECONDS apart) as a closed loop of CAPACITY_VUS
// requests always in flight for CAPACITY_SECONDS (tagged `cap_<path>`, the first 2 s `warmup`):
// its answers per second are the most the stack gives that path on this machine.
//
// Environment: BASE_URL, PHASE, FIXTURE (JSON from save/run.mjs: password, the owner's and
// savers' emails, the savers' boards, the source pin, the big board, the picker's size),
// PHASE_SECONDS, WARMUP_SECONDS, GAP_SECONDS, CAPACITY_SECONDS, CAPACITY_VUS, RATE_SAVE,
// RATE_PICKER, RATE_BOARD_PAGE, RATE_BOARD_PAGE_NEXT, RATE_NOOP, TARGET_SAVE_MS,
// TARGET_PICKER_MS, TARGET_BOARD_PAGE_MS.
import http from 'k6/http';
import exec from 'k6/execution';
import { bearer, data, logIn, repinSpread } from './lib/resources.js';
import { check, fail } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const PHASE = __ENV.PHASE || 'picker';
const FIXTURE = JSON.parse(__ENV.FIXTURE || '{}');
const W = Number(__ENV.WARMUP_SECONDS || 10);
const P = Number(__ENV.PHASE_SECONDS || 30);
const G = Number(__ENV.GAP_SECONDS || 10);
const C = Number(__ENV.CAPACITY_SECONDS || 10);
const CAPACITY_VUS = Number(__ENV.CAPACITY_VUS || 4);

const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
export const RATES = {
  save: rate('save', 200),
  picker: rate('picker', 500),
  board_page: rate('board_page', 300),
  board_page_next: rate('board_page_next', 20),
  noop: rate('noop', 20), // in each phase
};
const TARGETS = {
  save: Number(__ENV.TARGET_SAVE_MS || 50),
  picker: Number(__ENV.TARGET_PICKER_MS || 25),
  board_page: Number(__ENV.TARGET_BOARD_PAGE_MS || 40),
  board_page_next: Number(__ENV.TARGET_BOARD_PAGE_MS || 40),
};

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

/**
 * A scenario at a fixed rate. VUs: enough for 100 ms answers up front, at most 200 (what the
 * gateway's 1024 connections hold beside everything else): a path slower than its rate then
 * shows as dropped iterations and long answers, and never takes the gateway down with it.
 */
function arrival(fn, ratePerSecond, extra = {}) {
  return {
    executor: 'constant-arrival-rate', exec: fn, rate: ratePerSecond, timeUnit: '1s', duration: `${W + P}s`,
    preAllocatedVUs: Math.max(2, Math.ceil(ratePerSecond / 10)), maxVUs: Math.max(4, Math.min(200, ratePerSecond)), gracefulStop: '15s',
    ...extra,
  };
}

/** A closed loop: CAPACITY_VUS requests always in flight for C seconds, the i-th path's slot. */
function closedLoop(fn, path, i) {
  return { executor: 'constant-vus', exec: fn, vus: CAPACITY_VUS, startTime: `${i * (C + G)}s`, duration: `${C}s`, gracefulStop: '15s', env: { TAG: `cap_${path}` } };
}

const floor = { ...arrival('noop', RATES.noop), maxVUs: 20, env: { NOOP_PHASE: PHASE } };
const PHASE_SCENARIOS = {
  capacity: { cap_picker: closedLoop('picker', 'picker', 0), cap_board_page: closedLoop('boardPage', 'board_page', 1), cap_save: closedLoop('save', 'save', 2) },
  picker: { picker: arrival('picker', RATES.picker), noop_picker: floor },
  board_page: {
    board_page: arrival('boardPage', RATES.board_page),
    ...(RATES.board_page_next > 0 ? { board_page_next: arrival('boardPageNext', RATES.board_page_next) } : {}),
    noop_board_page: floor,
  },
  save: { save: arrival('save', RATES.save), noop_save: floor },
};
const scenarios = PHASE_SCENARIOS[PHASE];
if (!scenarios) throw new Error(`PHASE must be one of ${Object.keys(PHASE_SCENARIOS).join(', ')} (got ${PHASE})`);
/** The path tags this phase reports (a scenario's name is its tag). */
const PATHS = Object.keys(scenarios);

export const options = {
  scenarios,
  setupTimeout: '120s',
  thresholds: {
    // A failed request is a broken benchmark, not a slow one.
    http_req_failed: ['rate<0.01'],
    // The targets (judged again by the runner, which also reports the floor beside them); the
    // others always hold: they only make k6 export each path's trend.
    ...Object.fromEntries(PATHS.map((p) => [`http_req_duration{path:${p}}`, [TARGETS[p] ? `p(95)<${TARGETS[p]}` : 'max>=0']])),
    ...Object.fromEntries(PATHS.map((p) => [`http_req_duration{path:${p},expected_response:true}`, ['max>=0']])),
    ...Object.fromEntries(PATHS.map((s) => [`dropped_iterations{scenario:${s}}`, ['count>=0']])),
    ...Object.fromEntries(PATHS.map((s) => [`http_reqs{scenario:${s}}`, ['count>=0']])),
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  // No per-URL time series (the options differ per request).
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};


/**
 * The request's tags: its path (`cap_<path>` in a closed-loop slot), or `warmup` during the first
 * W seconds of a fixed-rate scenario (2 of a closed-loop one); a request stuck for 15 s fails.
 */
function tag(path) {
  const closed = __ENV.TAG !== undefined;
  const warm = Date.now() - exec.scenario.startTime < (closed ? Math.min(2, W) : W) * 1000;
  return { tags: { path: warm ? 'warmup' : closed ? __ENV.TAG : path }, timeout: '15s' };
}


/**
 * Logs every person in (fresh access tokens: they live 15 minutes), checks once what the hot
 * loops then only check by status (500 boards in the picker, full pages of the big board), and
 * keeps the bookmark of the big board's second page.
 */
export function setup() {
  const owner = logIn(BASE_URL, FIXTURE.owner, FIXTURE.password);
  const savers = FIXTURE.savers.map((s) => ({ token: logIn(BASE_URL, s.email, FIXTURE.password), boards: s.boards }));
  const picker = http.get(`${BASE_URL}/resource/BoardPickerBoardsResource/get/?data=${data(pickerOptions())}`, { headers: bearer(owner), tags: { path: 'setup' } });
  const boards = picker.status === 200 ? picker.json('resource_response.data.all_boards').length : -1;
  if (boards !== FIXTURE.pickerBoards) fail(`the picker answered ${picker.status} with ${boards} boards (expected ${FIXTURE.pickerBoards})`);
  const first = http.get(`${BASE_URL}/resource/BoardFeedResource/get/?data=${data({ board_id: FIXTURE.bigBoardId, page_size: 50 })}`, { headers: bearer(owner), tags: { path: 'setup' } });
  if (first.status !== 200 || first.json('resource_response.data').length !== 50) fail(`the big board's first page answered ${first.status}: ${first.body.slice(0, 300)}`);
  const bookmark = first.json('resource_response.bookmarks')[0];
  const second = http.get(`${BASE_URL}/resource/BoardFeedResource/get/?data=${data({ board_id: FIXTURE.bigBoardId, page_size: 50, bookmarks: [bookmark] })}`, { headers: bearer(owner), tags: { path: 'setup' } });
  if (second.status !== 200 || second.json('resource_response.data').length !== 50) fail(`the big board's second page answered ${second.status}: ${second.body.slice(0, 300)}`);
  return { owner, savers, bookmark };
}

/** What the web app sends when the picker opens on a pin (web/src/boards/queries.ts). */
function pickerOptions() {
  return { pin_id: FIXTURE.sourcePinId, field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true };
}

// The hot loops read no bodies (k6 would spend this machine's CPU parsing 300 KB pickers):
// setup() checked the answers' contents once; here only the status is checked.
export function picker(d) {
  const res = http.get(`${BASE_URL}/resource/BoardPickerBoardsResource/get/?data=${data(pickerOptions())}`, { headers: bearer(d.owner), responseType: 'none', ...tag('picker') });
  check(res, { 'picker 200': (r) => r.status === 200 });
}

/** Signed in as the owner, as people mostly read their own boards' pages. */
export function boardPage(d) {
  const res = http.get(`${BASE_URL}/resource/BoardFeedResource/get/?data=${data({ board_id: FIXTURE.bigBoardId, page_size: 50 })}`, { headers: bearer(d.owner), responseType: 'none', ...tag('board_page') });
  check(res, { 'board page 200': (r) => r.status === 200 });
}

export function boardPageNext(d) {
  const res = http.get(`${BASE_URL}/resource/BoardFeedResource/get/?data=${data({ board_id: FIXTURE.bigBoardId, page_size: 50, bookmarks: [d.bookmark] })}`, { headers: bearer(d.owner), responseType: 'none', ...tag('board_page_next') });
  check(res, { 'next page 200': (r) => r.status === 200 });
}

/** A repin of the source pin by a saver onto one of their boards, spread evenly over all of them. */
export function save(d) {
  const res = repinSpread(BASE_URL, FIXTURE.sourcePinId, d.savers, exec.scenario.iterationInTest, tag('save'));
  check(res, { 'saved 201': (r) => r.status === 201 });
}

export function noop() {
  const res = http.get(`${BASE_URL}/_noop/pins-boards`, { responseType: 'none', ...tag(`noop_${__ENV.NOOP_PHASE}`) });
  check(res, { 'noop 200': (r) => r.status === 200 });
}
