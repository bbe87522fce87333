// k6: the growth benchmark's measurement at one store size (load-tests/growth/run.mjs seeds the
// accounts, runs this once per size and compares). Every path runs at a FIXED arrival rate
// (constant-arrival-rate), so a slower store shows as latency, never as fewer requests.
//
// Timeline (seconds; PHASE_SECONDS = P, WARMUP_SECONDS = W, GAP_SECONDS = G):
//   0 .. W+P          reads: profile by username, unknown username, refresh, the no-op floor of
//                     each service. Requests before W are tagged `warmup` and not reported.
//   then, each P long and G apart, one at a time:
//                     log-in with the right password (bcrypt);
//                     log-in with a wrong password (bcrypt);
//                     sign-up, then the profile polled every 50 ms until Kafka made it visible.
// The bcrypt paths get phases of their own, with a gap so a queue left by one phase does not
// spill into the next: auth hashes on its one event loop (bcryptjs, about 165 ms a verification
// on an idle core here), so everything auth does meanwhile (its outbox included) waits behind.
// Their rates stay low (2 and 1 a second): at 4 a second on this shared 2-core machine the
// verifications outran auth's core and the queue, not the store, set the figures.
//
// Environment: BASE_URL, SIZE (accounts seeded), WRONG_FROM (first seeded index the wrong-password
// phase may use: each attempt names a different account, so no identifier is ever locked),
// SEED_PASSWORD, RATE_<PATH> (per second), PHASE_SECONDS, WARMUP_SECONDS, GAP_SECONDS.
import http from 'k6/http';
import exec from 'k6/execution';
import { check, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const SIZE = Number(__ENV.SIZE || 1000);
const WRONG_FROM = Number(__ENV.WRONG_FROM || 0);
const PASSWORD = __ENV.SEED_PASSWORD || 'growth bench 42';
const W = Number(__ENV.WARMUP_SECONDS || 10);
const P = Number(__ENV.PHASE_SECONDS || 30);
const G = Number(__ENV.GAP_SECONDS || 5);
const SERVICES = ['auth', 'pins-boards', 'experiences', 'ads'];

const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
export const RATES = {
  profile: rate('profile', 50),
  profile_unknown: rate('profile_unknown', 20),
  refresh: rate('refresh', 10),
  noop: rate('noop', 5), // per service
  login_ok: rate('login_ok', 2),
  login_wrong: rate('login_wrong', 2),
  signup: rate('signup', 1),
};

// The seeded accounts (load-tests/growth/seed.mjs writes them).
const seedEmail = (i) => `growth-${i}@example.com`;
const seedUsername = (i) => `growth${i}`;
const randomSeeded = () => Math.floor(Math.random() * SIZE);

const signupVisible = new Trend('signup_visible_ms', true);
const signupNeverVisible = new Counter('signup_never_visible');

/** Paths reported per store size; thresholds on each tag make k6 export its own trend. */
export const PATHS = ['login_ok', 'login_wrong', 'refresh', 'profile', 'profile_unknown', 'signup', ...SERVICES.map((s) => `noop_${s}`)];

function arrival(exec_, ratePerSecond, startSeconds, seconds, vus) {
  return {
    executor: 'constant-arrival-rate', exec: exec_, rate: ratePerSecond, timeUnit: '1s',
    startTime: `${startSeconds}s`, duration: `${seconds}s`, preAllocatedVUs: vus, maxVUs: vus * 4, gracefulStop: '15s',
  };
}

const scenarios = {
  profile: arrival('profile', RATES.profile, 0, W + P, 10),
  profile_unknown: arrival('profileUnknown', RATES.profile_unknown, 0, W + P, 5),
  // A fixed set of VUs: each logs in once (during the warm-up), never during the measurement.
  refresh: { ...arrival('refresh', RATES.refresh, 0, W + P, 6), maxVUs: 6 },
  login_ok: arrival('loginOk', RATES.login_ok, W + P + G, P, 4),
  login_wrong: arrival('loginWrong', RATES.login_wrong, W + 2 * P + 2 * G, P, 4),
  signup: arrival('signup', RATES.signup, W + 3 * P + 3 * G, P, 4),
};
for (const s of SERVICES) scenarios[`noop_${s}`] = { ...arrival('noop', RATES.noop, 0, W + P, 2), env: { NOOP_SERVICE: s } };

export const options = {
  scenarios,
  thresholds: {
    // A failed request is a broken benchmark, not a slow one: the runner reports it.
    http_req_failed: ['rate<0.01'],
    // Always true: they only make k6 export the per-path trends (the runner judges them).
    ...Object.fromEntries(PATHS.map((p) => [`http_req_duration{path:${p}}`, ['max>=0']])),
    signup_visible_ms: ['max>=0'],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  // Loopback only, and no per-URL time series (usernames are random).
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

/** The path tag, or `warmup` for the requests of the first W seconds. */
function tag(path) {
  const p = exec.instance.currentTestRunDuration < W * 1000 ? 'warmup' : path;
  return { tags: { path: p } };
}

const json = { 'content-type': 'application/json' };

// One anonymous browser per VU for the reads: it keeps the csrftoken cookie like a browser
// does, and never a session, so reads are anonymous whatever scenario the VU ran before.
let anonJar;
const anon = () => (anonJar ??= new http.CookieJar());

export function profile() {
  const res = http.get(`${BASE_URL}/v3/users/${seedUsername(randomSeeded())}/`, { jar: anon(), ...tag('profile') });
  check(res, { 'profile 200': (r) => r.status === 200 });
}

export function profileUnknown() {
  const name = `nobody${Math.random().toString(36).slice(2, 12)}`;
  const res = http.get(`${BASE_URL}/v3/users/${name}/`, { jar: anon(), responseCallback: http.expectedStatuses(404), ...tag('profile_unknown') });
  check(res, { 'unknown 404': (r) => r.status === 404 });
}

export function noop() {
  const s = __ENV.NOOP_SERVICE;
  const res = http.get(`${BASE_URL}/_noop/${s}`, { jar: anon(), ...tag(`noop_${s}`) });
  check(res, { 'noop 200': (r) => r.status === 200 });
}

function logIn(identifier, password, jar, tags, expected = 200) {
  return http.post(`${BASE_URL}/v3/login/`, JSON.stringify({ username_or_email: identifier, password }),
    { headers: json, jar, responseCallback: http.expectedStatuses(expected), ...tags });
}

/** Each log-in comes from a new browser (an empty cookie jar), as a person logging in does. */
export function loginOk() {
  const res = logIn(seedEmail(randomSeeded()), PASSWORD, new http.CookieJar(), tag('login_ok'));
  check(res, { 'logged in': (r) => r.status === 200 });
}

/**
 * A wrong password for a different seeded account each time (by username, so both unique
 * indexes are exercised): no identifier ever reaches the consecutive-failures lock.
 */
export function loginWrong() {
  const span = SIZE - WRONG_FROM;
  const i = WRONG_FROM + ((exec.scenario.iterationInTest * 7919) % span);
  const res = logIn(seedUsername(i), `${PASSWORD} but wrong`, new http.CookieJar(), tag('login_wrong'), 401);
  check(res, { 'refused 401': (r) => r.status === 401 });
}

// The refresh scenario's VUs each keep one session, logged in on their first iteration (during
// the warm-up), and rotate its refresh token at every iteration after.
let session;

export function refresh() {
  if (!session) {
    const jar = new http.CookieJar();
    const who = (exec.vu.idInTest * 7 + 3) % SIZE;
    const res = logIn(seedEmail(who), PASSWORD, jar, { tags: { path: 'refresh_login' } });
    if (!check(res, { 'refresh log-in': (r) => r.status === 200 })) return;
    session = { jar };
  }
  const url = `${BASE_URL}/v3/auth/refresh/`;
  // CSRF double submit: the readable csrftoken cookie echoed in X-CSRFToken.
  const csrf = (session.jar.cookiesForURL(url).csrftoken || [])[0];
  const res = http.post(url, null, { headers: { 'X-CSRFToken': csrf || '' }, jar: session.jar, ...tag('refresh') });
  if (!check(res, { 'refreshed': (r) => r.status === 200 })) session = undefined;
}

/** Sign-up, then the new profile polled every 50 ms until it is visible (via Kafka). */
export function signup() {
  const jar = new http.CookieJar();
  const local = `su${SIZE}x${exec.vu.idInTest}x${exec.scenario.iterationInTest}x${Math.random().toString(36).slice(2, 6)}`;
  const res = http.post(`${BASE_URL}/v3/register/`, JSON.stringify({ type: 'email', email: `${local}@example.com`, password: 'load test 42', birthday: 631152000 }),
    { headers: json, jar, responseCallback: http.expectedStatuses(201), ...tag('signup') });
  if (!check(res, { 'registered': (r) => r.status === 201 })) return;
  const username = res.json('resource_response.data.user.username');
  const start = Date.now();
  for (let i = 0; i < 200; i++) {
    const p = http.get(`${BASE_URL}/v3/users/${username}/`, { jar, responseCallback: http.expectedStatuses(200, 404), tags: { path: 'signup_poll' } });
    if (p.status === 200) {
      signupVisible.add(Date.now() - start);
      return;
    }
    sleep(0.05);
  }
  signupNeverVisible.add(1);
}
