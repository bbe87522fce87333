import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import { isDuplicateKey, docWithEvents, updateWithEvents } from '@pinhive/kit';
import { settledWithMoves } from '../moves/move.repository';
import type { Changed } from '../shared/changes';
import { LIST_NUMBERS_COLLECTION } from '../shared/list-numbers';
import { NumberBlocks } from '../shared/number-blocks';
import { BOARDS_COLLECTION, boardPinsCounter, COUNTED_KEYS_KEPT, COUNTED_KEYS_TRIMMED_TOGETHER, savedKeyTime, type BoardDoc } from './board.model';

// FerretDB v1 takes no projection in findAndModify: those answers carry the whole document.

/** Whether the event a ledger key stands for is recorded handled (processed_events): a redelivery is then skipped without the key. */
export type Settled = (key: string) => Promise<boolean>;

/**
 * The ledger's keys beyond the newest COUNTED_KEYS_KEPT that may go, once
 * COUNTED_KEYS_TRIMMED_TOGETHER of them are there (none before): settled ones only. A key
 * applied by a process that died before its event was recorded handled stays, however many
 * changes follow: Kafka redelivers that event after any number of others (other partitions'
 * backlog first), and the key is then all that stops a second count. (FerretDB ignores $slice
 * in $push; its $pullAll removes exact values, which is what is needed here.)
 */
export async function trimmable(counted: readonly string[], settled: Settled = async () => true): Promise<string[]> {
  if (counted.length < COUNTED_KEYS_KEPT + COUNTED_KEYS_TRIMMED_TOGETHER) return [];
  const old = counted.slice(0, counted.length - COUNTED_KEYS_KEPT);
  const ok = await Promise.all(old.map((k) => settled(k)));
  return old.filter((_, i) => ok[i]);
}

/** The cover a counted save leaves on a board without a custom one. */
export interface CoverChange {
  pinId: string;
  imageUrl: string;
  color: string;
}

/** A count's mark for the owner's list write (list-counts.ts), naming the owner when the caller knows them (else the sweep names them). */
export interface ListMark {
  ownerId: string | undefined;
}
const listMark = ({ ownerId }: ListMark) => ({ listPending: true, ...(ownerId ? { listPendingOwner: ownerId } : {}) });

/** What a counted change sets beside the count (applyCount, applyCounts), and how it is guarded. */
export interface CountOptions {
  cover?: CoverChange;
  savedAt?: Date;
  settled?: Settled;
  listPending?: ListMark;
  /**
   * The earliest time (ms) of the saves counted: the write then also needs the board's
   * `savedKeysTo` before it, so no key of these saves can have left the ledger, and a board
   * without one (counted before it was kept) is not matched. Without it only the keys guard.
   */
  savedAfter?: number;
  /** Keys the same changes had in an older form (a save's key before it carried its time): guarded against too, never pushed. */
  alsoKeys?: readonly string[];
}

/**
 * How far past the clock a board counted before `savedKeysTo` was kept gets it, and a trimmed
 * save key without its time moves it: every such key is of a save that occurred before now, by
 * the clock of the process that made it (allowing for the processes' clocks to differ by this).
 */
export const SAVED_KEYS_CLOCK_MARGIN_MS = 60_000;

/**
 * Where `savedKeysTo` goes once `trimmed` leave the ledger of `board` (undefined: it stays): past
 * the newest trimmed save, or, on a board that has none yet, past every save made so far.
 */
export function savedKeysToAfter(board: Pick<BoardDoc, 'savedKeysTo'>, trimmed: readonly string[], now = Date.now()): number | undefined {
  let to: number | undefined = board.savedKeysTo === undefined ? now + SAVED_KEYS_CLOCK_MARGIN_MS : undefined;
  for (const key of trimmed) {
    if (!key.startsWith('saved:')) continue;
    const at = savedKeyTime(key) ?? now + SAVED_KEYS_CLOCK_MARGIN_MS;
    if (to === undefined || at > to) to = at;
  }
  return to !== undefined && (board.savedKeysTo === undefined || to > board.savedKeysTo) ? to : undefined;
}

