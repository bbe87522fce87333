// Installs everything the native (Docker-less) infrastructure needs, from package registries
// only: Debian packages, the Kafka broker from Maven Central, FerretDB and k6 built with Go.
// Idempotent: what is present is skipped, so a second run installs nothing and takes a second.
// Built artifacts live outside the repo, in $PINHIVE_CACHE or ~/.cache/pinhive.
// Plain Node ESM, built-ins only: it runs before `npm ci`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const KAFKA_VERSION = '3.9.2';
export const FERRETDB_VERSION = '1.24.0';
export const K6_VERSION = 'v1.8.1';
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kafkaDir = path.join(repoRoot, 'infra/kafka');
const ferretSrc = path.join(repoRoot, 'infra/ferretdb');

export function cacheRoot() {
  return process.env.PINHIVE_CACHE || path.join(os.homedir(), '.cache', 'pinhive');
}

/** Runs a command, capturing its output; resolves { code, out } (never rejects). */
export function run(command, args, { env = process.env, cwd = repoRoot } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.once('error', (err) => resolve({ code: -1, out: `${out}${err.message}\n` }));
    child.once('close', (code) => resolve({ code, out }));
  });
}

async function mustRun(what, command, args, opts) {
  const { code, out } = await run(command, args, opts);
  if (code !== 0) {
    const tail = out.trimEnd().split('\n').slice(-30).join('\n');
    throw new Error(`[install] ${what} failed: ${command} ${args.join(' ')} exited ${code}\n${tail}`);
  }
  return out;
}

const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const hashFiles = (files) => {
  const h = createHash('sha256');
  for (const f of files) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 8);
};

/** Where the installed pieces are; used by infra.mjs and other scripts. */
export function paths() {
  const cache = cacheRoot();
  // Every Go source of the program counts: a change to any of them is a new binary.
  const goSources = fs.readdirSync(ferretSrc).filter((f) => f.endsWith('.go')).sort();
  const ferretHash = hashFiles([...goSources, 'go.mod', 'go.sum'].map((f) => path.join(ferretSrc, f)));
  return {
    kafkaLibs: path.join(cache, `kafka-${KAFKA_VERSION}`, 'libs'),
    ferretdb: path.join(cache, `ferretdb-${FERRETDB_VERSION}-${ferretHash}`, 'pinhive-ferretdb'),
    k6: path.join(cache, `k6-${K6_VERSION}`, 'k6'),
    chromium: '/usr/bin/chromium',
    // The browser tests' Chromium: the same build without the full browser's UI, compositor and
    // GPU process (what Playwright itself runs headless), about 40 % less CPU per test.
    chromiumHeadlessShell: '/usr/bin/chromium-headless-shell',
    redisServer: '/usr/bin/redis-server',
    nginx: '/usr/sbin/nginx',
  };
}

// ---- Debian packages -------------------------------------------------------------------------
const isInstalled = async (pkg) =>
  (await run('dpkg-query', ['-W', '-f=${Status}', pkg])).out.includes('install ok installed');
const onPath = async (cmd) => (await run('sh', ['-c', `command -v ${cmd}`])).code === 0;

