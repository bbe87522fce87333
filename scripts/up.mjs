// npm run up: installs what is missing, builds, starts everything, waits until healthy.
// Modules that need npm packages are imported only after `ensureDependencies` (fresh clone).
import { ensureDependencies } from './deps.mjs';

const t0 = Date.now();
try {
  ensureDependencies();
  const { buildServices, buildWeb } = await import('./build.mjs');
  const { startStack } = await import('./stack.mjs');
  await buildServices();
  buildWeb();
  const p = await startStack('dev');
  console.log(`\nPinhive is up in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${p.baseUrl}  (logs in ${p.runDir}/logs, stop with \`npm run down\`)`);
} catch (err) {
  console.error(`\nnpm run up failed: ${err.message}`);
  process.exit(1);
}