export class BoardRepository {
  /**
   * `changed(boardId)` after a write to the board's facts (name, slug, privacy, members,
   * deletion: what a board page shows of it and who may read and save into it): its cached
   * pages and facts go. Counters, covers and `pinSeq` are in neither.
   */
  constructor(
    private readonly conn: Connection,
    private readonly changed: Changed,
  ) {}

  private boards() {
    return this.conn.collection<BoardDoc>(BOARDS_COLLECTION);
  }

  /**
   * Stores a new board with its events. Its slug must be free for the owner: on a clash the
   * next candidate (`slug-2`, `slug-3`...) is tried, so two boards named alike both get a page.
   */
  /** Stores a new board under the first free slug; `events` are built for the board as stored (its slug). */
  async create(board: BoardDoc, events: (stored: BoardDoc) => EventEnvelope[]): Promise<BoardDoc> {
    for (let n = 1; ; n++) {
      const slug = n === 1 ? board.slug : `${board.slug}-${n}`;
      const doc = { ...board, slug, ownerSlug: `${board.ownerId}:${slug}` };
      try {
        await this.boards().insertOne(docWithEvents(doc, events(doc)));
        return doc;
      } catch (err) {
        if (!isDuplicateKey(err) || n >= 50) throw err;
      }
    }
  }

  async findById(id: string): Promise<BoardDoc | null> {
    return this.boards().findOne({ _id: id }, { projection: { counted: 0, pendingEvents: 0 } });
  }

  async findByOwnerSlug(ownerId: string, slug: string): Promise<BoardDoc | null> {
    return this.boards().findOne({ ownerSlug: `${ownerId}:${slug}` }, { projection: { counted: 0, pendingEvents: 0 } });
  }

  /**
   * Changes a board's own fields; answers the board after the change (null when gone). `member`
   * adds or removes one collaborator in the same write, as an array change (two people accepting
   * at once must not overwrite each other's `$set`), guarded so that its event is stored once: the
   * answer is null too when they were already in (add) or already out (remove).
   */
  async update(
    id: string,
    set: Partial<Pick<BoardDoc, 'name' | 'description' | 'privacy' | 'archivedAt' | 'deletedAt'>>,
    events: EventEnvelope[] = [],
    member?: { add: string } | { remove: string },
  ): Promise<BoardDoc | null> {
    const filter = !member ? { _id: id } : 'add' in member ? { _id: id, collaboratorIds: { $ne: member.add } } : { _id: id, collaboratorIds: member.remove };
    const change = {
      ...(Object.keys(set).length > 0 ? { $set: set } : {}),
      ...(member && 'add' in member ? { $addToSet: { collaboratorIds: member.add } } : {}),
      ...(member && 'remove' in member ? { $pull: { collaboratorIds: member.remove } } : {}),
    };
    const update = events.length > 0 ? updateWithEvents(change, events) : change;
    const updated = await this.boards().findOneAndUpdate(filter, update, { returnDocument: 'after' });
    await this.changed(id);
    return updated;
  }

  /** The next pin number of a board (a pin's place in the board's buckets), from a block reserved in the store. */
  async nextPinSeq(id: string): Promise<number> {
    return this.pinNumbers.next(id);
  }

  private readonly pinNumbers = new NumberBlocks((id, n) => this.reservePins(id, n, 'saving into it'));

  private numbers() {
    return this.conn.collection<{ _id: string; n: number }>(LIST_NUMBERS_COLLECTION);
  }

