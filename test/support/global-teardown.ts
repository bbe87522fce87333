import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { dockerCommand } from './containers';

/** Stops what global-setup started (servers started by `npm test` are its to stop). */
export default function globalTeardown(): void {
  if (process.env.PINHIVE_TEST_SERVERS === 'external' || process.env.PINHIVE_TEST_KEEP === '1') return;
  const containers = process.env.PINHIVE_TEST_CONTAINERS;
  if (containers) {
    for (const id of Object.values(JSON.parse(containers) as Record<string, string>)) dockerCommand('rm', id);
    return;
  }
  execFileSync(process.execPath, ['infra/native/infra.mjs', 'down', '--profile', 'test'], { cwd: path.resolve(__dirname, '../..'), stdio: 'inherit' });
}
