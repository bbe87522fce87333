// npm run bench -- cost: what one save costs the whole stack (issue 21, "The measure first"): CPU,
// store commands and PostgreSQL statements per save at a rate the stack keeps up with, then the
// save-to-feed lag and the save's latency at higher rates.
//
// 1. Builds and starts the `bench` stack with fresh data as the home feed benchmark does
//    (lib/feed-stack.mjs): BENCH_FEED_READERS readers following BENCH_FEED_BOARDS public boards of
//    BENCH_FEED_SAVERS savers, BENCH_FEED_ENTRIES entries in each reader's feed (500, a feed's cap).
// 2. Logs everybody in (outside the window: the journey gets the tokens, so k6 logs nobody in),
//    waits for the stack to idle, and takes each stack process's idle rate (CPU seconds per second,
//    with all its descendants: <runDir>/pids/*.pid) over BENCH_IDLE_SECONDS.
// 3. The window: k6 (journeys/feed.js PHASE=cost) saves at RATE_COST for BENCH_COST_WARMUP_SECONDS
//    + BENCH_PHASE_SECONDS onto the followed boards, with the lag probe and the no-op floor; then
//    waits until every handler of `pins.pin.saved.v1` handled as many events as saves were
//    answered 201 (polling /metrics once a second), and 1.5 s more for the owners' lists
//    (boards/list-counts.ts writes within a second). CPU per save = (each process's CPU over the
//    window - its idle rate x the window) / the saves answered 201, warm-up included; k6's own CPU
//    beside it, not in the total. Store commands per save from every service's
//    `mongo_commands_total` (kit, on in the bench stack), PostgreSQL statements per save from
//    pg_stat_statements (reset just before the window).
// 4. The check, after the window: every pin saved is in every reader's feed, and the boards' and
//    the owners' lists' pin counts went up by the saves.
// 5. On the same stack, each after it is idle again: the save phase at RATE_LAG (the lag's target)
//    and at RATE_SAVE_PEAK (the save's p95 against the no-op floor's of the same seconds).
// 6. Writes load-tests/results/cost.json and prints Markdown. Exits 1 on a missed target, a failed
//    check or 1 % of requests failed, after writing the file. The stack is stopped at the end
//    unless BENCH_KEEP=1.
//
// Knobs: RATE_COST (50), RATE_LAG (150), RATE_SAVE_PEAK (200), RATE_NOOP (20),
// BENCH_PHASE_SECONDS (30), BENCH_WARMUP_SECONDS (10, the later phases),
// BENCH_COST_WARMUP_SECONDS (5), BENCH_IDLE_SECONDS (10), BENCH_CATCH_UP_SECONDS (300),
// BENCH_FEED_READERS (5), BENCH_FEED_SAVERS (10), BENCH_FEED_BOARDS (1000), BENCH_FEED_ENTRIES
// (500 per reader), POLL_MS (50), BENCH_QUIET_WAIT_SECONDS, BENCH_QUIET_BUSY (lib/bench.mjs),
// BENCH_KEEP=1, BENCH_BUILD=0.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackProfile } from '../../scripts/stack.mjs';
import { FEED_PASSWORD } from '../feed/seed.mjs';
import { bcryptCompareMs } from '../growth/seed.mjs';
import {
  buildForBench, envNumber, endedChildrenCpuSeconds, log, machine, machineLoad, ratesFromEnv, round, runK6, runPhases, sleep, stackCpuSeconds, stackPids, stopUnlessKept, trendFigures, waitForQuietMachine, waitForStackIdle, writeResult,
} from '../lib/bench.mjs';
import { startFeedStack } from '../lib/feed-stack.mjs';
import { memorySummary, stackMemory } from '../lib/memory.mjs';
import {
  checkStore, countDelta, enableStatements, logInAll, readStatements, resetStatements, savedHandled, storeCommands, storeState, waitForSavesHandled,
} from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const journey = path.resolve(here, '..', 'journeys', 'feed.js');
const PROFILE = 'bench';
const PHASE_SECONDS = envNumber('BENCH_PHASE_SECONDS', 30);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 10);
const COST_WARMUP_SECONDS = envNumber('BENCH_COST_WARMUP_SECONDS', 5);
const IDLE_SECONDS = envNumber('BENCH_IDLE_SECONDS', 10);
const CATCH_UP_SECONDS = envNumber('BENCH_CATCH_UP_SECONDS', 300);
/** After the handlers caught up: boards/list-counts.ts writes the owners' lists within LIST_COUNTS_WINDOW_MS (1 s). */
const LIST_COUNTS_WAIT_MS = 1500;
const POLL_MS = envNumber('POLL_MS', 50);
const SIZES = {
  readers: envNumber('BENCH_FEED_READERS', 5),
  savers: envNumber('BENCH_FEED_SAVERS', 10),
  boards: envNumber('BENCH_FEED_BOARDS', 1000),
  entriesPerReader: envNumber('BENCH_FEED_ENTRIES', 500),
};
const RATES = ratesFromEnv({ cost: 50, lag: 150, save_peak: 200, noop: 20 });
/** Issue 21: the stack's CPU per save, the lag at 150 saves/s, the save's p95 at 200/s against the floor's. */
const TARGETS = { cpuMsPerSave: 8, lagP95Ms: 500, savePeakOverFloorP95: 3 };
/** The later phases: journeys/feed.js's save phase at two rates. */
const LATER = { lag: RATES.lag, save_peak: RATES.save_peak };