  /**
   * Adds `n` to the board's pin counter and answers its new value (the last number reserved).
   * The counter is a small document of its own (`list_numbers`, `board-pins:<id>`), not the
   * board's `pinSeq`: a reservation then reads and writes ~100 bytes instead of the whole board
   * with its ledger, and a save never waits on the board's counts. A board numbered its pins in
   * `pinSeq` before (and every board until its first save): its counter starts there.
   */
  private async reservePins(id: string, n: number, doing: string): Promise<number> {
    const key = boardPinsCounter(id);
    for (let attempt = 0; ; attempt++) {
      const counter = await this.numbers().findOneAndUpdate({ _id: key }, { $inc: { n } }, { returnDocument: 'after' });
      if (counter) return counter.n;
      const board = await this.boards().findOne({ _id: id }, { projection: { pinSeq: 1 } });
      if (!board) throw new Error(`board ${id} vanished while ${doing}`);
      try {
        await this.numbers().insertOne({ _id: key, n: board.pinSeq + n });
        return board.pinSeq + n;
      } catch (err) {
        // Two first reservations at once: the other made the counter; ours is an $inc again.
        if (!isDuplicateKey(err) || attempt >= 2) throw err;
      }
    }
  }

  /**
   * The highest pin number given on a board so far (where its newest bucket is): its counter,
   * or `pinSeq` for a board whose pins were numbered there (or never saved onto).
   */
  async topPinNumber(board: Pick<BoardDoc, '_id' | 'pinSeq'>): Promise<number> {
    const counter = await this.numbers().findOne({ _id: boardPinsCounter(board._id) });
    return Math.max(counter?.n ?? 0, board.pinSeq);
  }

  /**
   * Applies one counter change once: the key (`saved:<pinId>@<event>`, or a move's batch
   * `move:<moveId>:<batch>` with that batch's net change) is recorded in the same
   * single-document write, and a board that already has it is not matched, so a redelivered
   * event or a resumed batch changes nothing. Answers the board after the change, or null when it
   * was applied before (or the board is gone). Keys leave the ledger only once settled (`trimmable`;
   * a move's key once its batch's progress is recorded: moves/move.repository.ts).
   */
  async applyCount(id: string, key: string, delta: number, opts: CountOptions = {}): Promise<BoardDoc | null> {
    return this.countOnce(id, { $nin: [key, ...(opts.alsoKeys ?? [])] }, key, delta, opts);
  }

  /**
   * Several changes of one direction at once (a batch of saves onto the board): applied only
   * when none of `keys` was applied before, all in one write. Answers `undefined` when the write
   * matched nothing (one of them counted already, one older than `savedKeysTo` with
   * `savedAfter`, or no such board): the caller then applies them one at a time (`applyCount`),
   * each guarded by its own key.
   */
  async applyCounts(id: string, keys: readonly string[], delta: number, opts: CountOptions = {}): Promise<BoardDoc | undefined> {
    // `$nin` beside the `_id` equality: FerretDB reads the one document by `_id` and checks the ledger itself.
    return (await this.countOnce(id, { $nin: [...keys, ...(opts.alsoKeys ?? [])] }, keys.length === 1 ? keys[0]! : { $each: [...keys] }, delta * keys.length, opts)) ?? undefined;
  }

  /**
   * The guarded count both apply: `pinCount` changed by `delta` and `pushed` recorded in the
   * ledger, on the board only if `guard` says none of its keys is there yet; then the settled
   * keys trimmed. Answers the board after the change, or null when the guard matched nothing.
   */
  private async countOnce(id: string, guard: { $nin: string[] }, pushed: string | { $each: string[] }, delta: number, opts: CountOptions): Promise<BoardDoc | null> {
    const set: Record<string, unknown> = {};
    if (opts.savedAt) set.lastSavedAt = opts.savedAt;
    // The owner's list is written behind (list-counts.ts): marked in the count's own write, so a crash loses nothing.
    if (opts.listPending) Object.assign(set, listMark(opts.listPending));
    // The cover in the same write: one command per counted save, not two.
    if (opts.cover) Object.assign(set, { coverPinId: opts.cover.pinId, coverImageUrl: opts.cover.imageUrl, coverColor: opts.cover.color });
    const updated = await this.boards().findOneAndUpdate(
      { _id: id, counted: guard, ...(opts.savedAfter !== undefined ? { savedKeysTo: { $lt: opts.savedAfter } } : {}) },
      { $inc: { pinCount: delta }, $push: { counted: pushed }, ...(Object.keys(set).length > 0 ? { $set: set } : {}) },
      { returnDocument: 'after' },
    );
    if (!updated) return null;
    const trim = await trimmable(updated.counted, settledWithMoves(this.conn, opts.settled));
    // Saves' keys that leave the ledger move `savedKeysTo` past them, in the trim's own write
    // (`$max`: a slower writer never moves it back); a board without one gets it with its next count.
    const savedKeysTo = savedKeysToAfter(updated, trim);
    if (trim.length > 0 || savedKeysTo !== undefined) {
      await this.boards().updateOne({ _id: id }, { ...(trim.length > 0 ? { $pullAll: { counted: trim } } : {}), ...(savedKeysTo !== undefined ? { $max: { savedKeysTo } } : {}) });
    }
    return updated;
  }

