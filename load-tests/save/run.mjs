// npm run bench -- save: saving a pin, the board picker and a board page, with 100,000 pins stored.
//
// 1. Builds the services (BENCH_BUILD=0 uses the bundles as they are) and the web app when
//    web/dist is missing (the gateway's readiness serves its index.html).
// 2. Starts the `bench` stack (ports 21xxx, run folder .run/bench), with fresh data.
// 3. Registers the people through the gateway (the owner whose picker is read, the author of the
//    pin everybody saves, BENCH_SAVERS savers) and waits for their profiles; the author saves one
//    real pin through the API (its image stored by the service); then seed.mjs puts the rest
//    straight into the store: BENCH_PICKER_BOARDS boards of the owner, BENCH_BOARD_PINS pins on
//    the first of them, BENCH_SAVER_BOARDS boards per saver, BENCH_PINS pins in all.
// 4. VACUUM ANALYZE (what autovacuum would do after such a load, at once), a quiet-machine wait,
//    30 requests of each path one at a time, then k6 (journeys/save.js): each path at a fixed
//    arrival rate in a phase of its own beside the no-op floor (`/_noop/pins-boards`) of the same
//    seconds, and before it a short closed loop (the most the stack answers for that path here).
// 5. Writes load-tests/results/save.json and prints a Markdown table. Exits 1 when a path's
//    p95 misses its target or requests failed: the file is written either way. The stack is
//    stopped at the end unless BENCH_KEEP=1.
//
// Knobs: BENCH_PHASE_SECONDS (30), BENCH_WARMUP_SECONDS (10), BENCH_GAP_SECONDS (10),
// BENCH_CAPACITY_SECONDS (10; 0 leaves the closed-loop slots out), BENCH_CAPACITY_VUS (4),
// RATE_SAVE (200), RATE_PICKER (500), RATE_BOARD_PAGE (300), RATE_BOARD_PAGE_NEXT (20), RATE_NOOP
// (20 in each phase), BENCH_PINS (100000), BENCH_BOARD_PINS (20000), BENCH_PICKER_BOARDS (500),
// BENCH_SAVERS (10), BENCH_SAVER_BOARDS (5), BENCH_QUIET_WAIT_SECONDS (120) and BENCH_QUIET_BUSY
// (0.5) (see lib/bench.mjs waitForQuietMachine), BENCH_KEEP=1, BENCH_BUILD=0.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, stackProfile, stopStack } from '../../scripts/stack.mjs';
import { bcryptCompareMs } from '../growth/seed.mjs';
import {
  buildForBench, envNumber, log, machine, machineLoad, mergedSummary, psql, rateEnv, ratesFromEnv, round, runPhases, stopUnlessKept, trendFigures, waitForAutovacuum, waitForQuietMachine, writeResult,
} from '../lib/bench.mjs';
import { memorySummary, stackMemory } from '../lib/memory.mjs';
import { SAVE_PASSWORD, registerPeople, saveSourcePin, seedSaving } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const journey = path.resolve(here, '..', 'journeys', 'save.js');
const PROFILE = 'bench';
const PHASE_SECONDS = envNumber('BENCH_PHASE_SECONDS', 30);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 10);
const GAP_SECONDS = envNumber('BENCH_GAP_SECONDS', 10);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 10);
const CAPACITY_VUS = envNumber('BENCH_CAPACITY_VUS', 4);
/** Requests of each path timed one at a time before k6 starts. */
const ALONE_SAMPLES = 30;
const SIZES = {
  totalPins: envNumber('BENCH_PINS', 100000),
  bigBoardPins: envNumber('BENCH_BOARD_PINS', 20000),
  pickerBoards: envNumber('BENCH_PICKER_BOARDS', 500),
  savers: envNumber('BENCH_SAVERS', 10),
  saverBoards: envNumber('BENCH_SAVER_BOARDS', 5),
};
/** Arrival rates (per second) handed to k6; RATE_<PATH> changes one (journeys/save.js). */
const RATE_DEFAULTS = { save: 200, picker: 500, board_page: 300, board_page_next: 20, noop: 20 };
const RATES = ratesFromEnv(RATE_DEFAULTS);
/** The issue's targets: p95 in ms, at the default rates. */
const TARGETS = { save: 50, picker: 25, board_page: 40, board_page_next: 40 };

