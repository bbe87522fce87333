// npm run bench (no argument): the one load suite. Every path a person uses, on one fresh bench
// stack, weighted like real use, beside the no-op floor; then each path alone for its CPU cost.
//
// 1. Builds the services (BENCH_BUILD=0 uses the bundles as they are) and the web app when missing.
// 2. Starts the `bench` stack with fresh data and seeds it as the home feed benchmark does
//    (lib/feed-stack.mjs: readers following public boards, their feeds filled), plus pins saved
//    through the API with pictures of their own (so pages, close-ups and search find real pins).
// 3. The floor alone (FLOOR_SECONDS): the stack's CPU per no-op, and its idle CPU beforehand.
// 4. Each path alone at its rate of the mix (at least MIN_ALONE_RATE a second), PATH_SECONDS
//    each: the stack's CPU per request from /proc (every process with its descendants, less the
//    idle rate), by process.
// 5. The mix (MIX_SECONDS after WARMUP_SECONDS): every path at once with the floor, for each
//    path p50/p95/p99, throughput, errors and its p95 over the floor's p95 of the same seconds.
// 6. Writes load-tests/results/<date>.md (and suite.json), replaces the README's suite table,
//    and prints it. The stack is stopped at the end unless BENCH_KEEP=1. Exits 1 when more than
//    1 % of the mix's requests failed.
//
// The mix's rates per second (RATE_<PATH> changes one, BENCH_SCALE multiplies all): browsing far
// more than saving, saving more than creating, creating more than signing up.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { stackProfile } from '../../scripts/stack.mjs';
import { FEED_PASSWORD } from '../feed/seed.mjs';
import { bcryptCompareMs } from '../growth/seed.mjs';
import { startFeedStack } from '../lib/feed-stack.mjs';
import { buildForBench, envNumber, log, machine, machineBusySeconds, machineLoad, metricSamples, rateEnv, ratesFromEnv, round, runK6, stackCpuSeconds, stackPids, stopUnlessKept, trendFigures, waitForQuietMachine, waitForStackIdle, writeResult } from '../lib/bench.mjs';
import { memorySummary, stackMemory } from '../lib/memory.mjs';
import { call, resourceData } from '../save/seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const journey = path.resolve(here, '..', 'journeys', 'suite.js');
const SCALE = envNumber('BENCH_SCALE', 1);
const MIX_SECONDS = envNumber('BENCH_MIX_SECONDS', 60);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 10);
const PATH_SECONDS = envNumber('BENCH_PATH_SECONDS', 15);
const FLOOR_SECONDS = envNumber('BENCH_FLOOR_SECONDS', 15);
/**
 * A path alone runs at least this fast, so that its requests' CPU stands well above the stack's
 * idle noise (a few hundred requests); the paths that hash a password or decode a picture (some
 * 100 ms of CPU each) at least 2 a second.
 */
const MIN_ALONE_RATE = { default: 20, login: 2, signup: 2, create: 2 };
const SERVICES = ['auth', 'pins-boards', 'experiences', 'ads'];
const SIZES = { readers: 20, savers: 10, boards: 40, entriesPerReader: 200, pins: 40 };

