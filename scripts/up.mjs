// npm run up: installs what is missing, builds what changed, starts everything, waits until
// healthy, and says where the time went (docs/decisions/warm-start.md).
// Modules that need npm packages are imported only after `ensureDependencies` (fresh clone).
import { ensureDependencies } from './deps.mjs';

const t0 = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Each phase's wall time, in order. */
const phases = [];
async function phase(name, run) {
  const start = Date.now();
  const result = await run();
  phases.push(`${name} ${seconds(Date.now() - start)}`);
  return result;
}

try {
  await phase('npm packages', () => ensureDependencies());
  const { buildServices, buildWeb } = await import('./build.mjs');
  const { startStack } = await import('./stack.mjs');
  await phase('services build', () => buildServices());
  await phase('web build', () => buildWeb());
  // The stack's parts start side by side: each one's ready time from the start of the stack.
  const times = {};
  const p = await phase('stack start', () => startStack('dev', { times }));
  const parts = Object.entries(times).sort(([, a], [, b]) => a - b).map(([part, ms]) => `${part} ${seconds(ms)}`);
  console.log(`\n[up] phases: ${phases.join(', ')}`);
  console.log(`[up] stack start, ready after: ${parts.join(', ')}`);
  console.log(`\nPinhive is up in ${seconds(Date.now() - t0)}: ${p.baseUrl}  (logs in ${p.runDir}/logs, stop with \`npm run down\`)`);
} catch (err) {
  console.error(`\nnpm run up failed: ${err.message}`);
  process.exit(1);
}
