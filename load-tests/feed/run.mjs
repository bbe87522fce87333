// npm run bench -- feed: the home feed's page read and its save-to-feed lag, for readers who follow
// 1,000 boards and have a full feed (500 entries, a feed's cap, in Redis).
//
// 1. Builds the services (BENCH_BUILD=0 uses the bundles as they are) and the web app when
//    web/dist is missing (the gateway's readiness serves its index.html).
// 2. Starts the `bench` stack (ports 21xxx, run folder .run/bench), with fresh data.
// 3. Registers the author, BENCH_FEED_READERS readers and BENCH_FEED_SAVERS savers through the
//    gateway; seed.mjs stores BENCH_FEED_BOARDS public boards of the savers, has every reader
//    follow every one of them through the API, and stores BENCH_FEED_ENTRIES entries in each
//    reader's feed.
// 4. VACUUM ANALYZE, a quiet-machine wait, then k6 (journeys/feed.js) once per phase: `feed`
//    (first pages at RATE_FEED_PAGE, next pages at RATE_FEED_PAGE_NEXT) and `save` (repins
//    onto followed boards at RATE_SAVE, each fanned out to every reader, and the lag probe),
//    each beside the no-op floor of the same seconds.
// 5. Writes load-tests/results/feed.json and prints a Markdown table. Exits 1 when a target is
//    missed or requests failed: the file is written either way. The stack is stopped at the end
//    unless BENCH_KEEP=1.
//
// Knobs: BENCH_PHASE_SECONDS (30), BENCH_WARMUP_SECONDS (10), RATE_FEED_PAGE (300),
// RATE_FEED_PAGE_NEXT (20), RATE_SAVE (100), RATE_NOOP (20), BENCH_FEED_READERS (5),
// BENCH_FEED_SAVERS (10), BENCH_FEED_BOARDS (1000), BENCH_FEED_ENTRIES (500 per reader, the most a feed keeps),
// POLL_MS (50), BENCH_QUIET_WAIT_SECONDS, BENCH_QUIET_BUSY (lib/bench.mjs), BENCH_KEEP=1, BENCH_BUILD=0.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackProfile } from '../../scripts/stack.mjs';
import { bcryptCompareMs } from '../growth/seed.mjs';
import { buildForBench, envNumber, handlerDelta, handlerTimes, log, machine, machineLoad, mergedSummary, rateEnv, ratesFromEnv, runPhases, stopUnlessKept, trendFigures, waitForQuietMachine, writeResult } from '../lib/bench.mjs';
import { startFeedStack } from '../lib/feed-stack.mjs';
import { memorySummary, stackMemory } from '../lib/memory.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const journey = path.resolve(here, '..', 'journeys', 'feed.js');
const PROFILE = 'bench';
const PHASE_SECONDS = envNumber('BENCH_PHASE_SECONDS', 30);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 10);
const POLL_MS = envNumber('POLL_MS', 50);
const SIZES = {
  readers: envNumber('BENCH_FEED_READERS', 5),
  savers: envNumber('BENCH_FEED_SAVERS', 10),
  boards: envNumber('BENCH_FEED_BOARDS', 1000),
  entriesPerReader: envNumber('BENCH_FEED_ENTRIES', 500),
};
const RATES = ratesFromEnv({ feed_page: 300, feed_page_next: 20, save: 100, noop: 20 });
/** The issue's targets: feed page p95 40 ms at 300/s; save-to-feed lag p95 500 ms at 100 saves/s. */
const TARGETS = { feed_page: 40, feed_page_next: 40, lag: 500 };
const PHASES = ['feed', 'save'];

/** The reported rows: requests by path tag, and the lag trend. */
const ROWS = [
  { key: 'feed_page', metric: 'http_req_duration{path:feed_page}', what: `home feed, first page of 25 (\`HomeFeedResource\` get), ${SIZES.entriesPerReader.toLocaleString('en-US')} entries, ${SIZES.boards.toLocaleString('en-US')} boards followed`, phase: 'feed', rate: 'feed_page' },
  { key: 'feed_page_next', metric: 'http_req_duration{path:feed_page_next}', what: 'home feed, the next page (by bookmark)', phase: 'feed', rate: 'feed_page_next' },
  { key: 'lag', metric: 'feed_lag_ms{path:lag}', what: `save-to-feed lag (a save shows in a follower's first page), ${SIZES.readers} followers per board`, phase: 'save', rate: 'save' },
  { key: 'save', metric: 'http_req_duration{path:save}', what: 'save onto a followed board (`RepinResource` create)', phase: 'save', rate: 'save' },
  ...PHASES.map((ph) => ({ key: `noop_${ph}`, metric: `http_req_duration{path:noop_${ph}}`, what: `floor: gateway to pins-boards, no-op, during the ${ph} phase`, rate: 'noop', floorOf: ph })),
].filter((r) => r.key !== 'feed_page_next' || RATES.feed_page_next > 0);

