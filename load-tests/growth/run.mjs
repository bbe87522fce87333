// npm run bench -- growth: does the store stay as fast with 100,000 accounts as with 1,000?
//
// 1. Builds the services (esbuild, seconds; BENCH_BUILD=0 uses the bundles as they are) and the
//    web app when web/dist is missing (the gateway's readiness serves its index.html).
// 2. Starts the `bench` stack (ports 21xxx, run folder .run/bench), with fresh data. Its auth
//    counts log-ins with limits the benchmark never reaches (scripts/stack.mjs serviceEnv).
// 3. Seeds 1,000 accounts straight into the store (seed.mjs), waits for PostgreSQL's statistics,
//    measures (journeys/growth.js: fixed arrival rates), then adds 99,000 and measures again.
// 4. Writes load-tests/results/growth.json and prints a Markdown table. Exits 1 when a path's
//    p95 at 100,000 is more than 1.5x its p95 at 1,000 (or requests failed): the file is
//    written either way. The stack is stopped at the end unless BENCH_KEEP=1.
//
// Knobs: BENCH_PHASE_SECONDS (30), BENCH_WARMUP_SECONDS (10), BENCH_GAP_SECONDS (5), BENCH_SIZES ("1000,100000"),
// RATE_<PATH> (see journeys/growth.js), BENCH_QUIET_WAIT_SECONDS (120) and BENCH_QUIET_BUSY (0.5)
// (see lib/bench.mjs waitForQuietMachine), BENCH_KEEP=1, BENCH_BUILD=0.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, stackProfile, stopStack } from '../../scripts/stack.mjs';
import {
  buildForBench, log, machine, machineLoad as machineLoadWith, ratesFromEnv, round, runK6, stopUnlessKept, trendFigures, waitForAutovacuum, waitForQuietMachine, writeResult,
} from '../lib/bench.mjs';
import { memorySummary, stackMemory } from '../lib/memory.mjs';
import { SEED_PASSWORD, bcryptCompareMs, seedAccounts, seedUsername } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const journey = path.resolve(here, '..', 'journeys', 'growth.js');
const PROFILE = 'bench';
const SIZES = (process.env.BENCH_SIZES || '1000,100000').split(',').map(Number);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS || 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 10);
const GAP_SECONDS = Number(process.env.BENCH_GAP_SECONDS || 5);
/** Arrival rates (per second) handed to k6; RATE_<PATH> changes one (journeys/growth.js). */
const RATE_DEFAULTS = { profile: 50, profile_unknown: 20, refresh: 10, noop: 5, login_ok: 2, login_wrong: 2, signup: 1 };
const RATES = ratesFromEnv(RATE_DEFAULTS);
const TARGET_RATIO = 1.5;

/**
 * What each reported path is, in the order of the table. `judged`: held to the 1.5x target;
 * `rate`: its arrival rate, so the runner can tell a path that fell behind (k6 drops what it
 * cannot start in time, e.g. the refresh scenario's first iterations, spent logging in);
 * `floor`: the service whose no-op floor it is shown beside (measured in the same seconds for
 * the reads; a floor that moved between the sizes means the machine, not the store, moved).
 */
const PATHS = [
  { key: 'login_ok', what: 'log-in, right password (by email; bcrypt)', judged: true, rate: RATES.login_ok, floor: 'auth' },
  { key: 'login_wrong', what: 'log-in, wrong password (by username; bcrypt)', judged: true, rate: RATES.login_wrong, floor: 'auth' },
  { key: 'refresh', what: 'refresh (`POST /v3/auth/refresh/`)', judged: true, rate: RATES.refresh, floor: 'auth' },
  { key: 'profile', what: 'profile by username (`GET /v3/users/<name>/`)', judged: true, rate: RATES.profile, floor: 'pins-boards' },
  { key: 'profile_unknown', what: 'unknown username (404)', judged: true, rate: RATES.profile_unknown, floor: 'pins-boards' },
  { key: 'signup', what: 'sign-up (`POST /v3/register/`; bcrypt)', judged: true, rate: RATES.signup, floor: 'auth' },
  { key: 'signup_visible', what: 'sign-up to profile visible, via Kafka', judged: true, rate: RATES.signup, metric: 'signup_visible_ms' },
  ...['auth', 'pins-boards', 'experiences', 'ads'].map((s) => ({ key: `noop_${s}`, what: `floor: gateway to ${s}, no-op (\`/_noop/${s}\`)`, judged: false, rate: RATES.noop })),
];

