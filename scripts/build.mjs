// Builds what runs: each service bundled by esbuild into services/<name>/dist/main.js (our
// workspace packages inlined, npm packages left to node_modules), and the web app by Vite.
// Plain node at run time: no TypeScript compiler in a running service.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVICES = ['auth', 'pins-boards', 'experiences', 'ads'];

const dependenciesOf = (dir) => JSON.parse(fs.readFileSync(path.join(root, 'services', dir, 'package.json'), 'utf8')).dependencies ?? {};

/** npm packages any service or the kit depends on: they stay external. */
function externals() {
  const deps = new Set();
  for (const dir of ['kit', 'contracts', ...SERVICES]) {
    for (const d of Object.keys(dependenciesOf(dir))) if (!d.startsWith('@pinhive/')) deps.add(d);
  }
  return [...deps];
}

/** The version of the package `name` that node finds from `fromDir` (its package.json, walking up from its entry). */
function resolvedVersion(name, fromDir) {
  let dir = path.dirname(createRequire(path.join(fromDir, 'x.js')).resolve(name));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (pkg.name === name) return pkg.version;
  }
  throw new Error(`cannot find the package.json of ${name}`);
}

/** Whether `version` is in a caret range's line (`^11.5.3`: 11.x; `^0.35.5`: 0.35.x); other ranges are not checked. */
function sameLine(range, version) {
  const m = /^\^(\d+)\.(\d+)/.exec(range);
  if (!m) return true;
  const [major, minor] = version.split('.').map(Number);
  return m[1] === '0' ? major === 0 && minor === Number(m[2]) : major === Number(m[1]);
}

/**
 * A bundle requires its npm packages from node_modules as node finds them from its dist folder:
 * the hoisted copy, which may be another major version than the one the kit or the service asked
 * for (the kit's lru-cache 11 met jest's lru-cache 5 at the root: `LRUCache is not a constructor`
 * at start). Refuses such a build, naming the package.
 */
function checkExternals() {
  const wrong = [];
  for (const s of SERVICES) {
    const dist = path.join(root, 'services', s, 'dist');
    for (const dir of ['kit', 'contracts', s]) {
      for (const [name, range] of Object.entries(dependenciesOf(dir))) {
        if (name.startsWith('@pinhive/')) continue;
        const version = resolvedVersion(name, dist);
        if (!sameLine(range, version)) wrong.push(`${s}: ${name} ${range} (asked by ${dir}) resolves to ${version}`);
      }
    }
  }
  if (wrong.length > 0) throw new Error(`bundles would load other versions than asked; declare them in the root package.json so npm hoists them:\n  ${wrong.join('\n  ')}`);
}

export async function buildServices({ log = console.log } = {}) {
  const external = externals();
  // Each service's entry point, plus the operator commands (npm run admin): auth's, pins-boards', experiences' (experiences and experiments).
  const entries = [...SERVICES.map((s) => [s, 'main']), ['auth', 'admin'], ['pins-boards', 'admin'], ['experiences', 'admin']];
  await Promise.all(entries.map(async ([s, entry]) => {
    await build({
      entryPoints: [path.join(root, 'services', s, 'src', `${entry}.ts`)],
      outfile: path.join(root, 'services', s, 'dist', `${entry}.js`),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      external,
      logLevel: 'warning',
    });
  }));
  checkExternals();
  log(`[build] services bundled: ${SERVICES.join(', ')}`);
}

export function buildWeb({ log = console.log } = {}) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  log('[build] web app built into web/dist');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServices();
  buildWeb();
}