const ms = (seconds) => Math.round(seconds * 1000 * 100) / 100;
const fixed = (x, d) => (x === null || x === undefined ? null : Math.round(x * 10 ** d) / 10 ** d);

/** The window of the cost phase (steps 2-4 at the top); answers everything it measured. */
async function measureCost(p, { people, fixture }) {
  const statementsUnavailable = await enableStatements(p);
  if (statementsUnavailable) log(`[cost] pg_stat_statements cannot be read (${statementsUnavailable}): no statements per save this run`);
  const tokens = await logInAll(p.baseUrl, [...people.readers, ...people.savers].map((x) => x.email), FEED_PASSWORD);
  const stored = await storeState(p, people);
  const pids = stackPids(p.runDir);
  const settled = await waitForStackIdle(p.runDir, ['pins-boards', 'ferretdb', 'postgres', 'auth']);

  // The idle rates, just before the load.
  const idleCommands0 = await storeCommands(p);
  const idle0 = stackCpuSeconds(pids);
  const i0 = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const idle1 = stackCpuSeconds(pids);
  const idleSeconds = (performance.now() - i0) / 1000;
  const idleCommands = countDelta(idleCommands0, await storeCommands(p));
  const idleRates = Object.fromEntries(Object.keys(pids).map((n) => [n, (idle1[n] - idle0[n]) / idleSeconds]));
  log(`[cost] idle over ${idleSeconds.toFixed(1)} s (cores): ${Object.entries(idleRates).map(([n, r]) => `${n} ${r.toFixed(3)}`).join(', ')}`);

  // The window: from just before k6 starts to every save handled, and the lists written.
  const handled0 = await savedHandled(p);
  const commands0 = await storeCommands(p);
  if (!statementsUnavailable) await resetStatements(p);
  const since = new Date();
  const cpu0 = stackCpuSeconds(pids);
  const k6cpu0 = endedChildrenCpuSeconds();
  const w0 = performance.now();
  const run = runK6({
    journey, summaryFile: path.join(p.runDir, 'k6-summary-cost-cost.json'),
    env: {
      PHASE: 'cost', BASE_URL: p.baseUrl, FIXTURE: JSON.stringify({ ...fixture, tokens }), PHASE_SECONDS: String(PHASE_SECONDS),
      WARMUP_SECONDS: String(COST_WARMUP_SECONDS), POLL_MS: String(POLL_MS), RATE_SAVE: String(RATES.cost), RATE_NOOP: String(RATES.noop),
    },
  });
  const k6Seconds = endedChildrenCpuSeconds() - k6cpu0;
  const k6Done = performance.now();
  const saves = run.summary.saves_created?.count ?? 0;
  log(`[cost] k6 done in ${run.seconds} s: ${saves} saves answered 201; waiting for their events to be handled`);
  const catchUp = await waitForSavesHandled(p, handled0, saves, { timeoutMs: CATCH_UP_SECONDS * 1000 });
  if (!catchUp.caughtUp) log(`[cost] the handlers did not catch up within ${CATCH_UP_SECONDS} s: ${JSON.stringify(catchUp.handled)}`);
  await sleep(LIST_COUNTS_WAIT_MS);
  const cpu1 = stackCpuSeconds(pids);
  const windowSeconds = (performance.now() - w0) / 1000;
  const windowEnd = Date.now();
  const commands = countDelta(commands0, await storeCommands(p));
  const statements = statementsUnavailable || saves === 0 ? null : await readStatements(p, saves);
  log(`[cost] window ${windowSeconds.toFixed(1)} s (k6 ${((k6Done - w0) / 1000).toFixed(1)} s, then ${(catchUp.ms / 1000).toFixed(1)} s until every save was handled, and ${LIST_COUNTS_WAIT_MS / 1000} s for the lists)`);

  const check = await checkStore(p, people, stored, { since, windowEnd, saves });
  log(`[check] ${check.pass ? 'passed' : 'FAILED'}: ${check.pinsStored} pins stored for ${saves} saves; feeds ${Object.entries(check.feeds).map(([r, f]) => `${r} ${f.held}`).join(', ')}; boards' pin counts +${check.boardPinCountsUp}, lists' +${check.listPinCountsUp}`);

  const processes = Object.fromEntries(Object.keys(pids).map((n) => {
    const used = cpu1[n] - cpu0[n];
    return [n, { cpuSeconds: fixed(used, 2), idleCores: fixed(idleRates[n], 4), msPerSave: saves ? ms((used - idleRates[n] * windowSeconds) / saves) : null }];
  }));
  const net = Object.keys(pids).reduce((s, n) => s + cpu1[n] - cpu0[n] - idleRates[n] * windowSeconds, 0);
  const totalMsPerSave = saves ? ms(net / saves) : null;
  return {
    run, saves, since: since.toISOString(), windowSeconds: fixed(windowSeconds, 1), k6RunSeconds: fixed((k6Done - w0) / 1000, 1), catchUp, settled, idleSeconds: fixed(idleSeconds, 1),
    cpu: {
      totalMsPerSave, processes,
      stackCoresBusy: fixed(Object.keys(pids).reduce((s, n) => s + cpu1[n] - cpu0[n], 0) / windowSeconds, 2),
      k6: { cpuSeconds: fixed(k6Seconds, 2), msPerSave: saves ? ms(k6Seconds / saves) : null },
    },
    commands: commandsPerSave(commands, saves, idleCommands, idleSeconds),
    statements, statementsUnavailable,
    check,
  };
}

