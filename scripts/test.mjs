// npm test: installs what is missing, then runs every tier against isolated servers (profile
// "test": own ports, own data under .run/test, never the dev stack) and stops them after.
//   1. lint, side by side with typecheck then unit tests (nothing running); both checks keep
//      their caches outside the repository (scripts/static-checks.mjs)
//   2. integration tests against real Kafka, FerretDB on PostgreSQL and Redis on three jest
//      workers; beside them (and beside step 1), on a second set of test servers, one at a time
//      the few that stop a server (test/support/serial-int-tests.cjs), then the Go tests of the
//      FerretDB front (companion indexes, write locking) on that set's PostgreSQL; then, with
//      nothing beside them, the serial files listed `alone` there
//   3. the built product behind nginx, driven by Playwright in Chromium (three workers)
//   4. the API fuzzer (schemathesis) against that product, 3 examples per operation, fixed seed
// Where the time goes and why it is split so: docs/decisions/test-suite-speed.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ensureDependencies } from './deps.mjs';
import { lint, typecheck } from './static-checks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.run', 'test-reports');
const timings = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

/** The machine's CPU time so far, idle and in all, from /proc/stat (jiffies); undefined off Linux. */
function cpuTimes() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { idle: fields[3] + fields[4], total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/**
 * Runs one phase and notes its time and how idle the cores were meanwhile (steps overlap, so that
 * is the machine's, not the step's own): an idle share says more workers would pay, none that
 * only less work will.
 */
function step(name, fn) {
  const t0 = Date.now();
  const cpu0 = cpuTimes();
  console.log(`\n=== ${name}`);
  return Promise.resolve(fn()).finally(() => {
    const cpu1 = cpuTimes();
    const idle = cpu0 && cpu1 && cpu1.total > cpu0.total ? `, cores ${Math.round((100 * (cpu1.idle - cpu0.idle)) / (cpu1.total - cpu0.total))} % idle` : '';
    timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s${idle}`);
  });
}

/**
 * Runs a command with its output on ours, or in `logFile` when something else is printing at the
 * same time; rejects when it fails. Async: other steps may be running meanwhile.
 */
function run(cmd, args, env = {}, logFile = undefined) {
  return new Promise((resolve, reject) => {
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
    const child = spawn(cmd, args, { cwd: root, stdio: logFile ? ['ignore', out, out] : 'inherit', env: { ...process.env, ...env } });
    if (logFile) fs.closeSync(out);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.slice(0, 3).join(' ')} exited with ${code}`))));
  });
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

/** One count per schemathesis run (a service, signed out or in): passed when it found nothing. */
function countFuzz(file) {
  if (!fs.existsSync(file)) return;
  for (const r of JSON.parse(fs.readFileSync(file, 'utf8')).runs) {
    if (r.failures === 0 && r.exitCode === 0 && r.errors.length === 0) counts.passed += 1;
    else counts.failed += 1;
  }
}

/** Runs one jest project (extra arguments pick files and workers) and counts its report. */
const jest = async (project, report, args = [], extraEnv = {}, logFile = undefined) => {
  const out = path.join(reports, `jest-${report}.json`);
  try {
    await run('npx', ['jest', '--selectProjects', project, ...args, '--json', `--outputFile=${out}`], extraEnv, logFile);
  } finally {
    countJest(out);
  }
};

/** Calls `fn` with `env` set in this process (the infra launcher reads its ports from there). */
function withEnv(env, fn) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** A check run side by side with another: its output comes after it ends, in one piece. */
async function quietCheck(name, check) {
  const { code, out } = await check({ quiet: true });
  console.log(`\n--- ${name}\n${out.trim() || '(no output)'}`);
  if (code !== 0) throw new Error(`${name} failed`);
}

const SERIAL_INT = createRequire(import.meta.url)('../test/support/serial-int-tests.cjs');
/** The serial files that run beside the rest (the others in the list run after it, alone). */
const SERIAL_BESIDE = SERIAL_INT.filter((f) => !SERIAL_INT.alone.includes(f));

/**
 * A second set of test servers (test profile, own ports and run folder) for the integration tests
 * that stop servers, and then the Go tests: they run beside the other checks instead of after them.
 */
const FAULTS_ENV = {
  PINHIVE_RUN_DIR: path.join(root, '.run', 'test-faults'),
  PINHIVE_KAFKA_PORT: '24092',
  PINHIVE_MONGO_PORT: '24117',
  PINHIVE_REDIS_PORT: '24379',
};

