// npm test: installs what is missing, then runs every tier against isolated servers (profile
// "test": own ports, own data under .run/test, never the dev stack) and stops them after.
//   1. lint and typecheck      2. unit tests (nothing running)
//   3. integration tests against real Kafka, FerretDB on PostgreSQL and Redis, and the Go tests
//      of the FerretDB front (companion indexes, write locking) against the same PostgreSQL
//   4. the built product behind nginx, driven by Playwright in Chromium
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.run', 'test-reports');
const timings = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function step(name, fn) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  return Promise.resolve(fn()).finally(() => timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`));
}

function run(cmd, args, env = {}) {
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** Adds up a jest --json report, even when the run failed. */
function countJest(file) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + r.numTodoTests;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

const jest = (project, extraEnv = {}) => {
  const out = path.join(reports, `jest-${project}.json`);
  try {
    run('npx', ['jest', '--selectProjects', project, ...(project === 'int' ? ['--runInBand'] : []), '--json', `--outputFile=${out}`], extraEnv);
  } finally {
    countJest(out);
  }
};

/**
 * The FerretDB front's Go tests against the test cluster (a light locking load: the benchmark's
 * figures are in docs/decisions/ferretdb-concurrent-updates.md). Counted from `go test -json`, top-level tests only.
 */
function goFrontTests(p) {
  const secret = fs.readFileSync(path.join(p.runDir, 'data', 'postgres.secret'), 'utf8').trim();
  const res = spawnSync('go', ['test', '-count=1', '-json', '.'], {
    cwd: path.join(root, 'infra', 'ferretdb'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CGO_ENABLED: '0', PGPASSWORD: secret, PINHIVE_TEST_POSTGRESQL_URL: `postgres://pinhive@127.0.0.1:${p.postgresPort}/ferretdb`,
      PINHIVE_BENCH_CLIENTS: '8', PINHIVE_BENCH_OPS: '50', PINHIVE_BENCH_ROUNDS: '1' },
  });
  const events = res.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).filter((e) => e.Test && !e.Test.includes('/'));
  for (const e of events) {
    if (e.Action === 'pass') counts.passed += 1;
    else if (e.Action === 'fail') { counts.failed += 1; console.log(`FAIL go test ${e.Test}`); }
    else if (e.Action === 'skip') counts.skipped += 1;
  }
  const out = events.filter((e) => e.Action === 'output').map((e) => e.Output).join('');
  if (res.status !== 0) throw new Error(`go test in infra/ferretdb failed:\n${out.split('\n').slice(-40).join('\n')}${res.stderr}`);
  console.log(`go test infra/ferretdb: ${events.filter((e) => e.Action === 'pass').length} passed`);
}

let stack;
let infra;
let failed = false;
try {
  await step('npm packages', () => ensureDependencies());
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const { installAll } = await import('../infra/native/install.mjs');
  await step('native servers installed', () => installAll());
  await step('lint', () => run('npx', ['eslint', '--max-warnings=0', '.']));
  await step('typecheck', () => run('npm', ['run', 'typecheck', '--silent']));
  await step('unit tests', () => jest('unit'));

  infra = await import('../infra/native/infra.mjs');
  const p = infra.profile('test');
  // With a Docker engine the integration tests bring their own containers (testcontainers, in
  // jest's global setup); without one they use the native servers started here.
  const { getContainerRuntimeClient } = await import('testcontainers');
  const docker = await getContainerRuntimeClient().then(() => true, () => false);
  if (docker) {
    await step('integration tests (containers)', () => jest('int'));
    await step('test servers started', () => infra.startInfra(p, { fresh: true }));
  } else {
    await step('test servers started', () => infra.startInfra(p, { fresh: true }));
    await step('integration tests', () => jest('int', { PINHIVE_TEST_SERVERS: 'external' }));
    await step('FerretDB front (go test)', () => goFrontTests(p));
  }

  const { buildServices, buildWeb } = await import('./build.mjs');
  stack = await import('./stack.mjs');
  await step('build', async () => { await buildServices(); buildWeb(); });
  const sp = await step('product started (test profile)', () => stack.startStack('test', { infraRunning: true }));
  const pw = path.join(reports, 'playwright.json');
  try {
    await step('browser tests', () => run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      PINHIVE_BASE_URL: sp.baseUrl, PLAYWRIGHT_JSON_OUTPUT_FILE: pw,
    }));
  } finally {
    countPlaywright(pw);
  }
} catch (err) {
  failed = true;
  console.error(`\nnpm test failed: ${err.message.split('\n').slice(0, 40).join('\n')}`);
} finally {
  if (process.env.PINHIVE_TEST_KEEP !== '1') {
    await stack?.stopStack('test', { log: () => undefined }).catch((e) => console.error(e.message));
    if (!stack && infra) await infra.stopInfra(infra.profile('test'), { log: () => undefined }).catch((e) => console.error(e.message));
  }
  console.log(`\n${timings.join('\n')}`);
  console.log(`pinhive: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}
process.exit(failed || counts.failed > 0 ? 1 : 0);
