import mongoose from 'mongoose';
import { loadExperiencesConfig } from './config';
import { ExperienceDefinitions } from './experiences/experience.definitions';
import { EXPERIENCES_USAGE, experiencesCommand } from './experiences/experience-command';

/**
 * The experiences service's operator commands (scripts/admin.mjs runs them for `experiences ...`),
 * in their own process against the service's store, beside the running service.
 */
export async function adminCommand(argv: string[], env: Record<string, string | undefined>, print: (line: string) => void): Promise<void> {
  const [area, ...rest] = argv;
  if (area !== 'experiences') throw new Error(EXPERIENCES_USAGE);
  const config = loadExperiencesConfig(env);
  const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    for (const line of await experiencesCommand(new ExperienceDefinitions(mongo), rest)) print(line);
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