/** The serial integration tests' output, printed once they and the parallel ones are done. */
const SERIAL_LOG = path.join(reports, 'int-serial.log');
let serialLogPrinted = false;
function printSerialLog() {
  if (serialLogPrinted || !fs.existsSync(SERIAL_LOG)) return;
  serialLogPrinted = true;
  console.log(`\n--- integration tests (serial, own servers)\n${fs.readFileSync(SERIAL_LOG, 'utf8').trim()}`);
}

/**
 * Every integration file that stops, kills or starts a shared server must be in the serial list:
 * on a jest worker beside others it would take the server away from them.
 */
function checkSerialList() {
  const found = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory() && e.name !== 'node_modules') walk(rel);
      else if (e.name.endsWith('.int.test.ts') && /\b(stopServer|killServer|startServer|whileStopped)\(/.test(fs.readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
    }
  };
  ['services', 'test'].forEach(walk);
  const missing = found.filter((f) => !SERIAL_INT.includes(f));
  if (missing.length > 0) throw new Error(`these integration tests stop a server but are not in test/support/serial-int-tests.cjs: ${missing.join(', ')}`);
}

/**
 * The FerretDB front's Go tests against the test cluster (a light locking load: the benchmark's
 * figures are in docs/decisions/ferretdb-concurrent-updates.md). Counted from `go test -json`, top-level tests only.
 */
