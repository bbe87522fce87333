// k6: the experiences benchmark's measurement (load-tests/experiences/run.mjs seeds it):
//
//   placement  UserExperienceResource get of two placements (`home_onboarding` and the seeded
//              `bench_tips`, 55 experiences) for a random seeded person, signed in; each person
//              has a status of 50 of them, so the answer is worked out over all of them
//   noop       the floor: the gateway to experiences' /livez, in the same seconds
//
// Both at FIXED arrival rates for WARMUP_SECONDS + PHASE_SECONDS; the first WARMUP_SECONDS are
// tagged `warmup`, not reported. Environment: BASE_URL, FIXTURE (JSON: the people's tokens),
// PHASE_SECONDS, WARMUP_SECONDS, RATE_PLACEMENT, RATE_NOOP.
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { bearer, data } from './lib/resources.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const FIXTURE = JSON.parse(__ENV.FIXTURE || '{}');
const W = Number(__ENV.WARMUP_SECONDS || 10);
const P = Number(__ENV.PHASE_SECONDS || 30);
const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
const RATES = { placement: rate('placement', 300), noop: rate('noop', 20) };

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

function arrival(fn, ratePerSecond) {
  return {
    executor: 'constant-arrival-rate', exec: fn, rate: ratePerSecond, timeUnit: '1s', duration: `${W + P}s`,
    preAllocatedVUs: Math.max(2, Math.ceil(ratePerSecond / 10)), maxVUs: Math.max(4, Math.min(200, ratePerSecond)), gracefulStop: '15s',
  };
}

export const options = {
  scenarios: { placement: arrival('placement', RATES.placement), noop: { ...arrival('noop', RATES.noop), maxVUs: 20 } },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{path:placement}': ['max>=0'],
    'http_req_duration{path:noop}': ['max>=0'],
    'dropped_iterations{scenario:placement}': ['count>=0'],
    'http_reqs{scenario:placement}': ['count>=0'],
    'dropped_iterations{scenario:noop}': ['count>=0'],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};

const warm = () => Date.now() - exec.scenario.startTime < W * 1000;
const tag = (path) => ({ tags: { path: warm() ? 'warmup' : path }, timeout: '15s' });
const OPTIONS = data({ placement_ids: ['home_onboarding', 'bench_tips'] });

export function placement() {
  const tokens = FIXTURE.tokens;
  const token = tokens[Math.floor(Math.random() * tokens.length)];
  const res = http.get(`${BASE_URL}/resource/UserExperienceResource/get/?data=${OPTIONS}`, { headers: bearer(token), ...tag('placement') });
  check(res, { 'placement 200': (r) => r.status === 200 });
}

export function noop() {
  http.get(`${BASE_URL}/_noop/experiences`, tag('noop'));
}
