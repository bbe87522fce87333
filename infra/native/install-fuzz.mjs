// Installs what `npm run fuzz` needs (docs/decisions/api-fuzzing.md): schemathesis from PyPI, at a
// pinned version, in a virtualenv of its own under the cache root the other installers use
// ($PINHIVE_CACHE or ~/.cache/pinhive). Idempotent, like install.mjs and install-kube.mjs: a
// complete virtualenv of the pinned version is kept. No prompt: pip and apt run non-interactive.
// Plain Node ESM, built-ins only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot, run as runCaptured } from './install.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';

/** Where the virtualenv and its `schemathesis` command are. */
export function fuzzPaths() {
  const venv = path.join(cacheRoot(), `schemathesis-${SCHEMATHESIS_VERSION}`);
  return { venv, python: path.join(venv, 'bin', 'python'), schemathesis: path.join(venv, 'bin', 'schemathesis') };
}

const run = (command, args, opts = {}) => runCaptured(command, args, { cwd: os.tmpdir(), ...opts });
const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const tail = (out) => out.trimEnd().split('\n').slice(-30).join('\n');

async function aptInstall(pkg, log) {
  log(`[install] installing ${pkg} (apt)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update'], { env });
  const res = await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends', pkg], { env });
  if (res.code !== 0) throw new Error(`[install] ${pkg} install failed:\n${tail(res.out)}`);
}

/** schemathesis in its virtualenv; resolves fuzzPaths(). */
export async function installFuzzTools({ log = console.log } = {}) {
  const p = fuzzPaths();
  const marker = path.join(p.venv, '.complete');
  if (fs.existsSync(marker)) {
    log(`[install] schemathesis ${SCHEMATHESIS_VERSION}: cached at ${p.venv}`);
    return p;
  }
  const t0 = Date.now();
  log(`[install] schemathesis ${SCHEMATHESIS_VERSION}: virtualenv at ${p.venv} ...`);
  // A virtualenv's scripts name its folder, so it is made in place and only marked when whole.
  fs.rmSync(p.venv, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(p.venv), { recursive: true });
  let res = await run('python3', ['-m', 'venv', p.venv]);
  if (res.code !== 0 && /ensurepip|venv|No module named/i.test(res.out)) {
    await aptInstall('python3-venv', log);
    fs.rmSync(p.venv, { recursive: true, force: true });
    res = await run('python3', ['-m', 'venv', p.venv]);
  }
  if (res.code !== 0) throw new Error(`[install] python3 -m venv failed:\n${tail(res.out)}`);
  const env = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' };
  res = await run(p.python, ['-m', 'pip', 'install', '-q', '--only-binary=:all:', `schemathesis==${SCHEMATHESIS_VERSION}`], { env });
  if (res.code !== 0) throw new Error(`[install] pip install schemathesis==${SCHEMATHESIS_VERSION} failed:\n${tail(res.out)}`);
  const check = await run(p.schemathesis, ['--version']);
  if (check.code !== 0 || !check.out.includes(SCHEMATHESIS_VERSION)) throw new Error(`[install] schemathesis --version: ${tail(check.out)}`);
  fs.writeFileSync(marker, `schemathesis ${SCHEMATHESIS_VERSION}\n`);
  log(`[install] schemathesis ${SCHEMATHESIS_VERSION}: done (${secs(t0)})`);
  return p;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  installFuzzTools().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
