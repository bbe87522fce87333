// Lint and typecheck with their caches outside the repository, in
// ~/.cache/pinhive/{eslint,tsc}/<hash of the repository's path>/ (PINHIVE_CACHE moves it): a second
// run on this machine, or a fresh clone at the same path, checks again only what changed.
//   node scripts/static-checks.mjs lint         (npm run lint)
//   node scripts/static-checks.mjs typecheck    (npm run typecheck)
// tsc's incremental state is exact (it follows every file's content through the imports). ESLint's
// cache is per file: a file is linted again when it or the lint config changes, not when only a
// file it imports does, so a type-aware rule (no-floating-promises) may miss a finding until the
// file itself changes; PINHIVE_LINT_CACHE=0 lints every file (docs/decisions/test-suite-speed.md).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot } from '../infra/native/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The tsconfig files `npm run typecheck` checks, in order. */
const TS_PROJECTS = ['tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'];

/** This clone's cache folder for one tool: clones at other paths keep their own. */
function cacheDir(tool) {
  const dir = path.join(cacheRoot(), tool, createHash('sha256').update(root).digest('hex').slice(0, 16));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
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
  const cache = process.env.PINHIVE_LINT_CACHE === '0' ? [] : ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(cacheDir('eslint'), '.eslintcache')];
  return run(path.join(root, 'node_modules/.bin/eslint'), ['--max-warnings=0', ...cache, '.'], options);
}

export async function typecheck(options) {
  const dir = cacheDir('tsc');
  let out = '';
  for (const project of TS_PROJECTS) {
    const info = path.join(dir, `${project.replace(/[/.]/g, '_')}.tsbuildinfo`);
    const res = await run(path.join(root, 'node_modules/.bin/tsc'), ['-p', project, '--incremental', '--tsBuildInfoFile', info], options);
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