async function goFrontTests(p) {
  const secret = fs.readFileSync(path.join(p.runDir, 'data', 'postgres.secret'), 'utf8').trim();
  const res = await new Promise((resolve) => {
    const child = spawn('go', ['test', '-count=1', '-json', '.'], {
      cwd: path.join(root, 'infra', 'ferretdb'), stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CGO_ENABLED: '0', PGPASSWORD: secret, PINHIVE_TEST_POSTGRESQL_URL: `postgres://pinhive@127.0.0.1:${p.postgresPort}/ferretdb`,
        PINHIVE_BENCH_CLIENTS: '8', PINHIVE_BENCH_OPS: '50', PINHIVE_BENCH_ROUNDS: '1' },
    });
    const r = { stdout: '', stderr: '', status: 1 };
    child.stdout.on('data', (d) => { r.stdout += d; });
    child.stderr.on('data', (d) => { r.stderr += d; });
    child.on('error', (err) => { r.stderr += err.message; resolve(r); });
    child.on('close', (code) => { r.status = code; resolve(r); });
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
let faults;
/** The serial integration tests and the Go tests on their own servers, under way beside the rest. */
let faultsDone = Promise.resolve();
let failed = false;
try {
  await step('npm packages', () => ensureDependencies());
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const { installAll } = await import('../infra/native/install.mjs');
  // kustomize, kubeconform and the Kubernetes schemas for test/kubernetes.test.ts (unit tier).
  const { installKubeTools } = await import('../infra/native/install-kube.mjs');
  // schemathesis for the API fuzzing step (scripts/fuzz.mjs), in its virtualenv.
  const { installFuzzTools } = await import('../infra/native/install-fuzz.mjs');
  await step('native servers, kubernetes and fuzzing tools installed', () => Promise.all([installAll(), installKubeTools(), installFuzzTools()]));

  infra = await import('../infra/native/infra.mjs');
  const p = infra.profile('test');
  // With a Docker engine the integration tests bring their own containers (testcontainers, in
  // jest's global setup); without one they use the native servers started here.
  const { getContainerRuntimeClient } = await import('testcontainers');
  const docker = await getContainerRuntimeClient().then(() => true, () => false);
  const external = { PINHIVE_TEST_SERVERS: 'external' };
  // The serial tests (they stop and kill servers, then wait for recovery) run beside the rest on a
  // second set of servers, except those listed `alone`, which run after everything on that set
  // with nothing beside them. PINHIVE_TEST_SERIAL_AFTER=1 runs them all after the others on the
  // one set of servers (the order before 2026-11-28, about 4 minutes longer).
  const serialAfter = process.env.PINHIVE_TEST_SERIAL_AFTER === '1';
  if (!docker && serialAfter) {
    checkSerialList();
    await step('test servers started', () => infra.startInfra(p, { fresh: true }));
  } else if (!docker) {
    checkSerialList();
    faults = withEnv(FAULTS_ENV, () => infra.profile('test'));
    // Both starts settle before a failure is thrown: a set still starting when the other failed
    // would otherwise come up after the cleanup below had stopped it.
    await step('test servers started (two sets)', async () => {
      const failure = (await Promise.allSettled([infra.startInfra(p, { fresh: true }), infra.startInfra(faults, { fresh: true })])).find((r) => r.status === 'rejected');
      if (failure) throw failure.reason;
    });
    faultsDone = step('integration tests (serial, own servers)', () => jest('int', 'int-serial', ['--runInBand', ...SERIAL_BESIDE], { ...external, ...FAULTS_ENV }, SERIAL_LOG))
      .then(() => step('FerretDB front (go test)', () => goFrontTests(faults)));
    // Settled here and awaited below: a failure is reported once everything else has run.
    faultsDone.catch(() => undefined);
  }

  // Two cores: ESLint's type-aware pass on one, tsc on the other; then the unit tests on both (jest
  // would take one worker on two cores; lint is done by then when its cache is warm: 53 s to 31 s quiet).
  await step('lint, typecheck and unit tests', async () => {
    const results = await Promise.allSettled([
      step('lint', () => quietCheck('lint', lint)),
      step('typecheck', () => quietCheck('typecheck', typecheck)).then(() => step('unit tests', () => jest('unit', 'unit', ['--maxWorkers=2']))),
    ]);
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
  });

  if (docker) {
    await step('integration tests (containers)', () => jest('int', 'int', ['--runInBand']));
    await step('test servers started', () => infra.startInfra(p, { fresh: true }));
  } else {
    await step('integration tests (3 workers)', () => jest('int', 'int', ['--maxWorkers=3', '--testPathIgnorePatterns', '/node_modules/', ...SERIAL_INT], external));
    if (serialAfter) {
      await step('integration tests (serial)', () => jest('int', 'int-serial', ['--runInBand', ...SERIAL_INT], external));
      await step('FerretDB front (go test)', () => goFrontTests(p));
    } else {
      await faultsDone.finally(printSerialLog);
      await step('integration tests (serial, alone)', () => jest('int', 'int-alone', ['--runInBand', ...SERIAL_INT.alone], { ...external, ...FAULTS_ENV }));
      await infra.stopInfra(faults, { log: () => undefined });
      faults = undefined;
    }
  }

  const { buildServices, buildWeb } = await import('./build.mjs');
  stack = await import('./stack.mjs');
  await step('build', async () => { await buildServices(); buildWeb(); });
  // Two instances of each service behind the gateway: every browser test also shows that nothing
  // relies on one process's memory (docs/scaling.md, "Proven on two of each").
  const sp = await step('product started (test profile, 2 instances of each service)', () => stack.startStack('test', { infraRunning: true, replicas: 2 }));
  const pw = path.join(reports, 'playwright.json');
  try {
    await step('browser tests', () => run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      PINHIVE_BASE_URL: sp.baseUrl, PLAYWRIGHT_JSON_OUTPUT_FILE: pw,
    }));
  } finally {
    countPlaywright(pw);
  }
  // The API fuzzer on the same stack, small and repeatable: 3 examples per operation, the fixed
  // seed, signed out and signed in (docs/decisions/api-fuzzing.md). `npm run fuzz` is the full size.
  const fuzzReport = path.join(reports, 'fuzz.json');
  try {
    await step('API fuzzing (schemathesis, 3 examples per operation)', () => run('node', ['scripts/fuzz.mjs', '--examples', '3', '--out', fuzzReport], { PINHIVE_BASE_URL: sp.baseUrl }));
  } finally {
    countFuzz(fuzzReport);
  }
} catch (err) {
  failed = true;
  console.error(`\nnpm test failed: ${err.message.split('\n').slice(0, 40).join('\n')}`);
} finally {
  await faultsDone.catch(() => undefined).finally(printSerialLog); // its servers are stopped below, not under it
  if (process.env.PINHIVE_TEST_KEEP !== '1') {
    await stack?.stopStack('test', { log: () => undefined }).catch((e) => console.error(e.message));
    if (!stack && infra) await infra.stopInfra(infra.profile('test'), { log: () => undefined }).catch((e) => console.error(e.message));
    if (faults) await infra.stopInfra(faults, { log: () => undefined }).catch((e) => console.error(e.message));
  }
  console.log(`\n${timings.join('\n')}`);
  console.log(`pinhive: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}
process.exit(failed || counts.failed > 0 ? 1 : 0);
