// Lint and typecheck with incremental caches that any clone of the repository can start from:
// each run keeps its own in .run/static-checks/ and hands it on to ~/.cache/pinhive/static-checks/
// (PINHIVE_CACHE moves it), where a fresh clone, at whatever path, finds it.
//   node scripts/static-checks.mjs lint         (npm run lint)
//   node scripts/static-checks.mjs typecheck    (npm run typecheck)
// tsc's incremental state is exact (it follows every file's content through the imports), and its
// paths are relative to the build info's folder, which is at the same place in every clone.
// ESLint's cache (content strategy) keys files by absolute path: the shared copy holds them with
// the clone's path replaced by a placeholder. It is per file: a file is linted again when it or
// the lint config changes, not when only a file it imports does, so a type-aware rule
// (no-floating-promises) may miss a finding until the file itself changes; PINHIVE_LINT_CACHE=0
// lints every file (docs/decisions/test-suite-speed.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot } from '../infra/native/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The tsconfig files `npm run typecheck` checks, in order. */
const TS_PROJECTS = ['tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'];
/** Stands for the clone's path in the shared copy of ESLint's cache. */
const ROOT_MARK = '<pinhive-root>';

/** This clone's cache file of one tool, and the shared copy it starts from and hands on to. */
function cacheFiles(tool, name) {
  const local = path.join(root, '.run', 'static-checks', tool, name);
  const shared = path.join(cacheRoot(), 'static-checks', tool, name);
  fs.mkdirSync(path.dirname(local), { recursive: true });
  fs.mkdirSync(path.dirname(shared), { recursive: true });
  return { local, shared };
}

/** Copies a cache file, `rewrite` applied to its text, through a temporary file: a reader sees a whole one. */
function copyCache(from, to, rewrite = (text) => text) {
  if (!fs.existsSync(from)) return;
  const tmp = `${to}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, rewrite(fs.readFileSync(from, 'utf8')));
  fs.renameSync(tmp, to);
}

/** Runs a check with its cache file taken from the shared copy when this clone has none, and handed back after. */
async function withCache(files, check, { toLocal, toShared } = {}) {
  if (!fs.existsSync(files.local)) copyCache(files.shared, files.local, toLocal);
  const res = await check();
  copyCache(files.local, files.shared, toShared);
  return res;
}

/**
 * Runs a command; with `quiet` its output is kept and handed back (for checks running side by
 * side, whose output would interleave). Resolves { code, out }.
 */
function run(cmd, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => { out += d; });
    child.stderr?.on('data', (d) => { out += d; });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

export function lint(options) {
  const eslint = path.join(root, 'node_modules/.bin/eslint');
  const args = ['--max-warnings=0', '.'];
  if (process.env.PINHIVE_LINT_CACHE === '0') return run(eslint, args, options);
  const files = cacheFiles('eslint', '.eslintcache');
  const prefix = JSON.stringify(`${root}/`).slice(1, -1);
  return withCache(files, () => run(eslint, ['--cache', '--cache-strategy', 'content', '--cache-location', files.local, ...args], options), {
    toLocal: (text) => text.replaceAll(`${ROOT_MARK}/`, prefix),
    toShared: (text) => text.replaceAll(prefix, `${ROOT_MARK}/`),
  });
}

export async function typecheck(options) {
  let out = '';
  for (const project of TS_PROJECTS) {
    const files = cacheFiles('tsc', `${project.replace(/[/.]/g, '_')}.tsbuildinfo`);
    const res = await withCache(files, () => run(path.join(root, 'node_modules/.bin/tsc'), ['-p', project, '--incremental', '--tsBuildInfoFile', files.local], options));
    out += res.out;
    if (res.code !== 0) return { code: res.code, out };
  }
  return { code: 0, out };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = { lint, typecheck }[process.argv[2]];
  if (!check) {
    console.error('usage: node scripts/static-checks.mjs lint|typecheck');
    process.exit(2);
  }
  const { code } = await check();
  process.exit(code);
}
