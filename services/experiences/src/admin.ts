import mongoose from 'mongoose';
import { loadExperiencesConfig } from './config';
import { ExperienceDefinitions } from './experiences/experience.definitions';
import { EXPERIENCES_USAGE, experiencesCommand } from './experiences/experience-command';
import { AllocationRepository } from './experiments/allocation.repository';
import { EXPERIMENTS_USAGE, experimentsCommand } from './experiments/experiment-command';

/**
 * The experiences service's operator commands (scripts/admin.mjs runs them for `experiences ...`
 * and `experiments ...`), in their own process against the service's store, beside the running
 * service: its instances notice an experiments change by its stamp (experiments/allocation.watcher.ts).
 */
export async function adminCommand(argv: string[], env: Record<string, string | undefined>, print: (line: string) => void): Promise<void> {
  const [area, ...rest] = argv;
  if (area !== 'experiences' && area !== 'experiments') throw new Error(`${EXPERIENCES_USAGE}\n${EXPERIMENTS_USAGE}`);
  // The experiments' usage needs no store.
  if (area === 'experiments' && rest.length === 0) throw new Error(EXPERIMENTS_USAGE);
  const config = loadExperiencesConfig(env);
  const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    const lines = area === 'experiments'
      ? await experimentsCommand(new AllocationRepository(mongo, config.EXPERIMENT_ALLOCATIONS), rest)
      : await experiencesCommand(new ExperienceDefinitions(mongo), rest);
    for (const line of lines) print(line);
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
