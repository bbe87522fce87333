// k6: the search benchmark's measurements (load-tests/search/run.mjs seeds the index and runs
// this once per PHASE, waiting in between until the stack is idle). The paths:
//
//   search     BaseSearchResource get, scope pins, 25 results: one word (7 in 10) or two of the
//              seeded vocabulary drawn with Zipf's law as the seed's text was (so common words
//              come often and match a large share of the pins), one in ten with two letters
//              swapped (a typo); half of them signed in as the searcher, half anonymous
//   typeahead  SearchTypeaheadResource get: the first 3 to 6 letters of such a word
//   save       RepinResource create of the source pin by a saver onto their board, with a
//              description of vocabulary words (each save is indexed by pins-boards' consumer)
//   index_lag_ms  (a trend) how long after its save answered a pin is found: one VU repins with a
//              word of its own and searches it every POLL_MS until found (at most 10 s)
//
// PHASE=search|typeahead|lag: those paths at FIXED arrival rates for WARMUP_SECONDS +
// PHASE_SECONDS beside the no-op floor (`/_noop/pins-boards`, tagged `noop_<phase>`) in the same
// seconds; the first WARMUP_SECONDS are tagged `warmup`, not reported.
//
// Environment: BASE_URL, PHASE, FIXTURE (JSON from search/run.mjs: the vocabulary, the
// searcher's and savers' tokens, the savers' boards, the source pin), PHASE_SECONDS,
// WARMUP_SECONDS, RATE_SEARCH, RATE_TYPEAHEAD, RATE_SAVE, RATE_NOOP, POLL_MS.
import http from 'k6/http';
import exec from 'k6/execution';
import { check, sleep } from 'k6';
import { Trend } from 'k6/metrics';
import { bearer, data, json } from './lib/resources.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:21080';
const PHASE = __ENV.PHASE || 'search';
const FIXTURE = JSON.parse(__ENV.FIXTURE || '{}');
const W = Number(__ENV.WARMUP_SECONDS || 10);
const P = Number(__ENV.PHASE_SECONDS || 30);
const POLL_MS = Number(__ENV.POLL_MS || 50);
const rate = (name, def) => Number(__ENV[`RATE_${name.toUpperCase()}`] || def);
const RATES = { search: rate('search', 200), typeahead: rate('typeahead', 300), save: rate('save', 50), noop: rate('noop', 20) };

if (!/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(BASE_URL)) throw new Error(`BASE_URL must be on this machine (got ${BASE_URL})`);

const indexLag = new Trend('index_lag_ms', true);

function arrival(fn, ratePerSecond) {
  return {
    executor: 'constant-arrival-rate', exec: fn, rate: ratePerSecond, timeUnit: '1s', duration: `${W + P}s`,
    preAllocatedVUs: Math.max(2, Math.ceil(ratePerSecond / 10)), maxVUs: Math.max(4, Math.min(200, ratePerSecond)), gracefulStop: '15s',
  };
}
const floor = { ...arrival('noop', RATES.noop), maxVUs: 20, env: { NOOP_PHASE: PHASE } };
const PHASE_SCENARIOS = {
  search: { search: arrival('search', RATES.search), noop_search: floor },
  typeahead: { typeahead: arrival('typeahead', RATES.typeahead), noop_typeahead: floor },
  lag: { save: arrival('save', RATES.save), lag_probe: { executor: 'constant-vus', exec: 'lagProbe', vus: 1, duration: `${W + P}s`, gracefulStop: '15s' }, noop_lag: floor },
};
const scenarios = PHASE_SCENARIOS[PHASE];
if (!scenarios) throw new Error(`PHASE must be one of ${Object.keys(PHASE_SCENARIOS).join(', ')} (got ${PHASE})`);
const PATHS = Object.keys(scenarios).filter((s) => s !== 'lag_probe');