function table(result) {
  const f = (x) => (x ? `${x.median} / ${x.p95} / ${x.p99}` : 'n/a');
  const lines = ['| What | Target p95 | Rate (/s) | median / p95 / p99 (ms) | Met | Floor p95, same seconds (ms) |', '|---|--:|--:|---|---|--:|'];
  for (const row of ROWS) {
    const r = result.rows[row.key];
    const verdict = r.pass === undefined ? '' : r.pass ? 'yes' : '**no**';
    lines.push(`| ${row.what} | ${r.targetP95Ms ? `< ${r.targetP95Ms} ms` : ''} | ${r.ratePerSecond} | ${f(r.figures)} | ${verdict} | ${r.floorP95Ms ?? ''} |`);
  }
  return lines.join('\n');
}

async function main() {
  const t0 = Date.now();
  const p = stackProfile(PROFILE);
  await buildForBench();

  const phases = {};
  let seeding;
  let settling;
  let before;
  let memory = {};
  let handlers = {};
  try {
    let fixture;
    ({ seeding, fixture, settling } = await startFeedStack(p, SIZES));
    before = { ...(await waitForQuietMachine()), ...(await machineLoad(bcryptCompareMs)) };
    // The feed phase makes no events: what pins-boards' handlers did between these two readings is the save phase's.
    const handled = await handlerTimes(p.ports['pins-boards']);
    Object.assign(phases, await runPhases({
      p, journey, name: 'feed', phases: PHASES, gauge: bcryptCompareMs,
      envOf: () => ({
        BASE_URL: p.baseUrl, FIXTURE: JSON.stringify(fixture), PHASE_SECONDS: String(PHASE_SECONDS), WARMUP_SECONDS: String(WARMUP_SECONDS), POLL_MS: String(POLL_MS), ...rateEnv(RATES),
      }),
    }));
    handlers = handlerDelta(handled, await handlerTimes(p.ports['pins-boards']));
    memory = stackMemory(p.runDir);
  } finally {
    await stopUnlessKept(PROFILE, p);
  }

  const { m, requests, failed } = mergedSummary(phases);
  const rows = {};
  const missed = [];
  for (const row of ROWS) {
    const figures = trendFigures(m, row.metric);
    const target = TARGETS[row.key];
    const pass = target === undefined ? undefined : figures ? figures.p95 < target : false;
    if (pass === false) missed.push(row.key);
    rows[row.key] = {
      what: row.what, ratePerSecond: RATES[row.rate], figures,
      ...(target === undefined ? {} : { targetP95Ms: target, pass }),
      ...(row.phase ? { floorP95Ms: trendFigures(m, `http_req_duration{path:noop_${row.phase}}`)?.p95 ?? null } : {}),
    };
  }
  const result = {
    when: new Date().toISOString(),
    command: 'npm run bench -- feed',
    machine: machine(),
    targets: 'home feed page p95 under 40 ms at 300 reads/s; save-to-feed lag p95 under 500 ms at 100 saves/s',
    reading: `figures: requests started after the warm-up (a request unanswered after 15 s fails). lag: measured by one reader's first page read every ${POLL_MS} ms, so each lag is up to ${POLL_MS} ms plus one page read longer than the real one.`,
    pass: missed.length === 0,
    missed,
    sizes: SIZES,
    stored: seeding.counts,
    ratesPerSecond: RATES,
    phaseSeconds: PHASE_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    rows,
    health: {
      requests,
      failedRate: requests ? failed / requests : null,
      droppedIterations: Object.fromEntries(ROWS.filter((r) => !r.key.startsWith('lag')).map((r) => [r.key, m[`dropped_iterations{scenario:${r.key}}`]?.count ?? 0])),
      thresholdsCrossed: Object.fromEntries(Object.entries(phases).map(([k, r]) => [k, r.thresholdsCrossed])),
    },
    seeding: { ...seeding, boardsBySaver: undefined },
    settling,
    // Per pins-boards handler during the phases: events handled, mean time each, mean lag behind the event.
    handlers,
    machineLoad: { before, ...Object.fromEntries(Object.entries(phases).map(([k, r]) => [k, { before: r.before, after: r.after, k6Seconds: r.seconds }])) },
    memoryMiB: memory,
    memoryMiBTotal: memorySummary(memory).total,
    durationSeconds: Math.round((Date.now() - t0) / 1000),
  };
  writeResult('feed', result);

  const broken = (result.health.failedRate ?? 0) >= 0.01;
  log('');
  log(table(result));
  log('');
  log(`Stored: ${Object.entries(seeding.counts).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}. Stack memory after the run: ${memorySummary(memory).line}.`);
  log(`pins-boards handlers during the phases (events, mean ms, mean lag ms): ${Object.entries(handlers).map(([h, r]) => `${h} ${r.events} ${r.meanMs} ${r.meanLagMs}`).join('; ')}.`);
  log(`${requests} requests, failed ${((result.health.failedRate ?? 0) * 100).toFixed(2)} %, dropped iterations ${JSON.stringify(result.health.droppedIterations)}.`);
  log(`The machine (${os.cpus().length} cores): ${before.quiet ? 'quiet' : 'NOT quiet'} before the measurements. Whole run: ${result.durationSeconds} s. Written to load-tests/results/feed.json.`);
  if (missed.length) log(`MISSED the target: ${missed.join(', ')}`);
  if (broken) log('Requests failed: see the k6 output above.');
  if (missed.length || broken) process.exitCode = 1;
}

await main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exitCode = 1;
});

