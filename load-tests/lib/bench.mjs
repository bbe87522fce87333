// What the benchmarks that run a stack of their own share (growth/, save/, feed/ run.mjs): the
// bench cluster's statistics, the shared machine's load, k6 runs by phase and their figures.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { paths } from '../../infra/native/install.mjs';
import { PG_DATABASE, PG_USER, postgresBin, postgresPassword } from '../../infra/native/postgres.mjs';
import { buildServices, buildWeb } from '../../scripts/build.mjs';
import { stopStack } from '../../scripts/stack.mjs';

export const log = (...a) => console.log(...a);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Writes a benchmark's figures to load-tests/results/<name>.json. */
export function writeResult(name, result) {
  const dir = path.join(repoRoot, 'load-tests', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/**
 * What a benchmark runs: the services built (BENCH_BUILD=0 uses the bundles as they are), and the
 * web app when web/dist is missing (the gateway's readiness serves its index.html).
 */
export async function buildForBench() {
  if (process.env.BENCH_BUILD !== '0') await buildServices({ log });
  if (!fs.existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) buildWeb({ log });
}
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const round = (x) => (x === undefined || x === null ? null : Math.round(x * 10) / 10);

/** A number from the environment (a benchmark's knob), or its default when unset or empty. */
export const envNumber = (name, def) => Number(process.env[name] || def);

/** A benchmark's arrival rates (per second): its defaults, each changed by RATE_<PATH> when set. */
export const ratesFromEnv = (defaults) =>
  Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, Number(process.env[`RATE_${k.toUpperCase()}`] || v)]));
const exec = promisify(execFile);

/** A psql query against the bench cluster's FerretDB database; rows of tab-separated fields. */
export async function psql(p, sql) {
  const env = { ...process.env, PGPASSWORD: postgresPassword(p), PGCONNECT_TIMEOUT: '5' };
  const { stdout } = await exec(path.join(postgresBin(), 'psql'),
    ['-h', '127.0.0.1', '-p', String(p.postgresPort), '-U', PG_USER, '-d', PG_DATABASE, '-AtF', '\t', '-c', sql], { env, maxBuffer: 16 * 2 ** 20 });
  return stdout.trim().split('\n').filter(Boolean).map((l) => l.split('\t'));
}

/**
 * Waits until autovacuum is done with the seeded tables (the cluster runs autovacuum_naptime=10s):
 * before its ANALYZE the planner may keep the row estimates of an empty table, and before its
 * VACUUM (due after bulk inserts too) the GIN indexes' pending lists hold the new entries, which
 * every lookup scans. Done when every table of the two databases is under autovacuum's own
 * thresholds (analyze: 50 + 10 % of its rows changed; vacuum: 1000 + 20 % inserted), the
 * `seeded` tables (FerretDB names a collection's table `<collection>_<hash>`; users and profiles
 * by default) were analysed after `since`, and no autovacuum worker is running.
 */
