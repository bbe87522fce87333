import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { connectPostgres, createLogger, ensureDatabase, mongoDatabaseOf } from '@pinhive/kit';
import { BoardRepository } from './boards/board.repository';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from './config';
import { FeedBuilder } from './feed/feed.build';
import { feedKeys } from './feed/feed.model';
import { FeedStore } from './feed/feed.store';
import { BoardFollowRepository } from './follows/board-follow.repository';
import { PinRepository } from './pins/pin.repository';
import { ListNumbers } from './shared/list-numbers';
import { PgReindexCheckpoint } from './search/pg/pg-reindex-checkpoint';
import { PgSearchIndex, SEARCH_SESSION } from './search/pg/pg-search.index';
import { prepareSearchSchema, truncateSearchIndex } from './search/pg/schema';
import { reindexSearch } from './search/reindex';
import { Advisories } from './search/advisories';
import { ADVISORY_USAGE, advisoryCommand } from './search/advisory-command';
import { OffsiteBlocks } from './offsite/offsite-blocks.repository';
import { OFFSITE_USAGE, offsiteCommand } from './offsite/offsite-command';
import { ImageRepository } from './images/image.repository';
import { createBlobStore } from './images/image.store';
import { backfillPictureHashes } from './images/phash-backfill';

const USAGE = `usage: npm run admin -- search <command>
  search reindex             rebuild the search index from the pins store, going on from where a stopped run ended
  search reindex --restart   start over from the first document (the index keeps what it has meanwhile)
  search reindex --fresh     empty the index first (search finds nothing until the run is through)
  search status              the last run's progress
${ADVISORY_USAGE}
usage: npm run admin -- feed <command>
  feed rebuild               drop every home feed: each is built again from the store when next read
  feed rebuild <user id>     build one person's home feed again from the store now
${OFFSITE_USAGE}
usage: npm run admin -- images <command>
  images phash               compute the picture hash of images stored before it was computed at save (docs/decisions/picture-similarity.md)`;

/** `images phash`: the backfill of picture hashes (images/phash-backfill.ts), against the store and the image files. */
async function imagesCommand(config: PinsBoardsConfig, flags: string[], print: (line: string) => void): Promise<void> {
  if (flags.length > 0) throw new Error(USAGE);
  const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    const started = Date.now();
    const counts = await backfillPictureHashes({ repo: new ImageRepository(mongo), store: createBlobStore(config), progress: print });
    print(`picture hashes in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.hashed} computed, ${counts.had} there already, ${counts.failed} failed`);
  } finally {
    await mongo.close();
  }
}

/** `feed rebuild [<user id>]`: home feeds are derived data (feed/feed.model.ts), built again from follows, boards and pins. */
async function feedCommand(config: PinsBoardsConfig, flags: string[], print: (line: string) => void): Promise<void> {
  if (flags.length > 1 || flags.some((f) => f.startsWith('-'))) throw new Error(USAGE);
  const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const store = new FeedStore(redis, feedKeys(mongoDatabaseOf(config.MONGO_URL)));
    const [readerId] = flags;
    if (!readerId) {
      print(`${await store.dropAll()} home feeds dropped: each is built again from the store when its reader next opens it`);
      return;
    }
    const started = Date.now();
    const boards = new BoardRepository(mongo, async () => undefined);
    const builder = new FeedBuilder({ store, follows: new BoardFollowRepository(mongo, new ListNumbers(mongo), () => undefined), boards, pins: new PinRepository(mongo, async () => undefined, async () => undefined) });
    await store.drop(readerId);
    await builder.rebuild(readerId);
    print(`home feed of ${readerId} built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${(await redis.zcard(store.keys.feed(readerId))) - 1} pins`);
  } finally {
    redis.disconnect();
    await mongo.close();
  }
}

/**
 * pins-boards' operator commands (scripts/admin.mjs runs them for `search ...`, `feed ...`, `offsite ...` and `images ...`),
 * in their own process against the service's store, search database and Redis, beside the
 * running service.
 */
export async function adminCommand(argv: string[], env: Record<string, string | undefined>, print: (line: string) => void): Promise<void> {
  const [area, command, ...flags] = argv;
  if (area === 'feed' && command === 'rebuild') return feedCommand(loadPinsBoardsConfig(env), flags, print);
  if (area === 'images' && command === 'phash') return imagesCommand(loadPinsBoardsConfig(env), flags, print);
  if (area === 'offsite') {
    const config = loadPinsBoardsConfig(env);
    const mongo = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
    try {
      for (const line of await offsiteCommand(new OffsiteBlocks(mongo), argv.slice(1))) print(line);
    } finally {
      await mongo.close();
    }
    return;
  }
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
