import type { Connection } from 'mongoose';
import type { BoardDoc } from '../boards/board.model';
import { BOARDS_COLLECTION } from '../boards/board.model';
import type { PinDoc } from '../pins/pin.model';
import { PINS_COLLECTION } from '../pins/pin.model';
import type { ProfileDoc } from '../profiles/profile.model';
import { PROFILES_COLLECTION } from '../profiles/profile.model';
import { fullName } from './search.handlers';
import type { IndexedPin, SearchIndex } from './search.index';

/**
 * `npm run admin -- search reindex`: the index rebuilt from the pins store (people, then boards,
 * then pins), while the service goes on handling events.
 *
 * - Each collection is read once, by one cursor in the store's own order, in batches: the store
 *   pushes down neither a sort nor a range, so paging by key would read the collection again for
 *   every page.
 * - Resumable: the count done per collection is kept in the index (`search_reindex`); a run that
 *   stopped goes on from there (the store skips that many, reading them once) unless restarted.
 * - What it writes is versioned by the time of its read, so an event of a change made after the
 *   read (handled before or after this write) wins, and one made before loses: the index ends at
 *   the store's state either way.
 */
export const REINDEX_PHASES = ['people', 'boards', 'pins'] as const;
export type ReindexPhase = (typeof REINDEX_PHASES)[number];

export interface ReindexCheckpoint {
  /** Documents done in each phase so far (0 for a phase not started); `finished` once all are. */
  load(): Promise<{ done: Record<ReindexPhase, number>; finished: boolean }>;
  save(phase: ReindexPhase, done: number): Promise<void>;
  finish(): Promise<void>;
  reset(): Promise<void>;
}

export interface ReindexOptions {
  mongo: Connection;
  index: SearchIndex;
  checkpoint: ReindexCheckpoint;
  /** Start over instead of going on from the checkpoint. */
  restart?: boolean;
  batchSize?: number;
  progress?: (line: string) => void;
}

export async function reindexSearch(opts: ReindexOptions): Promise<Record<ReindexPhase, number>> {
  const batchSize = opts.batchSize ?? 500;
  const progress = opts.progress ?? (() => undefined);
  if (opts.restart) await opts.checkpoint.reset();
  let state = await opts.checkpoint.load();
  if (state.finished) {
    await opts.checkpoint.reset();
    state = await opts.checkpoint.load();
  }
  const counts = { people: 0, boards: 0, pins: 0 };
  for (const phase of REINDEX_PHASES) {
    const collection = opts.mongo.collection({ people: PROFILES_COLLECTION, boards: BOARDS_COLLECTION, pins: PINS_COLLECTION }[phase]);
    const total = await collection.estimatedDocumentCount();
    let done = state.done[phase];
    if (done > 0) progress(`${phase}: going on after ${done}`);
    const cursor = collection.find({}, { batchSize, skip: done, projection: { pendingEvents: 0, counted: 0 } });
    let batch: unknown[] = [];
    const flush = async () => {
      const read = new Date();
      await WRITE[phase](opts.index, batch as never[], read);
      done += batch.length;
      counts[phase] += batch.length;
      batch = [];
      await opts.checkpoint.save(phase, done);
      progress(`${phase}: ${done}/${Math.max(done, total)} (${total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100}%)`);
    };
    for await (const doc of cursor) {
      batch.push(doc);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
    if (done === 0) progress(`${phase}: none`);
  }
  await opts.checkpoint.finish();
  return counts;
}

/** At most this many index writes at once (the pool's size). */
const PARALLEL = 8;

async function inParallel<T>(items: readonly T[], write: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(write));
}

const WRITE: { [P in ReindexPhase]: (index: SearchIndex, docs: never[], at: Date) => Promise<void> } = {
  people: (index, docs: ProfileDoc[], at) =>
    inParallel(docs, async (p) => {
      await index.savePerson({ userId: p._id, username: p.username, fullName: fullName(p), at });
      await index.setDeactivated(p._id, Boolean(p.deactivatedAt), at);
    }),
  boards: (index, docs: BoardDoc[], at) =>
    inParallel(docs, async (b) => {
      if (b.deletedAt) return index.deleteBoard(b._id, at);
      await index.saveBoard({ boardId: b._id, ownerId: b.ownerId, name: b.name, slug: b.slug, description: b.description, privacy: b.privacy, at });
      for (const member of b.collaboratorIds ?? []) await index.setMember(b._id, member, true, at);
    }),
  pins: async (index, docs: PinDoc[], at) => {
    const live = docs.filter((p) => !p.deletedAt);
    await inParallel(docs.filter((p) => p.deletedAt), (p) => index.deletePin(p._id, at));
    await index.savePins(live.map((p): IndexedPin => ({
      pinId: p._id, boardId: p.boardId, pinnerId: p.pinnerId, title: p.title, description: p.description, link: p.link,
      dominantColor: p.image.dominantColor, image236: p.image['236x'], imageOrig: p.image.orig, createdAt: p.createdAt, at,
    })));
  },
};
