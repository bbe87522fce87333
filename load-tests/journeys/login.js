// k6: log-in latency. One account, 100 sequential log-ins through the gateway (each a full
// bcrypt verification at the service's cost), so the figure is the latency a person sees.
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const json = { headers: { 'content-type': 'application/json' } };

export const options = {
  scenarios: { logins: { executor: 'per-vu-iterations', vus: 1, iterations: Number(__ENV.ITERATIONS || 100), maxDuration: '2m' } },
  thresholds: { 'http_req_duration{name:login}': ['p(95)<400'], http_req_failed: ['rate<0.01'] },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  const email = `k6-login-${Date.now()}@example.com`;
  const res = http.post(`${BASE_URL}/v3/register/`, JSON.stringify({ type: 'email', email, password: 'load test 42', birthday: 631152000 }), json);
  check(res, { 'registered': (r) => r.status === 201 });
  return { email };
}

export default function (data) {
  // A fresh cookie jar each time: every request is a new log-in, not a session refresh.
  http.cookieJar().clear(BASE_URL);
  const res = http.post(`${BASE_URL}/v3/login/`, JSON.stringify({ username_or_email: data.email, password: 'load test 42' }), { ...json, tags: { name: 'login' } });
  check(res, { 'logged in': (r) => r.status === 200 });
}
