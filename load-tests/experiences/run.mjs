// npm run bench -- experiences: the placement read (UserExperienceResource get) for people with
// 50 experience statuses each, beside the no-op floor of the same seconds.
//
// 1. Builds the services (BENCH_BUILD=0 uses the bundles as they are) and the web app when missing.
// 2. Starts the `bench` stack (ports 21xxx, run folder .run/bench) with fresh data.
// 3. Registers BENCH_PEOPLE people through the gateway; puts BENCH_EXPERIENCES experiences at the
//    placement `bench_tips` straight into the experiences store (as `experiences set` stores
//    them) and, for every person, a status of 50 of them (as the service's status writes leave
//    them: viewed, dismissed or completed), so each read is worked out over all of them.
// 4. A quiet-machine wait, then k6 (journeys/experiences.js): the read at RATE_PLACEMENT and the
//    floor (`/_noop/experiences`) at RATE_NOOP; the stack's CPU per read from /proc over the run.
// 5. Writes load-tests/results/experiences.json and prints a Markdown table. Exits 1 when the
//    target is missed or requests failed. The stack is stopped at the end unless BENCH_KEEP=1.
//
// Target (issue 24): the read at 300/s with p95 at most 3x the floor's p95 in the same seconds.
//
// Knobs: BENCH_PHASE_SECONDS (30), BENCH_WARMUP_SECONDS (10), RATE_PLACEMENT (300), RATE_NOOP (20),
// BENCH_PEOPLE (50), BENCH_EXPERIENCES (55), BENCH_KEEP=1, BENCH_BUILD=0.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { startStack, stackProfile, stopStack } from '../../scripts/stack.mjs';
import { bcryptCompareMs } from '../growth/seed.mjs';
import { buildForBench, envNumber, log, machine, mergedSummary, metricSamples, rateEnv, ratesFromEnv, runPhases, stackCpuSeconds, stackPids, stopUnlessKept, trendFigures, writeResult } from '../lib/bench.mjs';
import { memorySummary, stackMemory } from '../lib/memory.mjs';
import { register } from '../save/seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const journey = path.resolve(here, '..', 'journeys', 'experiences.js');
const PROFILE = 'bench';
const PHASE_SECONDS = envNumber('BENCH_PHASE_SECONDS', 30);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 10);
const SIZES = { people: envNumber('BENCH_PEOPLE', 50), experiences: envNumber('BENCH_EXPERIENCES', 55), statusesEach: 50 };
const RATES = ratesFromEnv({ placement: 300, noop: 20 });
const FLOOR_FACTOR = 3;
const STATUSES = [['viewed', 1], ['dismissed', 2], ['completed', 3]];

