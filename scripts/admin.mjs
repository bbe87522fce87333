// npm run admin -- <command>: the operator commands against the dev stack's databases:
// `search ...`, `feed ...`, `offsite ...` and `images ...` are pins-boards' (the search index, the home feeds, the outbound links' list, the pictures' hashes),
// `experiences ...` and `experiments ...` the experiences service's (experiences at placements; the
// experiments' allocations), anything else auth's (log-in blocks and deactivation). `npm run admin`
// alone prints auth's commands, `npm run admin -- search`, `-- feed`, `-- offsite`, `-- images`, `-- experiences`
// or `-- experiments` the others'.
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
const AREAS = { search: 'pins-boards', feed: 'pins-boards', offsite: 'pins-boards', images: 'pins-boards', experiences: 'experiences', experiments: 'experiences' };
const service = AREAS[process.argv[2] ?? ''] ?? 'auth';
try {
  execFileSync(process.execPath, [path.join(root, `services/${service}/dist/admin.js`), ...process.argv.slice(2)], {
    stdio: 'inherit', env: { ...serviceEnv(profile, service), LOG_LEVEL: 'warn' },
  });
} catch {
  process.exit(1);
}
