// npm run bench: the one load suite (load-tests/suite/run.mjs: every path on a fresh bench stack,
// weighted like real use, beside the no-op floor). npm run bench -- <journey>: one benchmark or
// journey. A journey of load-tests/journeys/ (signup-and-browse, login) runs against a running
// stack (`npm run up` first), then writes latencies and the resident memory of every process of
// the stack to load-tests/results/ and prints them. Targets are k6 thresholds here, never timed
// assertions in the test suite. The name is the first argument, else JOURNEY, else suite.
// `npm run bench -- growth`, `-- save`, `-- feed`, `-- cost`, `-- search`, `-- experiences` and `-- ads` are different: each
// starts a stack of its own (load-tests/<name>/run.mjs); `-- save-commands` runs jest's bench
// project on the test servers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '../infra/native/install.mjs';
import { stackMemory as memoryOf } from './lib/memory.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const journeyName = process.argv[2] || process.env.JOURNEY || 'suite';
if (journeyName === 'suite') {
  await import('./suite/run.mjs');
} else if (journeyName === 'growth') {
  await import('./growth/run.mjs');
} else if (journeyName === 'save') {
  await import('./save/run.mjs');
} else if (journeyName === 'feed') {
  await import('./feed/run.mjs');
} else if (journeyName === 'cost') {
  await import('./cost/run.mjs');
} else if (journeyName === 'search') {
  await import('./search/run.mjs');
} else if (journeyName === 'experiences') {
  await import('./experiences/run.mjs');
} else if (journeyName === 'save-commands') {
  // The store commands of a save as pins-boards sends them (services/pins-boards/test/
  // save-commands.bench.test.ts), on the test servers jest's global setup starts and stops.
  execFileSync('npx', ['jest', '--selectProjects', 'bench', '--runInBand'], { cwd: path.resolve(here, '..'), stdio: 'inherit' });
} else if (journeyName === 'ads') {
  await import('./ads/run.mjs');
} else {
  runJourney();
}

function runJourney() {
  const baseUrl = process.env.BASE_URL || 'http://localhost:8080';
  const runDir = path.resolve(here, '..', '.run', 'dev');
  const journey = path.join(here, 'journeys', `${journeyName}.js`);
  const summaryFile = path.join(here, 'results', 'summary.json');
  if (!fs.existsSync(journey)) throw new Error(`no journey ${journey} (the journeys are load-tests/journeys/*.js, or growth, or save)`);

  const host = new URL(baseUrl).hostname;
  if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) throw new Error(`BASE_URL must be on this machine (got ${baseUrl})`);

  /** Memory (MiB, proportional set size) of each process the dev stack started, with its children. */
  const stackMemory = () => memoryOf(runDir);

  const before = stackMemory();
  let failed = false;
  try {
    execFileSync(paths().k6, ['run', '--quiet', '--summary-export', summaryFile, journey], {
      stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl, VUS: process.env.VUS || '10', K6_NO_USAGE_REPORT: 'true' },
    });
  } catch {
    failed = true; // thresholds crossed: still write what was measured
  }
  const after = stackMemory();
  const s = JSON.parse(fs.readFileSync(summaryFile, 'utf8')).metrics;
  const ms = (m) => (m ? { median: +m.med.toFixed(1), p95: +m['p(95)'].toFixed(1), p99: +m['p(99)'].toFixed(1), max: +m.max.toFixed(1) } : null);
  const result = {
    when: new Date().toISOString(),
    machine: '2 cores, 24 GiB',
    vus: Number(process.env.VUS || 10),
    requests: s.http_reqs.count,
    requestsPerSecond: +s.http_reqs.rate.toFixed(1),
    failedRate: s.http_req_failed.value,
    journey: journeyName,
    profileMs: ms(s['http_req_duration{name:profile}']),
    loginMs: ms(s['http_req_duration{name:login}']),
    registerMs: ms(s['http_req_duration{name:register}']),
    propagationMs: ms(s.profile_propagation_ms),
    memoryMiBBefore: before,
    memoryMiBAfter: after,
    memoryMiBTotalAfter: Object.values(after).reduce((a, b) => a + b, 0),
  };
  fs.writeFileSync(path.join(here, 'results', `${journeyName}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (failed) process.exit(1);
}
