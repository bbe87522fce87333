// Installs the npm packages when node_modules is missing or older than package-lock.json,
// so that both README commands work on a fresh clone; packages already in npm's cache are not
// fetched again (--prefer-offline).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function ensureDependencies({ log = console.log } = {}) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) {
    log('[deps] npm packages up to date');
    return;
  }
  log('[deps] installing npm packages (npm ci)');
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
}