/** Each path: its rate in the mix (per second) and what it is, in the order of the table. */
const PATHS = {
  home_feed: { rate: 40, what: 'home feed, first page (`HomeFeedResource`)' },
  pin_page: { rate: 25, what: 'pin close-up (`GET /v3/pins/{id}/`)' },
  board_page: { rate: 15, what: 'board page, first 25 pins (`BoardFeedResource`)' },
  search: { rate: 10, what: 'search, pins (`BaseSearchResource`)' },
  profile: { rate: 8, what: 'profile (`GET /v3/users/{username}/`)' },
  web: { rate: 5, what: 'the web app\'s page (`GET /`, nginx)' },
  save: { rate: 6, what: 'save a pin (`RepinResource` create)' },
  create: { rate: 1, what: 'create a pin with a picture (`PinResource` create)' },
  login: { rate: 1, what: 'log in (`POST /v3/login/`)' },
  signup: { rate: 0.3, what: 'sign up (`POST /v3/register/`)' },
  noop: { rate: 20, what: '**floor**: gateway to pins-boards, no-op' },
};
/** Each path's rate: its default times BENCH_SCALE (the floor's as it is), or RATE_<PATH>; to a tenth a second. */
const FROM_ENV = ratesFromEnv(Object.fromEntries(Object.entries(PATHS).map(([p, x]) => [p, x.rate * (p === 'noop' ? 1 : SCALE)])));
const rateOf = (p) => Math.round(FROM_ENV[p] * 10) / 10;
/** BENCH_PATHS=pin_page,save measures those alone (and the floor), for working on one path; the table and README are then left as they are. */
const ONLY = process.env.BENCH_PATHS ? new Set(['noop', ...process.env.BENCH_PATHS.split(',').map((x) => x.trim())]) : null;
for (const x of ONLY ?? []) if (!PATHS[x]) throw new Error(`BENCH_PATHS: no path ${x} (paths: ${Object.keys(PATHS).join(', ')})`);
const RATES = Object.fromEntries(Object.keys(PATHS).map((p) => [p, !ONLY || ONLY.has(p) ? rateOf(p) : 0]));
/** Every path's RATE_<PATH> for k6, 0 for those not given: a RATE_ set in this environment must not start a path a phase leaves out. */
const everyRate = (rates) => rateEnv(Object.fromEntries(Object.keys(PATHS).map((p) => [p, rates[p] ?? 0])));
const WORDS = ['lamp', 'garden', 'recipe', 'cookies', 'travel', 'kitchen', 'wedding', 'autumn', 'ceramic', 'cabin', 'linen', 'bread', 'mountain', 'reading', 'terracotta', 'sourdough', 'balcony', 'quilt', 'lantern', 'harbour'];

