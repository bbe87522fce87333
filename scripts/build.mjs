// Builds what runs: each service bundled by esbuild into services/<name>/dist/main.js (our
// workspace packages inlined, npm packages left to node_modules), and the web app by Vite.
// Plain node at run time: no TypeScript compiler in a running service.
// A bundle whose inputs did not change since its last build here is not built again
// (scripts/build-stamps.mjs); PINHIVE_BUILD_CACHE=0 builds everything.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildDecision, recordBuild } from './build-stamps.mjs';

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

/** Each service's entry points: main, and the operator commands (npm run admin) of auth, pins-boards and experiences (experiences and experiments). */
const ENTRIES = { auth: ['main', 'admin'], 'pins-boards': ['main', 'admin'], experiences: ['main', 'admin'], ads: ['main'] };

/** Read by every build, whatever the bundle: the lockfile (npm packages), the root package and tsconfig, this script. */
const COMMON_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs', 'scripts/build-stamps.mjs'].map((f) => path.join(root, f));

const fromRoot = (...parts) => path.join(root, ...parts);

/**
 * A bundle's inputs and outputs as build-stamps.mjs reads them. A service bundles its own
 * package, the kit and the contracts (whole packages, tests too: an edited test costs a
 * rebuild of a second, a missed source file a stale service); the web app its package and the
 * contracts, and the VITE_ variables Vite puts into the app.
 */
export function bundleFiles(bundle) {
  if (bundle === 'web') {
    const vite = Object.entries(process.env).filter(([k]) => k.startsWith('VITE_')).sort().map(([k, v]) => `${k}=${v}`).join('\n');
    return { root, bundle, inputs: [...COMMON_INPUTS, fromRoot('web'), fromRoot('services', 'contracts')], outputs: [fromRoot('web', 'dist')], extra: vite };
  }
  return {
    root, bundle,
    inputs: [...COMMON_INPUTS, ...[bundle, 'kit', 'contracts'].map((d) => fromRoot('services', d))],
    outputs: [fromRoot('services', bundle, 'dist')],
  };
}

/** The decision for one bundle; every bundle is built when PINHIVE_BUILD_CACHE=0. */
function decide(bundle) {
  const d = buildDecision(bundleFiles(bundle));
  return process.env.PINHIVE_BUILD_CACHE === '0' ? { ...d, build: true, why: 'PINHIVE_BUILD_CACHE=0' } : d;
}

/** Bundles the services whose inputs changed since their last build here (all of them the first time). */
export async function buildServices({ log = console.log } = {}) {
  const external = externals();
  const decisions = SERVICES.map((s) => ({ s, ...decide(s) }));
  const stale = decisions.filter((d) => d.build);
  await Promise.all(stale.map(async ({ s, hash }) => {
    await Promise.all(ENTRIES[s].map((entry) => build({
      entryPoints: [fromRoot('services', s, 'src', `${entry}.ts`)],
      outfile: fromRoot('services', s, 'dist', `${entry}.js`),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      external,
      logLevel: 'warning',
    })));
    recordBuild({ ...bundleFiles(s), hash });
  }));
  checkExternals();
  const unchanged = decisions.filter((d) => !d.build).map((d) => d.s);
  log(`[build] services bundled: ${stale.map((d) => `${d.s} (${d.why})`).join(', ') || 'none'}${unchanged.length ? `; unchanged, not built again: ${unchanged.join(', ')}` : ''}`);
}

/** Builds the web app unless its inputs are those of its last build here. */
export function buildWeb({ log = console.log } = {}) {
  const d = decide('web');
  if (!d.build) {
    log('[build] web app unchanged, not built again (web/dist)');
    return;
  }
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: fromRoot('web'), stdio: 'inherit' });
  recordBuild({ ...bundleFiles('web'), hash: d.hash });
  log(`[build] web app built into web/dist (${d.why})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServices();
  buildWeb();
}