/** The k6 runs after the closed loops, in order (journeys/save.js PHASE): saves last, their tail is the longest. */
const PHASES = ['picker', 'board_page', 'save'];
/** The reported paths, in the table's order; `phase` names the floor measured in its seconds. */
const PATHS = [
  { key: 'save', what: 'save: repin of a stored pin (`RepinResource` create)', phase: 'save' },
  { key: 'picker', what: `board picker, ${SIZES.pickerBoards} boards (\`BoardPickerBoardsResource\` get)`, phase: 'picker' },
  { key: 'board_page', what: `board page, first 50 of ${SIZES.bigBoardPins.toLocaleString('en-US')} pins (\`BoardFeedResource\` get)`, phase: 'board_page' },
  { key: 'board_page_next', what: 'board page, the next 50 (by bookmark)', phase: 'board_page' },
  ...PHASES.map((ph) => ({ key: `noop_${ph}`, what: `floor: gateway to pins-boards, no-op, during the ${ph.replace('_', ' ')} phase`, floorOf: ph })),
].filter((e) => e.key !== 'board_page_next' || RATES.board_page_next > 0);

const rateOf = (e) => RATES[e.floorOf ? 'noop' : e.key];
/** The closed-loop slot of each judged path (journeys/save.js): its first 2 s are a warm-up. */
const capacityOf = { save: 'cap_save', picker: 'cap_picker', board_page: 'cap_board_page' };
const CAPACITY_MEASURED_SECONDS = CAPACITY_SECONDS - Math.min(2, WARMUP_SECONDS);

/** Times `n` requests of each path through the gateway, one at a time (logged: a sanity check before k6). */
async function sampleRequests(p, fixture, tokens, n = ALONE_SAMPLES) {
  const data = (o) => encodeURIComponent(JSON.stringify({ options: o }));
  const get = (url, token) => fetch(`${p.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const paths = {
    picker: () => get(`/resource/BoardPickerBoardsResource/get/?data=${data({ pin_id: fixture.sourcePinId, field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true })}`, tokens.owner),
    board_page: () => get(`/resource/BoardFeedResource/get/?data=${data({ board_id: fixture.bigBoardId, page_size: 50 })}`, tokens.owner),
    save: () => fetch(`${p.baseUrl}/resource/RepinResource/create/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.saver}` },
      body: JSON.stringify({ options: { pin_id: fixture.sourcePinId, board_id: fixture.savers[0].boards[0] } }),
    }),
  };
  const out = {};
  for (const [name, request] of Object.entries(paths)) {
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await request();
      const body = await res.json();
      times.push(performance.now() - t);
      if (res.status !== 200 && res.status !== 201) throw new Error(`sample ${name} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      if (i === 0 && name === 'picker' && body.resource_response.data.all_boards.length !== SIZES.pickerBoards) throw new Error(`the picker shows ${body.resource_response.data.all_boards.length} boards, not ${SIZES.pickerBoards}`);
      if (i === 0 && name === 'board_page') {
        const seqOrder = body.resource_response.data.length === 50 && body.resource_response.data.every((pin, j, all) => j === 0 || pin.created_at <= all[j - 1].created_at);
        if (!seqOrder) throw new Error(`the big board's first page is not 50 pins newest first: ${JSON.stringify(body).slice(0, 300)}`);
      }
    }
    times.sort((a, b) => a - b);
    out[name] = { medianMs: round(times[Math.floor(n / 2)]), p95Ms: round(times[Math.floor(n * 0.95)]), maxMs: round(times[n - 1]), count: n };
  }
  log(`[alone] ${n} requests of each path, one at a time: ${Object.entries(out).map(([k, v]) => `${k} median ${v.medianMs} ms (max ${v.maxMs})`).join(', ')}`);
  return out;
}

function table(result) {
  const f = (x) => (x ? `${x.median} / ${x.p95} / ${x.p99}` : 'n/a');
  const lines = [
    `| Path | Target p95 | Offered (/s) | Answered in time (/s) | median / p95 / p99 (ms) | Met | Floor p95, same seconds (ms) | One at a time: median (ms) | ${CAPACITY_VUS} in flight: answers/s, median (ms) |`,
    '|---|--:|--:|--:|---|---|--:|--:|--:|',
  ];
  for (const e of PATHS) {
    const r = result.paths[e.key];
    if (e.floorOf) {
      lines.push(`| ${e.what} | | ${r.ratePerSecond} | ${r.okPerSecond} | ${f(r.figures)} | (floor) | | | |`);
      continue;
    }
    const verdict = r.pass === null ? 'n/a' : r.pass ? 'yes' : '**no**';
    const alone = r.alone ? r.alone.medianMs : '';
    const cap = r.capacity ? `${r.capacity.answersPerSecond}, ${r.capacity.figures?.median ?? 'n/a'}` : '';
    lines.push(`| ${e.what} | < ${r.targetP95Ms} ms | ${r.ratePerSecond} | ${r.okPerSecond} | ${f(r.figures)} | ${verdict} | ${r.floorP95Ms ?? 'n/a'} | ${alone} | ${cap} |`);
  }
  return lines.join('\n');
}