/** Small pictures of their own (a colour and a shape each), as base64 PNGs for the create path. */
async function pictures(n) {
  const out = [];
  for (let k = 0; k < n; k++) {
    const hue = (k * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="240"><rect width="360" height="240" fill="hsl(${hue},55%,45%)"/><circle cx="${60 + (k * 37) % 240}" cy="120" r="${30 + (k % 5) * 12}" fill="hsl(${(hue + 180) % 360},60%,80%)"/></svg>`;
    out.push((await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64'));
  }
  return out;
}

/** Pins saved through the API by the savers (their pictures stored by the service), with words search finds. */
async function savePins(p, savers, boardsBySaver, pngs) {
  const ids = [];
  for (let k = 0; k < SIZES.pins; k++) {
    const saver = savers[k % savers.length];
    const board = boardsBySaver[k % savers.length][0];
    const title = `${WORDS[k % WORDS.length]} ${WORDS[(k * 7 + 3) % WORDS.length]}`;
    const res = await call(`${p.baseUrl}/resource/PinResource/create/`, {
      method: 'POST', token: saver.token,
      body: { options: { board_id: board, image_base64: pngs[k % pngs.length], title, description: `A ${title} for the load suite`, link: 'https://example.com/suite', method: 'uploaded' } },
    });
    if (res.status !== 201) throw new Error(`PinResource create answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    ids.push(resourceData(res.body).id);
  }
  return ids;
}

/** The stack's CPU seconds by process over `fn`, less what it uses idle in as long. */
async function cpuOver(pids, idlePerSecond, fn) {
  const before = stackCpuSeconds(pids);
  const t0 = Date.now();
  const out = await fn();
  const seconds = (Date.now() - t0) / 1000;
  const after = stackCpuSeconds(pids);
  const cpu = Object.fromEntries(Object.keys(after).map((n) => [n, Math.max(0, after[n] - before[n] - (idlePerSecond[n] ?? 0) * seconds)]));
  return { out, cpu, seconds };
}

/** Store commands every service sent so far (kit `mongo_commands_total`, on in the bench stack), by `service command collection`. */
async function storeCommands(p) {
  const out = {};
  for (const service of SERVICES) {
    for (const x of await metricSamples(p.ports[service], ['mongo_commands_total'])) out[`${service} ${x.labels.command} ${x.labels.collection}`] = x.value;
  }
  return out;
}

/**
 * Two readings' difference per request, less what the services send idle over as long (`idle`:
 * per second, by command; polls and sweeps), the commands each request sent most first.
 */
function commandsPerRequest(before, after, requests, idle = {}, seconds = 0) {
  return Object.entries(after).map(([k, v]) => [k, Math.max(0, v - (before[k] ?? 0) - (idle[k] ?? 0) * seconds) / requests]).filter(([, v]) => v >= 0.01)
    .sort((a, b) => b[1] - a[1]).map(([k, v]) => ({ command: k, perRequest: Math.round(v * 100) / 100 }));
}

/** Requests a run alone sent (answered with any status), warm-up included: the CPU counts them all. */
const requestsOf = (summary) => summary.http_reqs?.count ?? 0;

async function main() {
  const t0 = Date.now();
  const p = stackProfile('bench');
  await buildForBench();
  const runId = crypto.randomBytes(3).toString('hex');
  const fixtureFile = path.join(p.runDir, 'suite-fixture.json');
  const alone = {};
  let mix;
  let idlePerSecond = {};
  let memory = {};
  let quiet;
  let seeded;
  try {
    const stack = await startFeedStack(p, { readers: SIZES.readers, savers: SIZES.savers, boards: SIZES.boards, entriesPerReader: SIZES.entriesPerReader });
    const pngs = await pictures(24);
    const savers = stack.people.savers.map((s, k) => ({ token: s.token, boards: stack.seeding.boardsBySaver[k] }));
    const pins = await savePins(p, stack.people.savers, stack.seeding.boardsBySaver, pngs);
    seeded = { ...SIZES, pinsSavedThroughTheApi: pins.length };
    fs.writeFileSync(fixtureFile, JSON.stringify({
      run: runId, password: FEED_PASSWORD, pngs, words: WORDS, pins,
      readers: stack.people.readers.map((r) => ({ token: r.token })),
      logins: stack.people.readers.map((r) => r.email),
      usernames: [...stack.people.readers, ...stack.people.savers].map((x) => x.username),
      boards: stack.seeding.boardsBySaver.flat(), savers,
    }));
    log(`[seed] ${pins.length} pins saved through the API; fixture ${fixtureFile}`);

    const pids = stackPids(p.runDir);
    const stackNames = Object.keys(pids);
    const settle = () => waitForStackIdle(p.runDir, stackNames, { busyBelow: 0.3 });
    quiet = await waitForQuietMachine();
    await settle();
    // The stack's own work when nobody calls it (polls, heartbeats, sweeps): taken off every reading.
    const idle = await cpuOver(pids, {}, () => new Promise((r) => setTimeout(r, 10000)));
    idlePerSecond = Object.fromEntries(Object.entries(idle.cpu).map(([n, s]) => [n, s / idle.seconds]));
    const env = (rates, seconds, warmup) => ({ BASE_URL: p.baseUrl, FIXTURE: fixtureFile, PHASE_SECONDS: String(seconds), WARMUP_SECONDS: String(warmup), ...everyRate(rates) });

    // Each path alone (the floor first): its CPU per request.
    for (const path_ of ['noop', ...Object.keys(PATHS).filter((x) => x !== 'noop' && RATES[x] > 0)]) {
      await settle();
      const rate = Math.max(RATES[path_], MIN_ALONE_RATE[path_] ?? MIN_ALONE_RATE.default);
      const seconds = path_ === 'noop' ? FLOOR_SECONDS : PATH_SECONDS;
      // The idle rate again just before (periodic work drifts: autovacuum, compactions).
      const idleCommandsBefore = await storeCommands(p);
      const idleNow = await cpuOver(pids, {}, () => new Promise((r) => setTimeout(r, 5000)));
      const idleRate = Object.fromEntries(Object.entries(idleNow.cpu).map(([n, s]) => [n, s / idleNow.seconds]));
      const commandsBefore = await storeCommands(p);
      const idleCommands = Object.fromEntries(Object.entries(commandsBefore).map(([k, v]) => [k, (v - (idleCommandsBefore[k] ?? 0)) / idleNow.seconds]));
      const since = Date.now();
      const { out, cpu } = await cpuOver(pids, idleRate, async () => {
        const run = runK6({ journey, summaryFile: path.join(p.runDir, `k6-suite-${path_}.json`), env: env({ [path_]: rate }, seconds, 2) });
        await settle(); // what the requests left behind (events handled, feeds written) counts with them
        return run;
      });
      const requests = requestsOf(out.summary);
      const byCommand = requests ? commandsPerRequest(commandsBefore, await storeCommands(p), requests, idleCommands, (Date.now() - since) / 1000) : [];
      const total = Object.values(cpu).reduce((a, b) => a + b, 0);
      alone[path_] = {
        rate, requests, cpuMsPerRequest: requests ? round((total * 1000) / requests) : null,
        storeCommandsPerRequest: requests ? round(byCommand.reduce((n, x) => n + x.perRequest, 0)) : null,
        storeCommands: byCommand,
        byProcess: Object.fromEntries(Object.entries(cpu).map(([n, s]) => [n, requests ? round((s * 1000) / requests) : null])),
      };
      log(`[alone] ${path_} at ${rate}/s: ${requests} requests, ${alone[path_].cpuMsPerRequest} ms of CPU and ${alone[path_].storeCommandsPerRequest} store commands each`);
    }

    // The mix.
    await settle();
    const before = await machineLoad(bcryptCompareMs);
    const busyBefore = machineBusySeconds();
    const { out, cpu, seconds } = await cpuOver(pids, idlePerSecond, async () => runK6({ journey, summaryFile: path.join(p.runDir, 'k6-suite-mix.json'), env: env(RATES, MIX_SECONDS, WARMUP_SECONDS) }));
    const machineCores = (machineBusySeconds() - busyBefore) / seconds;
    mix = { summary: out.summary, cpu, seconds, machineCores, before, after: await machineLoad(bcryptCompareMs) };
    memory = stackMemory(p.runDir);
  } finally {
    await stopUnlessKept('bench', p);
  }

  const m = mix.summary;
  const floor = trendFigures(m, 'http_req_duration{path:noop}');
  const rows = Object.keys(PATHS).filter((x) => RATES[x] > 0).map((x) => {
    const figures = trendFigures(m, `http_req_duration{path:${x}}`);
    const answered = m[`http_reqs{path:${x}}`]?.count ?? 0;
    return {
      path: x, what: PATHS[x].what, ratePerSecond: RATES[x], figures,
      throughputPerSecond: round(answered / MIX_SECONDS),
      errorRate: m[`http_req_failed{path:${x}}`]?.value ?? null,
      p95OverFloor: figures && floor && x !== 'noop' ? round(figures.p95 / floor.p95) : null,
      cpuMsPerRequest: alone[x]?.cpuMsPerRequest ?? null,
      storeCommandsPerRequest: alone[x]?.storeCommandsPerRequest ?? null,
    };
  });
  const requests = m.http_reqs?.count ?? 0;
  const failedRate = m.http_req_failed?.value ?? 0;
  const cpuTotal = Object.values(mix.cpu).reduce((a, b) => a + b, 0);
  const result = {
    when: new Date().toISOString(),
    command: 'npm run bench',
    machine: machine(),
    scale: SCALE,
    ratesPerSecond: RATES,
    seconds: { mix: MIX_SECONDS, warmup: WARMUP_SECONDS, pathAlone: PATH_SECONDS, floorAlone: FLOOR_SECONDS },
    seeded,
    quietBefore: quiet,
    paths: rows,
    floor,
    // The machine's busy cores over the mix beside the stack's: the rest is k6 and anything else running.
    mix: { requests, failedRate, stackCpuCores: round(cpuTotal / mix.seconds), machineBusyCores: round(mix.machineCores), machineLoad: { before: mix.before, after: mix.after } },
    idleCpuMsPerSecond: Object.fromEntries(Object.entries(idlePerSecond).map(([n, s]) => [n, round(s * 1000)])),
    alone,
    memoryMiB: memory,
    memoryMiBTotal: memorySummary(memory).total,
    durationSeconds: Math.round((Date.now() - t0) / 1000),
  };
  const table = markdownTable(result);
  if (ONLY) {
    for (const x of ONLY) log(`[commands] ${x}: ${(alone[x]?.storeCommands ?? []).map((c) => `${c.command} ${c.perRequest}`).join(', ')}`);
    log(`\n${table}\n\n(BENCH_PATHS: nothing written)`);
    return;
  }
  writeResult('suite', result);
  const day = result.when.slice(0, 10);
  fs.writeFileSync(path.join(repoRoot, 'load-tests', 'results', `${day}.md`), `# Load suite, ${day}\n\n${table}\n`);
  replaceReadmeTable(table);
  log(`\n${table}`);
  if (failedRate >= 0.01) process.exit(1);
}

/** The suite's figures as Markdown: the mix by path, then how it was measured. */
function markdownTable(r) {
  const f = (x) => (x ? `${x.median} / ${x.p95} / ${x.p99}` : 'n/a');
  const lines = [
    `\`npm run bench\`, ${r.when.slice(0, 16).replace('T', ' ')} UTC; ${r.machine}. ${r.seconds.mix} s of the mix after ${r.seconds.warmup} s of warm-up, ${r.mix.requests} requests, ${(r.mix.failedRate * 100).toFixed(2)} % failed, the stack using ${r.mix.stackCpuCores} cores of the ${r.mix.machineBusyCores} busy (the rest: k6 and whatever else ran); machine ${r.quietBefore?.quiet ? 'quiet' : 'busy'} before (${Math.round((r.quietBefore?.cpuBusyBefore ?? 0) * 100)} % CPU).`,
    '',
    '| Path | Rate (/s) | Answered (/s) | p50 / p95 / p99 (ms) | Errors | p95 / floor p95 | CPU per request, stack (ms) | Store commands per request |',
    '|---|--:|--:|---|--:|--:|--:|--:|',
    ...r.paths.map((x) => `| ${x.what} | ${x.ratePerSecond} | ${x.throughputPerSecond ?? ''} | ${f(x.figures)} | ${x.errorRate === null ? '' : `${(x.errorRate * 100).toFixed(1)} %`} | ${x.p95OverFloor ?? ''} | ${x.cpuMsPerRequest ?? ''} | ${x.storeCommandsPerRequest ?? ''} |`),
    '',
    `Stack memory after the mix: ${memorySummary(r.memoryMiB).line}. CPU per request: each path alone at its mix rate (at least ${MIN_ALONE_RATE.default}/s, 2/s for log-in, sign-up and create) for ${r.seconds.pathAlone} s, every stack process with its descendants from /proc until the stack is idle again, less its idle rate of the 5 s before, over the requests sent; store commands: every service's mongo_commands_total over the same time, events handled included, less the idle rate of the 5 s before. Full figures: load-tests/results/suite.json.`,
  ];
  return lines.join('\n');
}

/** The README's suite table sits between two markers; replaced by the latest run's. */
function replaceReadmeTable(table) {
  const file = path.join(repoRoot, 'README.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = '<!-- load-suite:start -->';
  const end = '<!-- load-suite:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return log('[suite] the README has no load-suite markers: its table was not replaced');
  fs.writeFileSync(file, `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`);
}

await main();