/** The experiences at `bench_tips` and every person's statuses, in the service's own shapes (experience.model.ts). */
async function seed(p, people) {
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${p.mongoPort}/`, { retryWrites: false });
  try {
    const db = client.db(`${p.dbPrefix}_experiences`);
    const now = new Date();
    const docs = Array.from({ length: SIZES.experiences }, (_, k) => ({
      _id: `bench_tips:tip_${k}`, placement_id: 'bench_tips', experience_id: `tip_${k}`,
      display_data: { title: `Tip ${k}`, body: 'A tip for the benchmark.', button_text: 'Try it', button_link: '/search/pins/?q=tip' },
      triggerable_placed_exps: [], metadata: { k }, targeting: { viewer_types: ['AUTH'], account_age_days_max: 3650 }, priority: k,
      triggered_only: false, completed_by_events: [], enabled: true, updatedAt: now,
    }));
    await db.collection('experiences').insertMany(docs);
    for (const who of people) {
      const statuses = Object.fromEntries(docs.slice(0, SIZES.statusesEach).map((d, k) => {
        const [status, rank] = STATUSES[k % STATUSES.length];
        return [d._id, { status, rank, at: now }];
      }));
      await db.collection('experience_people').updateOne({ _id: who.id }, { $set: { statuses } }, { upsert: true });
    }
    // Targeting by account age needs the sign-up time: wait until auth's events brought it.
    for (const t0 = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
      const known = await db.collection('experience_people').countDocuments({ registeredAt: { $ne: null } });
      if (known >= people.length) break;
      if (Date.now() - t0 > 60000) throw new Error(`experiences never learnt every registration (${known} of ${people.length})`);
    }
  } finally {
    await client.close();
  }
}

/** experiences' store commands so far (kit `mongo_commands_total`, on in the bench stack), by `command collection`. */
async function storeCommands(p) {
  const out = {};
  for (const x of await metricSamples(p.ports.experiences, ['mongo_commands_total'])) out[`${x.labels.command} ${x.labels.collection}`] = x.value;
  return out;
}

async function main() {
  const t0 = Date.now();
  const p = stackProfile(PROFILE);
  await buildForBench();
  let phases = {};
  let memory = {};
  let cpu = {};
  let commands = {};
  try {
    await stopStack(p.name, { log });
    await startStack(p.name, { freshInfra: true, log });
    const people = [];
    for (let k = 0; k < SIZES.people; k++) people.push(await register(p.baseUrl, `experiences-bench-${k}@example.com`));
    log(`[seed] ${people.length} people registered`);
    await seed(p, people);
    log(`[seed] ${SIZES.experiences} experiences, ${SIZES.statusesEach} statuses for each person`);
    const pids = stackPids(p.runDir);
    const commandsBefore = await storeCommands(p);
    const before = stackCpuSeconds(pids);
    phases = await runPhases({
      p, journey, name: 'experiences', phases: ['placement'], gauge: bcryptCompareMs,
      envOf: () => ({ BASE_URL: p.baseUrl, FIXTURE: JSON.stringify({ tokens: people.map((x) => x.token) }), PHASE_SECONDS: String(PHASE_SECONDS), WARMUP_SECONDS: String(WARMUP_SECONDS), ...rateEnv(RATES) }),
    });
    const after = stackCpuSeconds(pids);
    cpu = Object.fromEntries(Object.keys(after).map((name) => [name, after[name] - before[name]]));
    const commandsAfter = await storeCommands(p);
    commands = Object.fromEntries(Object.entries(commandsAfter).map(([k, v]) => [k, v - (commandsBefore[k] ?? 0)]).filter(([, v]) => v > 0));
    memory = stackMemory(p.runDir);
  } finally {
    await stopUnlessKept(PROFILE, p);
  }

  const { m, requests, failed } = mergedSummary(phases);
  const read = trendFigures(m, 'http_req_duration{path:placement}');
  const floor = trendFigures(m, 'http_req_duration{path:noop}');
  const pass = Boolean(read && floor && read.p95 <= FLOOR_FACTOR * floor.p95);
  // Every read of the run (warm-up too) over the stack's CPU in the same time (the floor's few
  // requests count with them: at most RATE_NOOP / RATE_PLACEMENT more).
  const reads = m['http_reqs{scenario:placement}']?.count ?? 0;
  const perRead = (seconds) => (reads ? Math.round((seconds * 1000 * 100) / reads) / 100 : null);
  const cpuTotal = Object.values(cpu).reduce((a, b) => a + b, 0);
  const result = {
    when: new Date().toISOString(),
    command: 'npm run bench -- experiences',
    machine: machine(),
    target: `the placement read's p95 at most ${FLOOR_FACTOR}x the no-op floor's p95 in the same seconds, at ${RATES.placement}/s`,
    pass,
    sizes: SIZES,
    ratesPerSecond: RATES,
    phaseSeconds: PHASE_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    placement: read,
    floor,
    ratioToFloor: read && floor ? Math.round((read.p95 / floor.p95) * 10) / 10 : null,
    cpuMsPerRead: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, perRead(v)])),
    cpuMsPerReadTotal: perRead(cpuTotal),
    storeCommandsPerRead: reads ? Object.fromEntries(Object.entries(commands).map(([k, v]) => [k, Math.round((v / reads) * 1000) / 1000])) : null,
    health: { requests, reads, failedRate: requests ? failed / requests : null, droppedIterations: m['dropped_iterations{scenario:placement}']?.count ?? 0 },
    machineLoad: Object.fromEntries(Object.entries(phases).map(([k, r]) => [k, { before: r.before, after: r.after, k6Seconds: r.seconds }])),
    memoryMiB: memory,
    memoryMiBTotal: memorySummary(memory).total,
    durationSeconds: Math.round((Date.now() - t0) / 1000),
  };
  writeResult('experiences', result);
  const f = (x) => (x ? `${x.median} / ${x.p95} / ${x.p99}` : 'n/a');
  log('');
  log('| What | Rate (/s) | median / p95 / p99 (ms) | Target | Met |');
  log('|---|--:|---|---|---|');
  log(`| placement read (\`UserExperienceResource\`, 2 placements, ${SIZES.experiences} experiences, ${SIZES.statusesEach} statuses each) | ${RATES.placement} | ${f(read)} | <= ${FLOOR_FACTOR}x floor (${floor ? (FLOOR_FACTOR * floor.p95).toFixed(1) : '?'} ms) | ${pass ? 'yes' : '**no**'} |`);
  log(`| floor: gateway to experiences, no-op | ${RATES.noop} | ${f(floor)} | | |`);
  log('');
  log(`CPU per read, whole stack: ${result.cpuMsPerReadTotal} ms (${Object.entries(result.cpuMsPerRead ?? {}).filter(([, v]) => v >= 0.01).map(([k, v]) => `${k} ${v}`).join(', ')}). Stack memory: ${memorySummary(memory).line}.`);
  log(`experiences' store commands per read: ${Object.entries(result.storeCommandsPerRead ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}.`);
  log(`${requests} requests, failed ${((result.health.failedRate ?? 0) * 100).toFixed(2)} %, dropped iterations ${result.health.droppedIterations}.`);
  if (!pass || (result.health.failedRate ?? 0) >= 0.01) process.exit(1);
}

await main();