/** Store commands per save by service, and by service, command and collection (most first); the idle commands per second beside. */
function commandsPerSave(delta, saves, idle, idleSeconds) {
  const per = (n) => (saves ? fixed(n / saves, 2) : null);
  const byService = {};
  for (const [key, n] of Object.entries(delta)) {
    const [service] = key.split('\t');
    byService[service] = (byService[service] ?? 0) + n;
  }
  const idleByService = {};
  for (const [key, n] of Object.entries(idle)) idleByService[key.split('\t')[0]] = (idleByService[key.split('\t')[0]] ?? 0) + n;
  return {
    totalPerSave: per(Object.values(delta).reduce((a, b) => a + b, 0)),
    byService: Object.fromEntries(Object.entries(byService).sort((a, b) => b[1] - a[1]).map(([s, n]) => [s, per(n)])),
    rows: Object.entries(delta).sort((a, b) => b[1] - a[1]).map(([key, n]) => {
      const [service, command, collection] = key.split('\t');
      return { service, command, collection, perSave: per(n), count: n };
    }),
    idlePerSecondByService: Object.fromEntries(Object.entries(idleByService).map(([s, n]) => [s, fixed(n / idleSeconds, 2)])),
  };
}

/** The latency rows: each phase's paths after its warm-up, with the targets where issue 21 sets one. */
function latencyRows(summaries) {
  const rows = [
    { key: 'cost_save', phase: 'cost', metric: 'http_req_duration{path:save}', what: 'save onto a followed board (`RepinResource` create)', rate: RATES.cost },
    { key: 'cost_lag', phase: 'cost', metric: 'feed_lag_ms{path:lag}', what: `save-to-feed lag, ${SIZES.readers} followers per board`, rate: RATES.cost },
    { key: 'cost_floor', phase: 'cost', metric: 'http_req_duration{path:noop_cost}', what: 'floor: gateway to pins-boards, no-op', rate: RATES.noop },
    { key: 'lag', phase: 'lag', metric: 'feed_lag_ms{path:lag}', what: `save-to-feed lag, ${SIZES.readers} followers per board`, rate: RATES.lag },
    { key: 'lag_save', phase: 'lag', metric: 'http_req_duration{path:save}', what: 'save onto a followed board', rate: RATES.lag },
    { key: 'lag_floor', phase: 'lag', metric: 'http_req_duration{path:noop_save}', what: 'floor: gateway to pins-boards, no-op', rate: RATES.noop },
    { key: 'save_peak', phase: 'save_peak', metric: 'http_req_duration{path:save}', what: 'save onto a followed board', rate: RATES.save_peak },
    { key: 'save_peak_lag', phase: 'save_peak', metric: 'feed_lag_ms{path:lag}', what: `save-to-feed lag, ${SIZES.readers} followers per board`, rate: RATES.save_peak },
    { key: 'save_peak_floor', phase: 'save_peak', metric: 'http_req_duration{path:noop_save}', what: 'floor: gateway to pins-boards, no-op', rate: RATES.noop },
  ];
  const out = {};
  for (const r of rows) {
    const m = summaries[r.phase] ?? {};
    const figures = trendFigures(m, r.metric);
    const floorP95 = r.key.endsWith('_floor') ? null : trendFigures(m, `http_req_duration{path:noop_${r.phase === 'cost' ? 'cost' : 'save'}}`)?.p95 ?? null;
    // Answered after the warm-up, per second of the phase: below the rate, k6 dropped requests it had no free VU for.
    const answeredPerSecond = r.metric.startsWith('http_req_duration') && figures ? round(figures.count / PHASE_SECONDS) : null;
    const row = { phase: r.phase, what: r.what, ratePerSecond: r.rate, answeredPerSecond, figures, floorP95Ms: floorP95 };
    if (r.key === 'lag') Object.assign(row, { target: `p95 < ${TARGETS.lagP95Ms} ms`, pass: figures ? figures.p95 < TARGETS.lagP95Ms : false });
    if (r.key === 'save_peak') {
      const limit = floorP95 === null ? null : round(TARGETS.savePeakOverFloorP95 * floorP95);
      Object.assign(row, { target: `p95 <= ${TARGETS.savePeakOverFloorP95} x the floor's p95${limit === null ? '' : ` (${limit} ms)`}`, pass: figures && limit !== null ? figures.p95 <= limit : false });
    }
    // A target's verdict stands as issue 21 sets it; whether the rate was held is said beside it.
    if (row.pass !== undefined && answeredPerSecond !== null) row.rateHeld = answeredPerSecond >= 0.99 * r.rate;
    out[r.key] = row;
  }
  return out;
}