export const options = {
  scenarios,
  thresholds: {
    http_req_failed: ['rate<0.01'],
    ...Object.fromEntries(PATHS.map((p) => [`http_req_duration{path:${p}}`, ['max>=0']])),
    ...Object.fromEntries(PATHS.map((s) => [`dropped_iterations{scenario:${s}}`, ['count>=0']])),
    ...(PHASE === 'search' ? Object.fromEntries(['one', 'two', 'typo'].map((k) => [`http_req_duration{path:search,kind:${k}}`, ['max>=0']])) : {}),
    ...(PHASE === 'lag' ? { 'index_lag_ms{path:lag}': ['max>=0'], 'http_req_duration{path:lag_probe}': ['max>=0'] } : {}),
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
  systemTags: ['status', 'method', 'scenario', 'expected_response'],
};

const warm = () => Date.now() - exec.scenario.startTime < W * 1000;
const tag = (path, tags = {}) => ({ tags: { path: warm() ? 'warmup' : path, ...tags }, timeout: '15s' });
const WORDS = FIXTURE.words || [];

/** A vocabulary word drawn as the seed drew them (Zipf's law: the k-th about 1/k as often as the first). */
const zipfWord = () => WORDS[Math.min(WORDS.length, Math.floor(Math.exp(Math.random() * Math.log(WORDS.length)))) - 1];
/** Two neighbouring letters swapped. */
function typo(word) {
  const i = Math.floor(Math.random() * (word.length - 1));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}
/** A query as people type them, and its kind (`one` word, `two`, or a `typo` in the first): each kind is timed apart too. */
function query() {
  const words = Math.random() < 0.7 ? [zipfWord()] : [zipfWord(), zipfWord()];
  const kind = Math.random() < 0.1 ? 'typo' : words.length === 1 ? 'one' : 'two';
  if (kind === 'typo') words[0] = typo(words[0]);
  return { text: words.join(' '), kind };
}
const searchUrl = (options) => `${BASE_URL}/resource/BaseSearchResource/get/?data=${data({ page_size: 25, scope: 'pins', ...options })}`;
const signedIn = () => (Math.random() < 0.5 ? { headers: bearer(FIXTURE.searcherToken) } : {});

export function search() {
  const { text, kind } = query();
  const res = http.get(searchUrl({ query: text, rs: 'typed' }), { responseType: 'none', ...signedIn(), ...tag('search', { kind }) });
  check(res, { 'search 200': (r) => r.status === 200 });
}

export function typeahead() {
  const word = zipfWord();
  const term = word.slice(0, Math.min(word.length, 3 + Math.floor(Math.random() * 4)));
  const res = http.get(`${BASE_URL}/resource/SearchTypeaheadResource/get/?data=${data({ term, count: 5 })}`, { responseType: 'none', ...signedIn(), ...tag('typeahead') });
  check(res, { 'typeahead 200': (r) => r.status === 200 });
}

function repin(saver, description, params) {
  return http.post(`${BASE_URL}/resource/RepinResource/create/`, JSON.stringify({ options: { pin_id: FIXTURE.sourcePinId, board_id: saver.board, description } }),
    { headers: { ...json, ...bearer(saver.token) }, responseCallback: http.expectedStatuses(201), ...params });
}

export function save() {
  const saver = FIXTURE.savers[exec.scenario.iterationInTest % FIXTURE.savers.length];
  const res = repin(saver, `${zipfWord()} ${zipfWord()} ${zipfWord()}`, { responseType: 'none', ...tag('save') });
  check(res, { 'saved 201': (r) => r.status === 201 });
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A word no seeded pin has (the vocabulary's syllables never start with "zx"). */
const ownWord = () => `zx${Array.from({ length: 10 }, () => LETTERS[Math.floor(Math.random() * 26)]).join('')}`;

/** Repins with a word of its own, then searches it every POLL_MS until found: the save-to-index lag. */
export function lagProbe() {
  const word = ownWord();
  const saver = FIXTURE.savers[0];
  const saved = repin(saver, `lag probe ${word}`, { tags: { path: 'lag_probe' }, timeout: '15s' });
  if (saved.status !== 201) return;
  const answeredAt = Date.now();
  const url = searchUrl({ query: word, auto_correction_disabled: 'true' });
  while (Date.now() - answeredAt < 10000) {
    const res = http.get(url, { tags: { path: 'lag_probe' }, timeout: '15s' });
    if (res.status === 200 && res.json('resource_response.data').length > 0) {
      indexLag.add(Date.now() - answeredAt, { path: warm() ? 'warmup' : 'lag' });
      return;
    }
    sleep(POLL_MS / 1000);
  }
  indexLag.add(10000, { path: warm() ? 'warmup' : 'lag' });
}

export function noop() {
  const res = http.get(`${BASE_URL}/_noop/pins-boards`, { responseType: 'none', ...tag(`noop_${__ENV.NOOP_PHASE}`) });
  check(res, { 'noop 200': (r) => r.status === 200 });
}