/** Times a few profile reads through the gateway (logged: a sanity check before k6 starts). */
async function sampleLookups(p, size, n = 20) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${p.baseUrl}/v3/users/${seedUsername(Math.floor(Math.random() * size))}/`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sample profile read answered ${res.status}: the seeded data is not visible`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(n / 2)];
  log(`[settle] ${n} sample profile reads through the gateway: median ${median.toFixed(1)} ms, max ${times[n - 1].toFixed(1)} ms`);
  return median;
}

/** One k6 run at one store size; its exported summary. */
function measure(p, size, wrongFrom) {
  const { summary, thresholdsCrossed, seconds } = runK6({
    journey,
    summaryFile: path.join(p.runDir, `k6-summary-${size}.json`),
    env: {
      BASE_URL: p.baseUrl, SIZE: String(size), WRONG_FROM: String(wrongFrom),
      SEED_PASSWORD, PHASE_SECONDS: String(PHASE_SECONDS), WARMUP_SECONDS: String(WARMUP_SECONDS), GAP_SECONDS: String(GAP_SECONDS),
      ...Object.fromEntries(Object.entries(RATES).map(([k, v]) => [`RATE_${k.toUpperCase()}`, String(v)])),
    },
  });
  log(`[k6] size ${size}: ${seconds} s`);
  return { summary, thresholdsCrossed };
}

const figures = (summary, entry) => trendFigures(summary, entry.metric ?? `http_req_duration{path:${entry.key}}`);

/** Load averages and one bcrypt verification's time (see lib/bench.mjs machineLoad). */
const machineLoad = () => machineLoadWith(bcryptCompareMs);

function table(result) {
  const [small, large] = result.sizes;
  const f = (x) => (x ? `${x.median} / ${x.p95} / ${x.p99}` : 'n/a');
  const n = (x) => x.toLocaleString('en-US');
  const lines = [
    `| Path | ${n(small)} accounts: median / p95 / p99 (ms) | ${n(large)} accounts: median / p95 / p99 (ms) | p95 ratio | within ${TARGET_RATIO}x | its service's floor p95 ratio |`,
    '|---|---|---|---|---|---|',
  ];
  for (const e of PATHS) {
    const r = result.paths[e.key];
    const verdict = !e.judged ? '(floor)' : r.pass === null ? 'n/a' : r.pass ? 'yes' : '**no**';
    const floor = e.floor ? result.paths[`noop_${e.floor}`].p95Ratio ?? 'n/a' : '';
    lines.push(`| ${e.what} | ${f(r.at[small])} | ${f(r.at[large])} | ${r.p95Ratio ?? 'n/a'} | ${verdict} | ${floor} |`);
  }
  return lines.join('\n');
}

