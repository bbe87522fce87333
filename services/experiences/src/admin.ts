import mongoose from 'mongoose';
import { loadExperiencesConfig } from './config';
import { AllocationRepository } from './experiments/allocation.repository';
import { EXPERIMENTS_USAGE, experimentsCommand } from './experiments/experiment-command';

/**
 * experiences' operator commands (scripts/admin.mjs runs them for `experiments ...`), in their
 * own process against the service's store, beside the running service: its instances notice a
 * change by its stamp (experiments/allocation.watcher.ts).
 */
export async function adminCommand(argv: string[], env: Record<string, string | undefined>, print: (line: string) => void): Promise<void> {
  const [area, ...args] = argv;
  if (area !== 'experiments') throw new Error(EXPERIMENTS_USAGE);
  // The usage needs no store.
  if (args.length === 0) throw new Error(EXPERIMENTS_USAGE);
  const config = loadExperiencesConfig(env);
  const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    for (const line of await experimentsCommand(new AllocationRepository(mongo, config.EXPERIMENT_ALLOCATIONS), args)) print(line);
  } finally {
    await mongo.close();
  }
}

if (require.main === module) {
  adminCommand(process.argv.slice(2), process.env, (line) => console.log(line)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
