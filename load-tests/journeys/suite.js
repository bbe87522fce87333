// k6: the one load suite's paths (load-tests/suite/run.mjs seeds the stack and runs this file
// once per phase). Every path is a constant arrival rate through the gateway, as the web app
// calls it; a path whose rate is 0 is left out, so one file serves the mixed phase (all at
// once, weighted like real use) and the phases that run one path alone for its CPU cost.
//
//   home_feed   HomeFeedResource get, a reader's first page
//   board_page  BoardFeedResource get of a board, its first page of 25
//   pin_page    GET /v3/pins/{id}/, the close-up
//   search      BaseSearchResource get, a word of the seeded titles, signed in or not
//   profile     GET /v3/users/{username}/
//   web         GET / (the web app's page, from nginx)
//   save        RepinResource create onto one of a saver's boards
//   create      PinResource create with an uploaded picture (one of the seeded PNGs)
//   login       POST /v3/login/ (a bcrypt verification at auth's cost)
//   signup      POST /v3/register/ (a bcrypt hash, an event to every service)
//   noop        the floor: the gateway to pins-boards' /_noop, in the same seconds
//
// The first WARMUP_SECONDS are tagged `warmup` and not reported. Environment: BASE_URL, FIXTURE
// (a file with the seeded ids and tokens), PHASE_SECONDS, WARMUP_SECONDS, RATE_<PATH>.
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { bearer, data, json, repinSpread } from './lib/resources.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const FIXTURE = JSON.parse(open(__ENV.FIXTURE));
const W = Number(__ENV.WARMUP_SECONDS || 5);
const P = Number(__ENV.PHASE_SECONDS || 30);
export const PATHS = ['home_feed', 'board_page', 'pin_page', 'search', 'profile', 'web', 'save', 'create', 'login', 'signup', 'noop'];
const RATES = Object.fromEntries(PATHS.map((p) => [p, Number(__ENV[`RATE_${p.toUpperCase()}`] || 0)]));

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

/** A fractional rate (0.5 a second) as k6 takes it: so many per so many seconds. */
function arrival(fn, ratePerSecond) {
  const perTenSeconds = Math.round(ratePerSecond * 10);
  return {
    executor: 'constant-arrival-rate', exec: fn, rate: perTenSeconds, timeUnit: '10s', duration: `${W + P}s`,
    preAllocatedVUs: Math.max(2, Math.ceil(ratePerSecond / 5)), maxVUs: Math.max(10, Math.min(300, Math.ceil(ratePerSecond * 8))), gracefulStop: '15s',
  };
}

const active = PATHS.filter((p) => Math.round(RATES[p] * 10) > 0);
const thresholds = { http_req_failed: ['rate<0.01'] };
for (const p of active) {
  thresholds[`http_req_duration{path:${p}}`] = ['max>=0'];
  thresholds[`http_reqs{path:${p}}`] = ['count>=0'];
  thresholds[`http_req_failed{path:${p}}`] = ['rate>=0'];
  thresholds[`dropped_iterations{scenario:${p}}`] = ['count>=0'];
}

export const options = {
  scenarios: Object.fromEntries(active.map((p) => [p, arrival(p, RATES[p])])),
  thresholds,
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};

const warm = () => Date.now() - exec.scenario.startTime < W * 1000;
const tag = (path) => ({ tags: { path: warm() ? 'warmup' : path }, timeout: '15s' });
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const ok = (res, path, status = 200) => check(res, { [`${path} ${status}`]: (r) => r.status === status });

export function home_feed() {
  const res = http.get(`${BASE_URL}/resource/HomeFeedResource/get/?data=${data({ page_size: 25 })}`, { headers: bearer(pick(FIXTURE.readers).token), responseType: 'none', ...tag('home_feed') });
  ok(res, 'home_feed');
}

export function board_page() {
  const res = http.get(`${BASE_URL}/resource/BoardFeedResource/get/?data=${data({ board_id: pick(FIXTURE.boards), page_size: 25 })}`, { headers: bearer(pick(FIXTURE.readers).token), responseType: 'none', ...tag('board_page') });
  ok(res, 'board_page');
}

export function pin_page() {
  const res = http.get(`${BASE_URL}/v3/pins/${pick(FIXTURE.pins)}/`, { headers: bearer(pick(FIXTURE.readers).token), responseType: 'none', ...tag('pin_page') });
  ok(res, 'pin_page');
}

export function search() {
  const signedIn = Math.random() < 0.5 ? { headers: bearer(pick(FIXTURE.readers).token) } : {};
  const res = http.get(`${BASE_URL}/resource/BaseSearchResource/get/?data=${data({ query: pick(FIXTURE.words), scope: 'pins', page_size: 25, rs: 'typed' })}`, { responseType: 'none', ...signedIn, ...tag('search') });
  ok(res, 'search');
}

export function profile() {
  const res = http.get(`${BASE_URL}/v3/users/${pick(FIXTURE.usernames)}/`, { responseType: 'none', ...tag('profile') });
  ok(res, 'profile');
}

export function web() {
  const res = http.get(`${BASE_URL}/`, { responseType: 'none', ...tag('web') });
  ok(res, 'web');
}

export function save() {
  const res = repinSpread(BASE_URL, pick(FIXTURE.pins), FIXTURE.savers, exec.scenario.iterationInTest, tag('save'));
  ok(res, 'save', 201);
}

export function create() {
  const saver = pick(FIXTURE.savers);
  const n = exec.scenario.iterationInTest;
  const body = { options: { board_id: pick(saver.boards), image_base64: FIXTURE.pngs[n % FIXTURE.pngs.length], title: `${pick(FIXTURE.words)} ${pick(FIXTURE.words)}`, description: 'Made by the load suite', link: 'https://example.com/suite', method: 'uploaded' } };
  const res = http.post(`${BASE_URL}/resource/PinResource/create/`, JSON.stringify(body), { headers: { ...json, ...bearer(saver.token) }, responseType: 'none', ...tag('create') });
  ok(res, 'create', 201);
}

export function login() {
  const res = http.post(`${BASE_URL}/v3/login/`, JSON.stringify({ username_or_email: pick(FIXTURE.logins), password: FIXTURE.password }), { headers: json, responseType: 'none', ...tag('login') });
  ok(res, 'login');
}

export function signup() {
  const email = `suite-${FIXTURE.run}-${exec.scenario.name}-${exec.scenario.iterationInTest}-${Math.floor(Math.random() * 1e9)}@example.com`;
  const res = http.post(`${BASE_URL}/v3/register/`, JSON.stringify({ type: 'email', email, password: FIXTURE.password, birthday: 631152000 }), { headers: json, responseType: 'none', ...tag('signup') });
  ok(res, 'signup', 201);
}

export function noop() {
  const res = http.get(`${BASE_URL}/_noop/pins-boards`, { responseType: 'none', ...tag('noop') });
  ok(res, 'noop');
}
