// npm test: installs what is missing, then runs every tier against isolated servers (profile
// "test": own ports, own data under .run/test, never the dev stack) and stops them after.
//   1. lint and typecheck      2. unit tests (nothing running)
//   3. integration tests against real Kafka, FerretDB and Redis
//   4. the built product behind nginx, driven by Playwright in Chromium
import { execFileSync } from 'node:child_process';
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