  /**
   * Reserves `n` pin numbers at once (a move's pins, one `$inc` for the whole move); answers the
   * first. The store's counter is then past them, as NumberBlocks needs: blocks handed out before
   * or after stay apart.
   */
  async reservePinNumbers(id: string, n: number): Promise<number> {
    return (await this.reservePins(id, n, 'moving pins into it')) - n + 1;
  }

  /**
   * The marks of an owner's boards whose list entries now hold what `seen` held, in one command
   * (a list write's boards): each mark goes only where the board still holds what was read (a
   * count since keeps it, for the next write of the list). The owner's key is the one
   * condition FerretDB pushes down (PostgreSQL reads the owner's marked boards alone); the
   * boards' own conditions, under `$or`, FerretDB checks itself on those. Answers how many went.
   */
  async clearListPendingOf(ownerId: string, seen: readonly Pick<BoardDoc, '_id' | 'pinCount' | 'lastSavedAt' | 'coverPinId'>[]): Promise<number> {
    if (seen.length === 0) return 0;
    const res = await this.boards().updateMany(
      { listPendingOwner: ownerId, $or: seen.map((b) => ({ _id: b._id, listPending: true, pinCount: b.pinCount, lastSavedAt: b.lastSavedAt, coverPinId: b.coverPinId })) },
      { $unset: { listPending: '', listPendingOwner: '' } },
    );
    return res.modifiedCount;
  }

  /**
   * An owner's boards whose counts are not yet in their list, as they are now (list-counts.ts:
   * one read per owner's list write, not one per board): by `listPendingOwner`, so at most the
   * owner's own marked boards are read.
   */
  async pendingOf(ownerId: string): Promise<BoardDoc[]> {
    return this.boards().find({ listPendingOwner: ownerId }, { projection: { counted: 0, pendingEvents: 0 } }).toArray();
  }

  /** Boards whose counts are not yet in their owner's list (by the indexed mark; a bounded batch). */
  async listPending(limit: number): Promise<Pick<BoardDoc, '_id' | 'ownerId' | 'listPendingOwner'>[]> {
    return this.boards().find({ listPending: true }, { projection: { _id: 1, ownerId: 1, listPendingOwner: 1 } }).limit(limit).toArray();
  }

  /** A board marked before marks named their owner gets the owner's key (the sweep), so its owner's list write finds it. */
  async nameListOwner(board: Pick<BoardDoc, '_id' | 'ownerId'>): Promise<void> {
    await this.boards().updateOne({ _id: board._id, listPending: true }, { $set: { listPendingOwner: board.ownerId } });
  }

  /** Clears the cover when it was this pin (the next save sets a new one). */
  async clearCoverIf(id: string, pinId: string): Promise<void> {
    await this.boards().updateOne({ _id: id, coverPinId: pinId }, { $set: { coverPinId: null, coverImageUrl: null, coverColor: null } });
  }

  /** Sets the section count, exact as counted by the caller. */
  async setSectionCount(id: string, count: number): Promise<void> {
    await this.boards().updateOne({ _id: id }, { $set: { sectionCount: count } });
  }
}
