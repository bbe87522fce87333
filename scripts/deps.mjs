// Installs the npm packages when node_modules is missing or older than package-lock.json,
// so that both README commands work on a fresh clone. A finished install is kept in
// ~/.cache/pinhive/node-modules/<key> (PINHIVE_CACHE moves it) (the key: the lockfile, every workspace's package.json, the
// Node ABI and platform), and a clone whose key is there copies it (about 4 s) instead of running
// `npm ci` (about 30 s, npm's own cache warm). Why: docs/decisions/test-suite-speed.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot } from '../infra/native/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(cacheRoot(), 'node-modules');
/** Installs kept: one per lockfile a developer moves between, the oldest dropped. */
const KEPT = 3;
/** Written last into a kept install: a copy interrupted half way has none and is never used. */
const COMPLETE = '.pinhive-complete';

/**
 * What `npm ci` installs from: the lockfile, the package.json files it must agree with (npm ci
 * refuses a mismatch; a copy would not notice one), and what native modules were built for.
 */
export function installKey() {
  const h = createHash('sha256');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const rel of ['package-lock.json', 'package.json', ...(pkg.workspaces ?? []).map((w) => path.join(w, 'package.json'))]) {
    h.update(rel).update('\0').update(fs.readFileSync(path.join(root, rel))).update('\0');
  }
  h.update(`${process.platform}-${process.arch}-abi${process.versions.modules}`);
  return h.digest('hex').slice(0, 24);
}

/** `cp -a`: symlinks (the workspaces', `.bin`'s, all relative) as they are, modes and times kept. */
const copyTree = (from, to) => execFileSync('cp', ['-a', from, to], { stdio: 'inherit' });

function fromCache(key, log) {
  const kept = path.join(CACHE, key);
  if (!fs.existsSync(path.join(kept, COMPLETE))) return false;
  log(`[deps] npm packages from ${kept}`);
  const target = path.join(root, 'node_modules');
  fs.rmSync(target, { recursive: true, force: true });
  try {
    copyTree(path.join(kept, 'node_modules'), target);
  } catch (err) {
    log(`[deps] the copy failed (${err.message.split('\n')[0]}); installing instead`);
    fs.rmSync(target, { recursive: true, force: true });
    return false;
  }
  fs.utimesSync(kept, new Date(), new Date()); // the newest used is kept longest
  return true;
}

/** Hands a finished install on to the cache (copied under a temporary name, then renamed). */
function toCache(key, log) {
  try {
    fs.mkdirSync(CACHE, { recursive: true });
    const kept = path.join(CACHE, key);
    if (fs.existsSync(path.join(kept, COMPLETE))) return;
    const tmp = fs.mkdtempSync(path.join(CACHE, `.${key}-`));
    copyTree(path.join(root, 'node_modules'), path.join(tmp, 'node_modules'));
    fs.writeFileSync(path.join(tmp, COMPLETE), `${new Date().toISOString()}\n`);
    try {
      fs.renameSync(tmp, kept);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another clone kept the same install first
    }
    const entries = fs.readdirSync(CACHE).map((name) => ({ name, at: fs.statSync(path.join(CACHE, name)).mtimeMs }));
    // Older installs, and copies a killed run left under a temporary name (an hour old or more).
    for (const { name } of entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => b.at - a.at).slice(KEPT)) fs.rmSync(path.join(CACHE, name), { recursive: true, force: true });
    for (const { name } of entries.filter((e) => e.name.startsWith('.') && e.at < Date.now() - 3_600_000)) fs.rmSync(path.join(CACHE, name), { recursive: true, force: true });
  } catch (err) {
    log(`[deps] could not keep the install in ${CACHE}: ${err.message.split('\n')[0]}`);
  }
}

export function ensureDependencies({ log = console.log } = {}) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) {
    log('[deps] npm packages up to date');
    return;
  }
  const key = installKey();
  if (!fromCache(key, log)) {
    log('[deps] installing npm packages (npm ci)');
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
    toCache(key, log);
  }
  // A copy keeps the kept install's times: newer than this clone's lockfile from here on.
  const now = new Date();
  fs.utimesSync(marker, now, now);
}
