import mongoose from 'mongoose';
import { connectPostgres, createLogger, ensureDatabase } from '@pinhive/kit';
import { loadPinsBoardsConfig } from './config';
import { PgReindexCheckpoint } from './search/pg/pg-reindex-checkpoint';
import { PgSearchIndex, SEARCH_SESSION } from './search/pg/pg-search.index';
import { prepareSearchSchema, truncateSearchIndex } from './search/pg/schema';
import { reindexSearch } from './search/reindex';
import { Advisories } from './search/advisories';
import { ADVISORY_USAGE, advisoryCommand } from './search/advisory-command';

const USAGE = `usage: npm run admin -- search <command>
  search reindex             rebuild the search index from the pins store, going on from where a stopped run ended
  search reindex --restart   start over from the first document (the index keeps what it has meanwhile)
  search reindex --fresh     empty the index first (search finds nothing until the run is through)
  search status              the last run's progress
${ADVISORY_USAGE}`;

/**
 * pins-boards' operator command (scripts/admin.mjs runs it for `search ...`), in its own process
 * against the service's store and search database, beside the running service.
 */
export async function adminCommand(argv: string[], env: Record<string, string | undefined>, print: (line: string) => void): Promise<void> {
  const [area, command, ...flags] = argv;
  if (area !== 'search' || (command !== 'reindex' && command !== 'status' && command !== 'advisories')) throw new Error(USAGE);
  const unknown = command === 'advisories' ? [] : flags.filter((f) => f !== '--restart' && f !== '--fresh');
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}\n${USAGE}`);
  const config = loadPinsBoardsConfig(env);
  const logger = createLogger('pins-boards-admin', 'warn');
  await ensureDatabase(config.SEARCH_DATABASE_URL);
  const pool = connectPostgres(config.SEARCH_DATABASE_URL, logger, 'pins-boards-admin', SEARCH_SESSION);
  try {
    await prepareSearchSchema(pool);
    if (command === 'advisories') {
      for (const line of await advisoryCommand(new Advisories(pool), flags)) print(line);
      return;
    }
    const checkpoint = new PgReindexCheckpoint(pool);
    if (command === 'status') {
      const { done, finished } = await checkpoint.load();
      print(`${finished ? 'finished' : 'not finished'}: people ${done.people}, boards ${done.boards}, pins ${done.pins}`);
      return;
    }
    if (flags.includes('--fresh')) await truncateSearchIndex(pool);
    const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
    try {
      const started = Date.now();
      const counts = await reindexSearch({ mongo, index: new PgSearchIndex(pool), checkpoint, restart: flags.includes('--restart') || flags.includes('--fresh'), progress: print });
      print(`search index rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.people} people, ${counts.boards} boards, ${counts.pins} pins`);
    } finally {
      await mongo.close();
    }
  } finally {
    await pool.end();
  }
}

if (require.main === module) {
  adminCommand(process.argv.slice(2), process.env, (line) => console.log(line)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