export async function waitForAutovacuum(p, since, { seeded = /^(users|profiles)_/, minSeeded = 2, timeoutMs = 180000 } = {}) {
  const t0 = Date.now();
  const schemas = [`${p.dbPrefix}_auth`, `${p.dbPrefix}_pins_boards`].map((s) => `'${s}'`).join(',');
  const tables = `select s.schemaname, s.relname, s.n_live_tup, s.n_mod_since_analyze, s.n_ins_since_vacuum, greatest(c.reltuples, 0),
      coalesce(extract(epoch from greatest(s.last_autoanalyze, s.last_analyze)) * 1000, 0)
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname in (${schemas})`;
  const workers = "select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'";
  let rows = [];
  await sleep(2000); // backends flush their table statistics about once a second
  while (Date.now() - t0 < timeoutMs) {
    let busy;
    try {
      rows = await psql(p, tables);
      busy = Number((await psql(p, workers))[0]?.[0] ?? 0);
    } catch (err) {
      log(`[settle] cannot read PostgreSQL's statistics (${err.message.split('\n')[0]}); relying on the warm-up only`);
      return { ms: Date.now() - t0, settled: false };
    }
    const seededRows = rows.filter(([, rel]) => seeded.test(rel));
    const settled = busy === 0 && seededRows.length >= minSeeded && seededRows.every((r) => Number(r[6]) >= since)
      && rows.every(([, , , mod, ins, reltuples]) => Number(mod) <= 50 + 0.1 * Number(reltuples) && Number(ins) <= 1000 + 0.2 * Number(reltuples));
    if (settled) {
      log(`[settle] autovacuum done after ${((Date.now() - t0) / 1000).toFixed(1)} s: ${seededRows.map((r) => `${r[0]}.${r[1]} ${r[2]} rows`).join(', ')}`);
      return { ms: Date.now() - t0, settled: true };
    }
    await sleep(1000);
  }
  log(`[settle] autovacuum was not done with the seeded tables after ${timeoutMs / 1000} s (going on): ${JSON.stringify(rows)}`);
  return { ms: Date.now() - t0, settled: false };
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, node ${process.version}; k6 on the same machine`;
}

/** The machine's CPU time so far, every core, from /proc/stat: all of it and the busy part (all but idle and iowait), in ticks. */
function machineTicks() {
  const t = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = t.reduce((x, y) => x + y, 0);
  return { total, busy: total - t[3] - (t[4] ?? 0) };
}

/** Share (0-1) of all cores busy over `ms`, from /proc/stat. */
export async function cpuBusy(ms) {
  const a = machineTicks();
  await sleep(ms);
  const b = machineTicks();
  const total = b.total - a.total;
  return total > 0 ? (b.busy - a.busy) / total : 0;
}

/** CPU seconds the whole machine has been busy so far (every core). */
export const machineBusySeconds = () => machineTicks().busy / CLOCK_TICKS;

/**
 * The machine is shared (other people's builds and tests): before each measurement, waits up to
 * BENCH_QUIET_WAIT_SECONDS (120) for a moment when the CPUs are less than BENCH_QUIET_BUSY (0.5)
 * busy over 3 s while the bench stack idles, so runs start from similar conditions. It goes on
 * after the wait either way; the results say what it found (`quiet: false` when it gave up).
 */
export async function waitForQuietMachine() {
  const limit = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120) * 1000;
  const threshold = Number(process.env.BENCH_QUIET_BUSY || 0.5);
  const t0 = Date.now();
  let busy = await cpuBusy(3000);
  while (busy >= threshold && Date.now() - t0 < limit) {
    log(`[quiet] CPUs ${Math.round(busy * 100)} % busy while the bench stack idles: waiting for a quieter moment (${Math.round((Date.now() - t0) / 1000)} s so far)`);
    busy = await cpuBusy(5000);
  }
  const waited = Math.round((Date.now() - t0) / 1000);
  if (busy >= threshold) log(`[quiet] still ${Math.round(busy * 100)} % busy after ${waited} s: measuring anyway (the figures will be noisier)`);
  return { waitedSeconds: waited, cpuBusyBefore: Math.round(busy * 100) / 100, quiet: busy < threshold };
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * Every process's parent and CPU ticks from /proc: its own (utime, stime) and those of its
 * children that ended and were waited for (cutime, cstime), so a PostgreSQL backend or
 * autovacuum worker that exits keeps counting with its postmaster.
 */
function processTicks() {
  const procs = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
      procs.push({ pid: Number(entry), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) }); // ppid, utime, stime, cutime, cstime
    } catch {
      // gone meanwhile
    }
  }
  return procs;
}

/** The nearest of `roots` a process descends from (itself included), or undefined. */
function rootOf(parent, roots, pid) {
  for (let p = pid, depth = 0; p > 1 && depth < 32; p = parent.get(p) ?? 0, depth++) if (roots.has(p)) return p;
  return undefined;
}

/**
 * CPU seconds used so far by the given processes and all their descendants (PostgreSQL's
 * backends each start a session of their own, so process groups would miss them).
 */
export function treeCpuSeconds(roots) {
  const procs = processTicks();
  const parent = new Map(procs.map((x) => [x.pid, x.ppid]));
  return procs.filter((x) => rootOf(parent, roots, x.pid) !== undefined).reduce((n, x) => n + x.ticks, 0) / CLOCK_TICKS;
}

/** The pid of each process of a stack's run folder (<runDir>/pids/<name>.pid), by name. */
export function stackPids(runDir) {
  const dir = path.join(runDir, 'pids');
  return Object.fromEntries(fs.readdirSync(dir).filter((f) => f.endsWith('.pid')).sort()
    .map((f) => [f.replace(/\.pid$/, ''), Number(fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[0])]));
}

/**
 * CPU seconds used so far by each named process of a stack (`pids`: stackPids()), each with all
 * its descendants, from one reading of /proc (a process under two of them counts with the nearer).
 */
export function stackCpuSeconds(pids) {
  const byPid = new Map(Object.entries(pids).map(([name, pid]) => [pid, name]));
  const roots = new Set(byPid.keys());
  const procs = processTicks();
  const parent = new Map(procs.map((x) => [x.pid, x.ppid]));
  const out = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  for (const x of procs) {
    const root = rootOf(parent, roots, x.pid);
    if (root !== undefined) out[byPid.get(root)] += x.ticks / CLOCK_TICKS;
  }
  return out;
}

/** CPU seconds of this process's children that ended and were waited for (a k6 run by runK6, for one). */
export function endedChildrenCpuSeconds() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[13]) + Number(f[14])) / CLOCK_TICKS;
}

/**
 * Waits until the named processes of a stack (pid files in <runDir>/pids, each with all its
 * descendants: PostgreSQL's backends count with it) together use less than `busyBelow` of one core for
 * `quietSeconds` in a row: a service that fell behind keeps working through requests whose
 * clients gave up long ago, and the next measurement must not start on that backlog. Gives up
 * after `timeoutMs`; answers how long it waited and whether the stack was idle.
 */
export async function waitForStackIdle(runDir, names, { busyBelow = 0.1, quietSeconds = 2, timeoutMs = 180000 } = {}) {
  const roots = new Set(names.map((n) => Number(fs.readFileSync(path.join(runDir, 'pids', `${n}.pid`), 'utf8').split('\n')[0])));
  const t0 = Date.now();
  let quiet = 0;
  let last = treeCpuSeconds(roots);
  let busy = 0;
  while (quiet < quietSeconds && Date.now() - t0 < timeoutMs) {
    await sleep(1000);
    const now = treeCpuSeconds(roots);
    busy = now - last;
    last = now;
    quiet = busy < busyBelow ? quiet + 1 : 0;
  }
  const waitedSeconds = Math.round((Date.now() - t0) / 1000);
  const idle = quiet >= quietSeconds;
  if (!idle) log(`[idle] ${names.join(', ')} still use ${Math.round(busy * 100)} % of a core after ${waitedSeconds} s: going on`);
  else if (waitedSeconds > quietSeconds + 1) log(`[idle] ${names.join(', ')} idle after ${waitedSeconds} s`);
  return { waitedSeconds, idle };
}

/**
 * How busy the machine is besides the benchmark (other people's builds and tests share it): the
 * load averages, and the median of three runs of `gauge` (async, answers milliseconds: the
 * benchmarks time one bcrypt verification at auth's cost, about 165 ms on an idle core).
 */
export async function machineLoad(gauge) {
  const times = [];
  for (let i = 0; i < 3; i++) times.push(await gauge());
  times.sort((a, b) => a - b);
  return { loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100), bcryptCompareMs: Math.round(times[1]) };
}

/**
 * Runs one k6 journey with `env` added to this process's environment; answers its exported
 * summary's metrics. Crossed thresholds (k6 exits non-zero) still answer what was measured.
 */
export function runK6({ journey, summaryFile, env }) {
  fs.rmSync(summaryFile, { force: true });
  const t0 = Date.now();
  let thresholdsCrossed = false;
  try {
    execFileSync(paths().k6, ['run', '--quiet', '--summary-export', summaryFile, journey], {
      stdio: 'inherit', env: { ...process.env, K6_NO_USAGE_REPORT: 'true', ...env },
    });
  } catch (err) {
    if (!fs.existsSync(summaryFile)) throw err;
    thresholdsCrossed = true;
  }
  const summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')).metrics;
  fs.rmSync(summaryFile, { force: true });
  return { summary, thresholdsCrossed, seconds: Math.round((Date.now() - t0) / 1000) };
}

/** Median / p95 / p99 / max / count of one trend of a k6 summary (null when it has no samples). */
export function trendFigures(summary, metric) {
  const m = summary[metric];
  if (!m || !m.count) return null;
  return { median: round(m.med), p95: round(m['p(95)']), p99: round(m['p(99)']), max: round(m.max), count: m.count };
}

/** Stops the bench stack, unless BENCH_KEEP=1 (then says how to stop it later). */
export async function stopUnlessKept(name, p) {
  if (process.env.BENCH_KEEP === '1') log(`[bench] BENCH_KEEP=1: the ${name} stack keeps running at ${p.baseUrl} (npm run bench stops nothing; node -e "import('./scripts/stack.mjs').then((s) => s.stopStack('${name}'))" does)`);
  else await stopStack(name, { log });
}

/** `RATE_<PATH>` variables for k6 from a runner's rates (the journeys read them back). */
export const rateEnv = (rates) => Object.fromEntries(Object.entries(rates).map(([k, v]) => [`RATE_${k.toUpperCase()}`, String(v)]));

/**
 * Runs a journey once per phase, each after the stack is idle again (a path that fell behind
 * leaves a backlog otherwise), with the machine's load before and after. `envOf(phase)` is
 * what k6 gets besides PHASE (the phase's name unless envOf sets another: two phases of a runner
 * may run one journey phase at two rates). Answers each phase's run by name.
 */
export async function runPhases({ p, journey, name, phases, envOf, gauge }) {
  const out = {};
  for (const phase of phases) {
    const idle = await waitForStackIdle(p.runDir, ['pins-boards', 'ferretdb', 'postgres']);
    const load = await machineLoad(gauge);
    const run = runK6({ journey, summaryFile: path.join(p.runDir, `k6-summary-${name}-${phase}.json`), env: { PHASE: phase, ...envOf(phase) } });
    log(`[k6] phase ${phase}: ${run.seconds} s`);
    out[phase] = { ...run, before: { idle, ...load }, after: await machineLoad(gauge) };
  }
  return out;
}

/** The phases' summaries as one (each holds its own paths' trends), and the requests and failures summed over them. */
export function mergedSummary(phases) {
  const all = Object.values(phases).map((r) => r.summary);
  return {
    m: Object.assign({}, ...all),
    requests: all.reduce((n, x) => n + (x.http_reqs?.count ?? 0), 0),
    failed: all.reduce((n, x) => n + (x.http_req_failed?.passes ?? 0), 0),
  };
}

/**
 * A service's event handlers as its /metrics counts them (kit metrics.ts): per handler, the events
 * handled and the summed seconds of handling and of lag. `handlerDelta(before, after)` turns two
 * readings into what happened between them: where a consumer's time went during a phase.
 */
export async function handlerTimes(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const out = {};
  for (const line of text.split('\n')) {
    const m = /^(event_handler_duration_seconds|event_handled_lag_seconds)_(sum|count)\{(.*)\} (\S+)$/.exec(line);
    if (!m) continue;
    const handler = /handler="([^"]+)"/.exec(m[3])?.[1];
    if (!handler) continue;
    const h = (out[handler] ??= { count: 0, seconds: 0, lagSeconds: 0 });
    if (m[1] === 'event_handler_duration_seconds') {
      if (m[2] === 'count') h.count = Number(m[4]);
      else h.seconds = Number(m[4]);
    } else if (m[2] === 'sum') h.lagSeconds = Number(m[4]);
  }
  return out;
}

export function handlerDelta(before, after) {
  const rows = {};
  for (const [handler, a] of Object.entries(after)) {
    const b = before[handler] ?? { count: 0, seconds: 0, lagSeconds: 0 };
    const count = a.count - b.count;
    if (count <= 0) continue;
    rows[handler] = { events: count, meanMs: round(((a.seconds - b.seconds) / count) * 1000), meanLagMs: round(((a.lagSeconds - b.lagSeconds) / count) * 1000), busySeconds: round(a.seconds - b.seconds) };
  }
  return rows;
}

/**
 * The samples of the named metrics on a service's /metrics (Prometheus text): each with its
 * name, labels and value (a histogram's series by their full names, `<name>_count`, ...).
 */
export async function metricSamples(port, names) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(10000) })).text();
  const out = [];
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || !names.includes(m[1])) continue;
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}
