// What the k6 journeys against pins-boards share: resource call encoding, the bearer header,
// and the log-in that gives an access token (`ph_access`), as the web app's session cookie holds it.
import http from 'k6/http';
import { fail } from 'k6';

export const json = { 'content-type': 'application/json' };
export const data = (opts) => encodeURIComponent(JSON.stringify({ options: opts }));
export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** Logs `email` in (setup only: tagged `setup`); answers its access token, or fails the run. */
export function logIn(baseUrl, email, password) {
  const jar = new http.CookieJar();
  const res = http.post(`${baseUrl}/v3/login/`, JSON.stringify({ username_or_email: email, password }), { headers: json, jar, tags: { path: 'setup' } });
  if (res.status !== 200) fail(`log-in of ${email} answered ${res.status}: ${res.body}`);
  const token = (jar.cookiesForURL(`${baseUrl}/`).ph_access || [])[0];
  if (!token) fail(`log-in of ${email}: no ph_access cookie`);
  return token;
}

/**
 * The n-th save of a run: a repin of `pinId` by a saver onto one of their boards, spread evenly
 * over every saver and board so no document is a hot lock. `params` adds the journey's tags.
 */
export function repinSpread(baseUrl, pinId, savers, n, params) {
  const saver = savers[n % savers.length];
  const board = saver.boards[Math.floor(n / savers.length) % saver.boards.length];
  return http.post(`${baseUrl}/resource/RepinResource/create/`, JSON.stringify({ options: { pin_id: pinId, board_id: board } }),
    { headers: { ...json, ...bearer(saver.token) }, responseType: 'none', responseCallback: http.expectedStatuses(201), ...params });
}