function markdown(result) {
  const lines = [];
  const c = result;
  lines.push(`CPU per save at ${RATES.cost} saves/s (${c.saves} saves answered 201 over a ${c.windowSeconds} s window; the stack's idle rate taken out):`, '');
  lines.push('| Process | CPU in the window (s) | Idle (cores) | CPU per save (ms) |', '|---|--:|--:|--:|');
  for (const [n, x] of Object.entries(c.cpu.processes).sort((a, b) => b[1].msPerSave - a[1].msPerSave)) lines.push(`| ${n} | ${x.cpuSeconds} | ${x.idleCores} | ${x.msPerSave} |`);
  lines.push(`| **stack** | ${fixed(Object.values(c.cpu.processes).reduce((s, x) => s + x.cpuSeconds, 0), 2)} | ${fixed(Object.values(c.cpu.processes).reduce((s, x) => s + x.idleCores, 0), 4)} | **${c.cpu.totalMsPerSave}** (target <= ${TARGETS.cpuMsPerSave}) |`);
  lines.push(`| k6 (not in the total) | ${c.cpu.k6.cpuSeconds} | | ${c.cpu.k6.msPerSave} |`, '');
  lines.push(`Store commands per save: ${c.commands.totalPerSave} (${Object.entries(c.commands.byService).map(([s, n]) => `${s} ${n}`).join(', ')}); idle commands per second: ${JSON.stringify(c.commands.idlePerSecondByService)}.`, '');
  lines.push('| Service | Command | Collection | Per save |', '|---|---|---|--:|');
  for (const r of c.commands.rows.filter((x) => x.perSave >= 0.01)) lines.push(`| ${r.service} | ${r.command} | ${r.collection} | ${r.perSave} |`);
  lines.push('');
  if (c.statements) {
    lines.push(`PostgreSQL statements per save: ${c.statements.perSave} (${Object.entries(c.statements.byKindPerSave).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ')}), ${c.statements.execMsPerSave} ms of execution. The top ${c.statements.top.length} by total time:`, '');
    lines.push('| Calls per save | Mean (ms) | Total (ms) | Statement |', '|--:|--:|--:|---|');
    for (const s of c.statements.top) lines.push(`| ${s.callsPerSave} | ${s.meanMs} | ${s.totalMs} | \`${s.query.slice(0, 140).replace(/\|/g, '\\|')}\` |`);
    lines.push('');
  } else lines.push(`PostgreSQL statements: not read (${c.statementsUnavailable ?? 'no saves'}).`, '');
  lines.push('| Phase | What | Rate (/s) | Answered (/s) | median / p95 / p99 (ms) | Floor p95, same seconds (ms) | Target | Met |', '|---|---|--:|--:|---|--:|---|---|');
  for (const r of Object.values(result.latency)) {
    const f = r.figures ? `${r.figures.median} / ${r.figures.p95} / ${r.figures.p99}` : 'n/a';
    const met = r.pass === undefined ? '' : `${r.pass ? 'yes' : '**no**'}${r.rateHeld === false ? ' (the rate was not held)' : ''}`;
    lines.push(`| ${r.phase} | ${r.what} | ${r.ratePerSecond} | ${r.answeredPerSecond ?? ''} | ${f} | ${r.floorP95Ms ?? ''} | ${r.target ?? ''} | ${met} |`);
  }
  return lines.join('\n');
}

