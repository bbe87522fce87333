import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * Runs an operator command (`npm run admin -- ...`) against the stack under test: the test
 * profile's, whose ports and run folder the environment may move (PINHIVE_*_PORT,
 * PINHIVE_RUN_DIR), as for the stack itself. What it changes is seen by every test: put back
 * what a test sets, in a `finally`.
 */
export function operator(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/admin.mjs', ...args], { cwd: root, env: { ...process.env, PINHIVE_PROFILE: 'test' }, encoding: 'utf8', timeout: 120_000 });
}