async function main() {
  const t0 = Date.now();
  const p = stackProfile(PROFILE);
  await buildForBench();

  const phases = {};
  let seeding;
  let people;
  let settling;
  let samples;
  let before;
  let fixture;
  let memory = {};
  let startedMs = 0;
  try {
    // A bench stack left running by an interrupted run would otherwise be reused as it is.
    await stopStack(PROFILE, { log });
    await startStack(PROFILE, { freshInfra: true, log });
    startedMs = Date.now() - t0;

    const t1 = Date.now();
    people = await registerPeople({ baseUrl: p.baseUrl, savers: SIZES.savers, log });
    const source = await saveSourcePin({ baseUrl: p.baseUrl, author: people.author, log });
    seeding = await seedSaving({ mongoPort: p.mongoPort, dbPrefix: p.dbPrefix, people, sourcePinId: source.pinId, sizes: SIZES, log });
    seeding.totalMs = Date.now() - t1;
    fixture = {
      password: SAVE_PASSWORD,
      owner: people.owner.email,
      savers: people.savers.map((s, k) => ({ email: s.email, boards: seeding.saverBoards[k] })),
      sourcePinId: source.pinId,
      bigBoardId: seeding.bigBoard.id,
      pickerBoards: SIZES.pickerBoards,
    };

    // What autovacuum does after a bulk load (fresh statistics, the GIN pending lists merged), now.
    const since = Date.now();
    await psql(p, 'VACUUM (ANALYZE)');
    log(`[settle] VACUUM (ANALYZE) of the bench store in ${((Date.now() - since) / 1000).toFixed(1)} s`);
    settling = await waitForAutovacuum(p, since, { seeded: /^(pins|boards)_/, minSeeded: 2 });

    before = { ...(await waitForQuietMachine()), ...(await machineLoad(bcryptCompareMs)) };
    // In the same conditions as k6's runs, right before them (also a check that every path answers).
    samples = await sampleRequests(p, fixture, { owner: people.owner.token, saver: people.savers[0].token });
    Object.assign(phases, await runPhases({
      p, journey, name: 'save', phases: CAPACITY_SECONDS > 0 ? ['capacity', ...PHASES] : PHASES, gauge: bcryptCompareMs,
      envOf: () => ({
        BASE_URL: p.baseUrl, FIXTURE: JSON.stringify(fixture),
        PHASE_SECONDS: String(PHASE_SECONDS), WARMUP_SECONDS: String(WARMUP_SECONDS), GAP_SECONDS: String(GAP_SECONDS),
        CAPACITY_SECONDS: String(CAPACITY_SECONDS), CAPACITY_VUS: String(CAPACITY_VUS), ...rateEnv(RATES),
      }),
    }));
    memory = stackMemory(p.runDir);
  } finally {
    await stopUnlessKept(PROFILE, p);
  }

  const { m, requests, failed } = mergedSummary(phases);
  const paths = {};
  const missed = [];
  const behind = [];
  for (const e of PATHS) {
    const figures = trendFigures(m, `http_req_duration{path:${e.key}}`);
    const target = TARGETS[e.key];
    const pass = target === undefined ? null : figures ? figures.p95 < target : false;
    if (pass === false) missed.push(e.key);
    const expectedCount = rateOf(e) * PHASE_SECONDS;
    if ((figures?.count ?? 0) < 0.95 * expectedCount) behind.push(e.key);
    const cap = capacityOf[e.key] && CAPACITY_MEASURED_SECONDS > 0 ? trendFigures(m, `http_req_duration{path:${capacityOf[e.key]}}`) : null;
    paths[e.key] = {
      what: e.what, ratePerSecond: rateOf(e), expectedCount, okPerSecond: round((m[`http_req_duration{path:${e.key},expected_response:true}`]?.count ?? 0) / PHASE_SECONDS), figures,
      ...(target === undefined ? {} : { targetP95Ms: target, pass }),
      ...(e.phase ? { floorP95Ms: trendFigures(m, `http_req_duration{path:noop_${e.phase}}`)?.p95 ?? null } : {}),
      ...(samples[e.key] ? { alone: samples[e.key] } : {}),
      ...(cap ? { capacity: { vus: CAPACITY_VUS, seconds: CAPACITY_MEASURED_SECONDS, answersPerSecond: round(cap.count / CAPACITY_MEASURED_SECONDS), figures: cap } } : {}),
    };
  }
  const scenarioCount = (metric, s) => m[`${metric}{scenario:${s}}`]?.count ?? 0;
  const scenarios = ['picker', 'board_page', 'board_page_next', 'save', 'noop_picker', 'noop_board_page', 'noop_save', 'cap_picker', 'cap_board_page', 'cap_save'];
  const health = {
    requests,
    failedRate: requests ? failed / requests : null,
    droppedIterations: Object.fromEntries(scenarios.map((s) => [s, scenarioCount('dropped_iterations', s)])),
    thresholdsCrossed: Object.fromEntries(Object.entries(phases).map(([k, r]) => [k, r.thresholdsCrossed])),
  };
  const result = {
    when: new Date().toISOString(),
    command: 'npm run bench -- save',
    machine: machine(),
    targets: 'p95 under the target at its rate: save 50 ms at 200/s, picker 25 ms at 500/s, board page 40 ms at 300/s (next page: same target, 20/s beside it)',
    reading: 'figures: every request started after the warm-up, failed ones included (a request still unanswered after 15 s fails); okPerSecond: those answered with the expected status, per second of the phase (below the rate: k6 dropped what it could not start, see health.droppedIterations, or requests failed). alone: one request at a time before k6. capacity: a closed loop of `vus` requests in flight, the most the stack answers for that path here.',
    pass: missed.length === 0,
    missed,
    fellBehind: behind,
    sizes: SIZES,
    stored: seeding.counts,
    phaseSeconds: PHASE_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    gapSeconds: GAP_SECONDS,
    capacitySeconds: CAPACITY_SECONDS,
    ratesPerSecond: RATES,
    paths,
    health,
    seeding: { ...seeding, saverBoards: undefined, people: { owner: people.owner.username, author: people.author.username, savers: people.savers.map((s) => s.username) } },
    // What journeys/save.js needs (FIXTURE) to measure again against a stack kept with BENCH_KEEP=1.
    fixture,
    settling: { ...settling, samples },
    machineLoad: { before, ...Object.fromEntries(Object.entries(phases).map(([k, r]) => [k, { before: r.before, after: r.after, k6Seconds: r.seconds }])) },
    memoryMiB: memory,
    memoryMiBTotal: memorySummary(memory).total,
    stackStartSeconds: Math.round(startedMs / 1000),
    durationSeconds: Math.round((Date.now() - t0) / 1000),
  };
  writeResult('save', result);

  const broken = (health.failedRate ?? 0) >= 0.01;
  log('');
  log(table(result));
  log('');
  log(`Stored: ${Object.entries(seeding.counts).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')} (before the saves). Stack memory after the run: ${memorySummary(memory).line}.`);
  log(`${health.requests} requests, failed ${((health.failedRate ?? 0) * 100).toFixed(2)} %, dropped iterations ${JSON.stringify(health.droppedIterations)}.`);
  log(`The machine (${os.cpus().length} cores): ${before.quiet ? 'quiet' : `NOT quiet (${Math.round(before.cpuBusyBefore * 100)} % busy after ${before.waitedSeconds} s of waiting)`} before the measurements; `
    + `${Object.entries(phases).map(([k, r]) => `${k}: load average ${r.before.loadAverage[0]} before, ${r.after.loadAverage[0]} after, one bcrypt verification ${r.before.bcryptCompareMs} / ${r.after.bcryptCompareMs} ms${r.before.idle.idle ? '' : ' (the stack was still busy when it started)'}`).join('; ')}.`);
  log(`Whole run: ${result.durationSeconds} s. Written to load-tests/results/save.json.`);
  if (missed.length) log(`MISSED the target: ${missed.join(', ')}`);
  if (behind.length) log(`Fewer than 95 % of the planned requests were measured for ${behind.join(', ')}: k6 could not keep the rate (see its output above).`);
  if (broken) log('Requests failed: see the k6 output above.');
  if (missed.length || broken) process.exitCode = 1;
}

await main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exitCode = 1;
});