async function main() {
  const t0 = Date.now();
  const p = stackProfile(PROFILE);
  if (SIZES.length !== 2 || !(SIZES[0] > 0 && SIZES[1] > SIZES[0])) throw new Error(`BENCH_SIZES must be two growing sizes (got ${SIZES})`);
  await buildForBench();

  const runs = {};
  const seeding = {};
  const settling = {};
  const load = {};
  let memory = {};
  let startedMs = 0;
  try {
    // A bench stack left running by an interrupted run would otherwise be reused as it is.
    await stopStack(PROFILE, { log });
    await startStack(PROFILE, { freshInfra: true, log });
    startedMs = Date.now() - t0;
    let seeded = 0;
    for (const size of SIZES) {
      const since = Date.now();
      seeding[size] = await seedAccounts({ mongoPort: p.mongoPort, dbPrefix: p.dbPrefix, from: seeded, to: size, log });
      const wrongFrom = seeded; // the wrong-password phase names accounts no earlier phase used
      seeded = size;
      const stats = await waitForAutovacuum(p, since);
      settling[size] = { ...stats, sampleProfileReadMedianMs: round(await sampleLookups(p, size)) };
      const quiet = await waitForQuietMachine();
      const before = { ...quiet, ...(await machineLoad()) };
      runs[size] = measure(p, size, wrongFrom);
      load[size] = { before, after: await machineLoad() };
    }
    memory = stackMemory(p.runDir);
  } finally {
    await stopUnlessKept(PROFILE, p);
  }

  const [small, large] = SIZES;
  const paths_ = {};
  const missed = [];
  const behind = [];
  for (const e of PATHS) {
    const at = Object.fromEntries(SIZES.map((s) => [s, figures(runs[s].summary, e)]));
    const ratio = at[small]?.p95 && at[large]?.p95 ? Math.round((at[large].p95 / at[small].p95) * 100) / 100 : null;
    const pass = e.judged ? (ratio === null ? null : ratio <= TARGET_RATIO) : null;
    if (pass === false) missed.push(e.key);
    paths_[e.key] = { what: e.what, ratePerSecond: e.rate, expectedCount: e.rate * PHASE_SECONDS, at, p95Ratio: ratio, pass };
    for (const size of SIZES) if ((at[size]?.count ?? 0) < 0.95 * e.rate * PHASE_SECONDS) behind.push(`${e.key} at ${size}`);
  }
  const health = Object.fromEntries(SIZES.map((s) => {
    const m = runs[s].summary;
    return [s, {
      requests: m.http_reqs?.count ?? 0,
      failedRate: m.http_req_failed?.value ?? null,
      droppedIterations: m.dropped_iterations?.count ?? 0,
      signupNeverVisible: m.signup_never_visible?.count ?? 0,
      thresholdsCrossed: runs[s].thresholdsCrossed,
    }];
  }));
  const result = {
    when: new Date().toISOString(),
    command: 'npm run bench -- growth',
    machine: machine(),
    target: `p95 at ${large.toLocaleString('en-US')} accounts within ${TARGET_RATIO}x of p95 at ${small.toLocaleString('en-US')}`,
    pass: missed.length === 0,
    missed,
    fellBehind: behind,
    sizes: SIZES,
    phaseSeconds: PHASE_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    gapSeconds: GAP_SECONDS,
    ratesPerSecond: RATES,
    paths: paths_,
    floor: Object.fromEntries(PATHS.filter((e) => !e.judged).map((e) => [e.key, paths_[e.key].at])),
    health,
    seeding,
    settling,
    machineLoad: load,
    memoryMiB: memory,
    memoryMiBTotal: memorySummary(memory).total,
    stackStartSeconds: Math.round(startedMs / 1000),
    durationSeconds: Math.round((Date.now() - t0) / 1000),
  };
  writeResult('growth', result);

  // Failed requests or sign-ups never seen make the figures meaningless: a failure too. Dropped
  // iterations (k6 ran out of VUs: the path fell far behind its rate) are reported only.
  const broken = SIZES.filter((s) => (health[s].failedRate ?? 0) >= 0.01 || health[s].signupNeverVisible > 0);

  log('');
  log(table(result));
  log('');
  log(`Stack memory after the ${large.toLocaleString('en-US')} run: ${memorySummary(memory).line}.`);
  for (const s of SIZES) {
    const l = load[s];
    log(`At ${s.toLocaleString('en-US')}: ${health[s].requests} requests, failed ${((health[s].failedRate ?? 0) * 100).toFixed(2)} %, dropped iterations ${health[s].droppedIterations}; `
      + `machine load average ${l.before.loadAverage[0]} before, ${l.after.loadAverage[0]} after (${os.cpus().length} cores), one bcrypt verification ${l.before.bcryptCompareMs} / ${l.after.bcryptCompareMs} ms.`);
  }
  log(`Whole run: ${result.durationSeconds} s. Written to load-tests/results/growth.json.`);
  if (missed.length) log(`MISSED the ${TARGET_RATIO}x target: ${missed.join(', ')}`);
  if (behind.length) log(`Fewer than 95 % of the planned requests were measured for ${behind.join(', ')}: k6 could not keep the rate (see its output above).`);
  if (broken.length) log(`Requests failed or sign-ups never became visible at ${broken.join(', ')} accounts: see the k6 output above.`);
  if (missed.length || broken.length) process.exitCode = 1;
}

await main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exitCode = 1;
});
