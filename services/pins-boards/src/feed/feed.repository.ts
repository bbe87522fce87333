import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@pinhive/kit';
import type { Changed } from '../shared/changes';
import { firstPage, pageByBuckets, type BucketPageKey } from '../shared/bucket-pages';
import { listBucketKey, type ListNumbers } from '../shared/list-numbers';
import { FEED_BUCKET_SIZE, FEED_ENTRIES_COLLECTION, feedList, readerBoardKey, type FeedEntryDoc } from './feed.model';

/** Whether a failed unordered insert failed only on entries that were there already. */
function onlyDuplicates(err: unknown): boolean {
  const writeErrors = (err as { writeErrors?: unknown }).writeErrors;
  const errors = Array.isArray(writeErrors) ? (writeErrors as unknown[]) : writeErrors ? [writeErrors] : [];
  if (errors.length === 0) return isDuplicateKey(err);
  return errors.every((e) => isDuplicateKey(e) || isDuplicateKey({ message: (e as { errmsg?: unknown }).errmsg }));
}

/** Readers' home feeds: one entry per reader and pin (feed.model.ts). */
export class FeedRepository {
  /** `changed(readerId)` after each write to a reader's entries: their kept pages go (feed-pages.ts). */
  constructor(
    private readonly conn: Connection,
    private readonly numbers: ListNumbers,
    private readonly changed: Changed = async () => undefined,
  ) {}

  /** Marks readers' feeds changed (a clean-up that deleted by board stamps the board's followers). */
  async readersChanged(readerIds: Iterable<string>): Promise<void> {
    await Promise.all([...new Set(readerIds)].map((id) => this.changed(id)));
  }

  private entries() {
    return this.conn.collection<FeedEntryDoc>(FEED_ENTRIES_COLLECTION);
  }

  /** The reader's next feed number (from a block: a busy reader costs one `$inc` per several entries). */
  nextNumber(readerId: string): Promise<number> {
    return this.numbers.next(feedList(readerId));
  }

  /** The reader's next `k` feed numbers, ascending: one `$inc` for a batch of saves. */
  nextNumbers(readerId: string, k: number): Promise<number[]> {
    return this.numbers.nextMany(feedList(readerId), k);
  }

  /**
   * Adds entries in one command. Unordered, so an entry that is there already (a redelivered
   * save, a fan-out that stopped half way and runs again) is passed over and the rest go in.
   */
  async add(entries: FeedEntryDoc[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      await this.entries().insertMany(entries, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err)) throw err;
    }
    await this.readersChanged(entries.map((e) => e.readerId));
  }

  /**
   * One page of a reader's feed, newest first: the first page starts at the reader's newest
   * number (one read of their counter), each bucket is one read by equality.
   */
  async page(readerId: string, start: BucketPageKey | undefined, limit: number): Promise<{ entries: FeedEntryDoc[]; next: BucketPageKey | undefined }> {
    const from = start ?? firstPage(await this.numbers.head(feedList(readerId)), FEED_BUCKET_SIZE);
    const read = (bucket: number) => this.entries().find({ bucket: listBucketKey(readerId, bucket * FEED_BUCKET_SIZE, FEED_BUCKET_SIZE) }).toArray();
    const { items, next } = await pageByBuckets(read, (e) => e.n, FEED_BUCKET_SIZE, from, limit);
    return { entries: items, next };
  }

  /** A board the reader unfollowed leaves their feed. */
  async removeReaderBoard(readerId: string, boardId: string): Promise<number> {
    const { deletedCount } = await this.entries().deleteMany({ readerBoard: readerBoardKey(readerId, boardId) });
    await this.changed(readerId);
    return deletedCount;
  }

  /**
   * A deleted pin, or one moved where not everyone may see it, leaves every feed. Its readers
   * are read first (as many as the board had followers at the save, FANOUT_MAX_FOLLOWERS at
   * most) to stamp their pages; a reader whose entry came in between is stamped by that insert.
   */
  async removePin(pinId: string): Promise<number> {
    const readers = await this.entries().find({ pinId }, { projection: { readerId: 1 } }).toArray();
    const { deletedCount } = await this.entries().deleteMany({ pinId });
    await this.readersChanged(readers.map((r) => r.readerId));
    return deletedCount;
  }

  /**
   * A board made secret (or deleted) takes its pins out of every feed. Its entries are too many
   * to read for their readers: the caller stamps the board's followers (feed.fanout.ts).
   */
  async removeBoard(boardId: string): Promise<number> {
    return (await this.entries().deleteMany({ boardId })).deletedCount;
  }
}
