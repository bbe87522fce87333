import fs from 'node:fs';
import path from 'node:path';
import { startServer, stopServer, type Part } from './servers';

const root = path.resolve(__dirname, '../..');

/**
 * Fault drills (docs/decisions/fault-drills.md) run twice over: at small scale as serial
 * integration tests in `npm test`, and at full size by `npm run drill -- <name>`
 * (scripts/drill.mjs sets PINHIVE_DRILL=full), which also records their figures.
 */
export const fullDrill = process.env.PINHIVE_DRILL === 'full';

/** The small-scale value in `npm test`, the full-size one under `npm run drill`. */
export const drillSize = <T>(small: T, full: T): T => (fullDrill ? full : small);

/**
 * Prints a drill's figures and, at full size, writes them to load-tests/results/drill-<name>.json
 * (beside the benchmarks' results: the measured behaviour under a fault, kept in the repository).
 */
export function recordDrill(name: string, figures: Record<string, unknown>): void {
  console.log(`drill ${name}: ${JSON.stringify(figures)}`);
  if (!fullDrill) return;
  const file = path.join(root, 'load-tests', 'results', `drill-${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ drill: name, at: new Date().toISOString(), ...figures }, null, 2)}\n`);
}

/** Stops a server for the length of `during`, and starts it again even when `during` fails. */
export async function whileStopped<T>(part: Part, during: () => Promise<T>): Promise<T> {
  stopServer(part);
  try {
    return await during();
  } finally {
    startServer(part);
  }
}

/** Milliseconds `fn` took, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - t0), value };
}
