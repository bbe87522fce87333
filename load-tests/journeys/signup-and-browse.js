// k6 journey: visitors browse profiles far more often than they sign up (browse >> create).
// Set up by BASE_URL (the gateway) and VUS; bounded in iterations and time, loopback only.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const VUS = Number(__ENV.VUS || 10);
const ITERATIONS = Number(__ENV.ITERATIONS || 2000);

const propagation = new Trend('profile_propagation_ms', true);

export const options = {
  scenarios: {
    mixed: { executor: 'shared-iterations', vus: VUS, iterations: ITERATIONS, maxDuration: '3m' },
  },
  thresholds: {
    'http_req_failed': ['rate<0.01'],
    'http_req_duration{name:profile}': ['p(95)<200'],
    'http_req_duration{name:register}': ['p(95)<1500'],
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

const json = { headers: { 'content-type': 'application/json' } };

/** One user registered up front, so browsing has a real profile to read. */
export function setup() {
  const email = `k6-seed-${Date.now()}@example.com`;
  const res = http.post(`${BASE_URL}/v3/register/`, JSON.stringify({ type: 'email', email, password: 'load test 42', birthday: 631152000 }), json);
  check(res, { 'seed registered': (r) => r.status === 201 });
  return { username: res.json('resource_response.data.user.username') };
}

export default function (data) {
  // 1 in 20 iterations signs somebody up and waits for the profile to appear through Kafka.
  if (__ITER % 20 === 0) {
    const email = `k6-${__VU}-${__ITER}-${Date.now()}@example.com`;
    const res = http.post(`${BASE_URL}/v3/register/`, JSON.stringify({ type: 'email', email, password: 'load test 42', birthday: 631152000 }), { ...json, tags: { name: 'register' } });
    check(res, { 'registered': (r) => r.status === 201 });
    const username = res.json('resource_response.data.user.username');
    const start = Date.now();
    for (let i = 0; i < 200; i++) {
      const p = http.get(`${BASE_URL}/v3/users/${username}/`, { tags: { name: 'profile_poll' }, responseCallback: http.expectedStatuses(200, 404) });
      if (p.status === 200) {
        propagation.add(Date.now() - start);
        break;
      }
      // Poll like a browser would (the web app retries every 300 ms), not in a tight loop:
      // 10 users hammering 404s slow down the very consumer they are waiting for.
      sleep(0.05);
    }
    return;
  }
  const res = http.get(`${BASE_URL}/v3/users/${data.username}/`, { tags: { name: 'profile' } });
  check(res, { 'profile read': (r) => r.status === 200 });
  if (__ITER % 5 === 0) http.get(`${BASE_URL}/`, { tags: { name: 'web' } });
}