async function main() {
  const t0 = Date.now();
  const p = stackProfile(PROFILE);
  await buildForBench();
  const durations = {};

  let stack;
  let before;
  let cost;
  let phases = {};
  let memory = {};
  try {
    const t1 = Date.now();
    stack = await startFeedStack(p, SIZES);
    durations.stackAndSeedSeconds = Math.round((Date.now() - t1) / 1000);
    before = { ...(await waitForQuietMachine()), ...(await machineLoad(bcryptCompareMs)) };
    const t2 = Date.now();
    cost = await measureCost(p, stack);
    durations.costSeconds = Math.round((Date.now() - t2) / 1000);
    const t3 = Date.now();
    phases = await runPhases({
      p, journey, name: 'cost', phases: Object.keys(LATER), gauge: bcryptCompareMs,
      envOf: (phase) => ({
        PHASE: 'save', BASE_URL: p.baseUrl, FIXTURE: JSON.stringify(stack.fixture), PHASE_SECONDS: String(PHASE_SECONDS), WARMUP_SECONDS: String(WARMUP_SECONDS),
        POLL_MS: String(POLL_MS), RATE_SAVE: String(LATER[phase]), RATE_NOOP: String(RATES.noop),
      }),
    });
    durations.laterPhasesSeconds = Math.round((Date.now() - t3) / 1000);
    memory = stackMemory(p.runDir);
  } finally {
    await stopUnlessKept(PROFILE, p);
  }

  const runs = { cost: cost.run, ...phases };
  const latency = latencyRows(Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, r.summary])));
  const requests = Object.values(runs).reduce((n, r) => n + (r.summary.http_reqs?.count ?? 0), 0);
  const failed = Object.values(runs).reduce((n, r) => n + (r.summary.http_req_failed?.passes ?? 0), 0);
  const verdicts = {
    cpu_per_save: cost.cpu.totalMsPerSave !== null && cost.cpu.totalMsPerSave <= TARGETS.cpuMsPerSave,
    lag: latency.lag.pass,
    save_peak: latency.save_peak.pass,
    check: cost.check.pass && cost.catchUp.caughtUp,
  };
  const missed = Object.entries(verdicts).filter(([, ok]) => !ok).map(([k]) => k);
  const costFigures = { ...cost, run: undefined };
  durations.totalSeconds = Math.round((Date.now() - t0) / 1000);
  const result = {
    when: new Date().toISOString(),
    command: 'npm run bench -- cost',
    machine: machine(),
    targets: `CPU per save <= ${TARGETS.cpuMsPerSave} ms stack-wide at ${RATES.cost} saves/s; save-to-feed lag p95 < ${TARGETS.lagP95Ms} ms at ${RATES.lag} saves/s; save p95 at ${RATES.save_peak}/s <= ${TARGETS.savePeakOverFloorP95} x the no-op floor's p95 of the same seconds`,
    reading: `CPU per save: each stack process with its descendants (/proc, ended children included), from just before k6 started to every pins.pin.saved.v1 handler having handled as many events as saves were answered 201 plus ${LIST_COUNTS_WAIT_MS} ms, less its idle rate over ${IDLE_SECONDS} s just before, divided by every save answered 201 (the ${COST_WARMUP_SECONDS} s warm-up's too). The window also holds the lag probe (one feed page read every ${POLL_MS} ms) and the no-op floor (${RATES.noop}/s). Store commands: every service's mongo_commands_total over the window (periodic work included: see idlePerSecondByService). Statements: pg_stat_statements of FerretDB's database over the window. Latencies: requests started after each phase's warm-up (a request unanswered after 15 s fails).`,
    pass: missed.length === 0,
    missed,
    sizes: SIZES,
    stored: stack.seeding.counts,
    ratesPerSecond: RATES,
    phaseSeconds: PHASE_SECONDS,
    warmupSeconds: { cost: COST_WARMUP_SECONDS, later: WARMUP_SECONDS },
    ...costFigures,
    latency,
    health: {
      requests,
      failedRate: requests ? failed / requests : null,
      droppedIterations: Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, r.summary['dropped_iterations{scenario:save}']?.count ?? 0])),
      thresholdsCrossed: Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, r.thresholdsCrossed])),
    },
    seeding: { ...stack.seeding, boardsBySaver: undefined },
    settling: stack.settling,
    machineLoad: { before, ...Object.fromEntries(Object.entries(phases).map(([k, r]) => [k, { before: r.before, after: r.after, k6Seconds: r.seconds }])) },
    memoryMiB: memory,
    memoryMiBTotal: memorySummary(memory).total,
    durations,
  };
  writeResult('cost', result);

  const broken = (result.health.failedRate ?? 0) >= 0.01;
  log('');
  log(markdown(result));
  log('');
  log(`Check: ${cost.check.pass ? 'passed' : `FAILED (${cost.check.problems.join('; ')})`}; handlers caught up ${cost.catchUp.caughtUp ? `${(cost.catchUp.ms / 1000).toFixed(1)} s after k6` : 'NOT'} (${Object.entries(cost.catchUp.handled).map(([h, n]) => `${h} ${n}`).join(', ')}).`);
  log(`Stack memory after the run: ${memorySummary(memory).line}.`);
  log(`${requests} requests, failed ${((result.health.failedRate ?? 0) * 100).toFixed(2)} %, dropped saves ${JSON.stringify(result.health.droppedIterations)}.`);
  log(`The machine (${os.cpus().length} cores): ${before.quiet ? 'quiet' : 'NOT quiet'} before the measurements. Whole run: ${durations.totalSeconds} s. Written to load-tests/results/cost.json.`);
  if (missed.length) log(`MISSED: ${missed.join(', ')}`);
  if (broken) log('Requests failed: see the k6 output above.');
  if (missed.length || broken) process.exitCode = 1;
}

await main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exitCode = 1;
});
