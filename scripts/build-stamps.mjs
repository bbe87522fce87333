// Whether a bundle must be built again (scripts/build.mjs). A build leaves a stamp: a hash of its
// input files (path and content of each) and the size and time of each output file. The next
// build of that bundle is skipped when the inputs hash the same and the outputs are still the
// ones it wrote; a changed, added or removed input, or an output missing or rewritten by anyone
// else, builds again. Stamps live outside the repository, one folder per clone path, like the
// lint and typecheck caches (docs/decisions/warm-start.md).
// Built-ins only: the container build runs scripts/build.mjs without infra/ (infra/docker/Dockerfile).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Folders never read as inputs: installed packages, build outputs, test reports. */
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/** This clone's stamp folder; the same root as infra/native/install.mjs cacheRoot() (PINHIVE_CACHE moves it). */
export function stampDir(root) {
  const cache = process.env.PINHIVE_CACHE || path.join(os.homedir(), '.cache', 'pinhive');
  return path.join(cache, 'build', createHash('sha256').update(root).digest('hex').slice(0, 16));
}

/** Every file under each of `paths` (a file or a folder, walked), outside SKIP folders; sorted. */
export function filesUnder(paths) {
  const files = [];
  const walk = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isFile()) files.push(p);
    else if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (!SKIP.has(entry)) walk(path.join(p, entry));
    }
  };
  for (const p of paths) walk(p);
  return [...new Set(files)].sort();
}

/**
 * One hash of the input files (each one's path relative to `root`, so a rename counts, and its
 * content; mtimes do not: a checkout that rewrites a file unchanged builds nothing) and `extra`
 * (settings from the environment that change the output).
 */
export function inputsHash(root, inputs, extra = '') {
  const hash = createHash('sha256').update(extra);
  for (const file of filesUnder(inputs)) hash.update(`\0${path.relative(root, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Size and modification time of each file under the output folders, or null when there is none. */
function outputsSeen(outputs) {
  const files = filesUnder(outputs);
  if (files.length === 0) return null;
  return Object.fromEntries(files.map((f) => {
    const s = fs.statSync(f);
    return [f, `${s.size}:${s.mtimeMs}`];
  }));
}

const stampFile = (root, bundle) => path.join(stampDir(root), `${bundle}.json`);

/**
 * What to do with one bundle: `{ build: false }` when its last build here had the same inputs
 * and its outputs are as that build left them, else `{ build: true, why }`. `hash` goes to
 * recordBuild once the build succeeded (hashed before building: an input edited during the
 * build makes the next one build again).
 */
export function buildDecision({ root, bundle, inputs, outputs, extra = '' }) {
  const hash = inputsHash(root, inputs, extra);
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile(root, bundle), 'utf8'));
  } catch {
    return { build: true, why: 'no earlier build here', hash };
  }
  const seen = outputsSeen(outputs);
  if (seen === null) return { build: true, why: 'output missing', hash };
  if (stamp.inputs !== hash) return { build: true, why: 'inputs changed', hash };
  if (JSON.stringify(stamp.outputs) !== JSON.stringify(seen)) return { build: true, why: 'output changed since the last build', hash };
  return { build: false, hash };
}

/** Records a successful build of `bundle` from inputs hashing `hash` (written whole, then renamed). */
export function recordBuild({ root, bundle, outputs, hash }) {
  const file = stampFile(root, bundle);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ inputs: hash, outputs: outputsSeen(outputs), builtAt: new Date().toISOString() }));
  fs.renameSync(tmp, file);
}