async function installDebian(log) {
  const t0 = Date.now();
  // postgresql: the server under FerretDB (infra/native/postgres.mjs runs its own cluster).
  const wanted = [['redis-server'], ['nginx-light', 'nginx'], ['chromium'], ['chromium-headless-shell'], ['docker-compose'], ['postgresql']];
  if (!(await onPath('java'))) wanted.push(['openjdk-17-jre-headless']);
  if (!(await onPath('mvn'))) wanted.push(['maven']);
  const missing = [];
  for (const alternatives of wanted) {
    let any = false;
    for (const p of alternatives) any = any || (await isInstalled(p));
    if (!any) missing.push(alternatives[0]);
  }
  if (missing.length === 0) return log('[install] debian packages: all present');
  log(`[install] debian packages: installing ${missing.join(' ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for a concurrent apt/dpkg rather than failing on its lock.
  const args = ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends', ...missing];
  if ((await run('apt-get', args, { env })).code !== 0) {
    log('[install] debian packages: install failed, running apt-get update and retrying');
    await mustRun('apt-get update', 'apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update'], { env });
    await mustRun('apt-get install', 'apt-get', args, { env });
  }
  // Packages may auto-start system instances on 6379/80; we run our own on our own ports.
  // No systemd here, so `service` may fail: that is fine.
  if (missing.includes('redis-server')) await run('service', ['redis-server', 'stop']);
  if (missing.includes('nginx-light')) await run('service', ['nginx', 'stop']);
  // Debian's package creates and may start a "main" cluster on 5432; ours runs on its own port.
  if (missing.includes('postgresql')) await run('service', ['postgresql', 'stop']);
  log(`[install] debian packages: done (${secs(t0)})`);
}

// ---- Kafka broker jars from Maven Central ------------------------------------------------------
async function installKafka(log) {
  const dir = path.dirname(paths().kafkaLibs);
  const marker = path.join(dir, '.complete');
  const pomHash = hashFiles([path.join(kafkaDir, 'pom.xml')]);
  // The marker holds the pom's hash: a half-done copy, or one from an older pom, is redone.
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === pomHash) {
    return log(`[install] kafka ${KAFKA_VERSION}: cached at ${dir}`);
  }
  const t0 = Date.now();
  log(`[install] kafka ${KAFKA_VERSION}: copying jars from Maven Central to ${dir} ...`);
  fs.rmSync(dir, { recursive: true, force: true });
  await mustRun('kafka jars', 'mvn', ['-q', '-B', '-f', path.join(kafkaDir, 'pom.xml'),
    'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${paths().kafkaLibs}`]);
  fs.writeFileSync(marker, `${pomHash}\n`);
  log(`[install] kafka ${KAFKA_VERSION}: done (${secs(t0)})`);
}

// ---- Go builds ---------------------------------------------------------------------------------
function goEnv(extra = {}) {
  return {
    ...process.env,
    GOPROXY: process.env.GOPROXY || 'https://proxy.golang.org',
    CGO_ENABLED: '0', // FerretDB's SQLite (modernc.org/sqlite) and k6 are pure Go
    ...extra,
  };
}

async function installFerretDB(log) {
  const bin = paths().ferretdb;
  if (fs.existsSync(bin)) return log(`[install] ferretdb ${FERRETDB_VERSION}: cached at ${bin}`);
  const t0 = Date.now();
  log(`[install] ferretdb ${FERRETDB_VERSION}: building ${bin} (slow the first time) ...`);
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  const tmp = `${bin}.tmp-${process.pid}`;
  await mustRun('ferretdb build', 'go', ['build', '-trimpath', '-o', tmp, '.'], { cwd: ferretSrc, env: goEnv() });
  fs.renameSync(tmp, bin); // atomic: a killed build never leaves a binary that looks complete
  log(`[install] ferretdb ${FERRETDB_VERSION}: done (${secs(t0)})`);
}

async function installK6(log) {
  const bin = paths().k6;
  if (fs.existsSync(bin)) return log(`[install] k6 ${K6_VERSION}: cached at ${bin}`);
  const t0 = Date.now();
  log(`[install] k6 ${K6_VERSION}: building ${bin} (slow the first time) ...`);
  const tmpDir = `${path.dirname(bin)}.tmp-${process.pid}`;
  const args = ['install', '-trimpath', `go.k6.io/k6@${K6_VERSION}`];
  let res = await run('go', args, { env: goEnv({ GOBIN: tmpDir }), cwd: os.tmpdir() });
  if (res.code !== 0 && /sum\.golang\.org|verifying module|checksum database/i.test(res.out)) {
    // The checksum database may be unreachable where only the proxy is allowed.
    log('[install] k6: checksum database unreachable, retrying with GOSUMDB=off');
    res = await run('go', args, { env: goEnv({ GOBIN: tmpDir, GOSUMDB: 'off' }), cwd: os.tmpdir() });
  }
  if (res.code !== 0) throw new Error(`[install] k6 build failed:\n${res.out.trimEnd().split('\n').slice(-30).join('\n')}`);
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  fs.renameSync(path.join(tmpDir, 'k6'), bin);
  fs.rmSync(tmpDir, { recursive: true, force: true });
  log(`[install] k6 ${K6_VERSION}: done (${secs(t0)})`);
}

export async function installAll({ log = console.log } = {}) {
  const t0 = Date.now();
  if (!(await onPath('go'))) throw new Error('[install] go is not on PATH (Go >= 1.25 is needed to build FerretDB and k6)');
  await installDebian(log); // first: it may bring java and maven
  // Independent downloads/builds; Go builds share the module and build caches safely.
  await Promise.all([installKafka(log), installFerretDB(log), installK6(log)]);
  log(`[install] all done in ${secs(t0)}`);
  return paths();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  installAll().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
