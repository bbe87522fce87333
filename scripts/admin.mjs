// npm run admin -- <command>: the auth service's operator command (log-in blocks and
// deactivation) against the dev stack's database. `npm run admin` alone prints the commands.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies({ log: () => undefined });
const { buildServices } = await import('./build.mjs');
const { serviceEnv, stackProfile } = await import('./stack.mjs');
await buildServices({ log: () => undefined });
const profile = stackProfile(process.env.PINHIVE_PROFILE || 'dev');
try {
  execFileSync(process.execPath, [path.join(root, 'services/auth/dist/admin.js'), ...process.argv.slice(2)], {
    stdio: 'inherit', env: { ...serviceEnv(profile, 'auth'), LOG_LEVEL: 'warn' },
  });
} catch {
  process.exit(1);
}
