import { LRUCache } from 'lru-cache';
import type { Connection } from 'mongoose';
import type { Logger } from '../logger';
import { dayOf, DayPurge, runPeriodically, type PeriodicTask } from '../store/day-purge';
import type { IndexSpec } from '../store/indexes';
import { isDuplicateKey } from '../store/duplicate-key';
import { onceEver } from '../store/once';

const RECORDS = 'processed_events';
/** One document per UTC day that has records: the purge's list of what it may delete. */
const DAYS = 'processed_event_days';
const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;
/** Records this process wrote, answered from memory (well inside the retention). */
const MARKED_KEPT = 100_000;
const MARKED_KEPT_MS = 3_600_000;

type RecordDoc = { _id: string; eventId: string; handler: string; at: Date; day: string };

/** Whether a failed unordered insert failed only on documents that were there already. */
function onlyDuplicates(err: unknown): boolean {
  const writeErrors = (err as { writeErrors?: unknown }).writeErrors;
  const errors = Array.isArray(writeErrors) ? (writeErrors as unknown[]) : writeErrors ? [writeErrors] : [];
  if (errors.length === 0) return isDuplicateKey(err);
  return errors.every((e) => isDuplicateKey(e) || isDuplicateKey({ message: (e as { errmsg?: unknown }).errmsg }));
}

/**
 * Records of `(eventId, handler)` pairs already handled, so a redelivered event changes
 * nothing. `_id` is `handler:eventId`, which makes the record itself race-safe.
 *
 * Records expire after `retentionDays`. FerretDB has no TTL indexes and evaluates ranges itself
 * after reading every document, so each record carries its `day` (indexed, deleted by equality)
 * and the days in use are listed in `processed_event_days`; the purge (at start, then hourly)
 * deletes the days older than the retention. That is the kit's `DayPurge` (store/day-purge.ts),
 * which services use for their own expiring documents too.
 */
export class ProcessedEvents {
  /** The day key, the list of days and the purge (the kit's one way of expiring by day). */
  private readonly expiry: DayPurge;
  private purging: PeriodicTask | undefined;
  /** Indexes the purge needs, created at start with the service's own. */
  readonly indexes: IndexSpec[];
  /**
   * Pairs this process recorded lately: a record is never undone within the retention, so
   * `has` answers them without a store read (a counter ledger asks about each old key it trims).
   */
  private readonly marked = new LRUCache<string, number>({ max: MARKED_KEPT });

  constructor(private readonly conn: Connection, private readonly opts: { retentionDays: number; now?: () => Date }) {
    this.expiry = new DayPurge(conn, { collection: RECORDS, days: DAYS, field: 'day' });
    this.indexes = [this.expiry.index];
  }

  private records() {
    return this.conn.collection<RecordDoc>(RECORDS);
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  async has(eventId: string, handler: string): Promise<boolean> {
    const id = `${handler}:${eventId}`;
    const markedAt = this.marked.get(id);
    if (markedAt !== undefined && this.now().getTime() - markedAt < MARKED_KEPT_MS) return true;
    // A find by `_id`, not countDocuments: that is an aggregation, which FerretDB runs through its pipeline stages.
    return (await this.records().findOne({ _id: id }, { projection: { _id: 1 } })) !== null;
  }

  /** Records one event handled: an insert, like a batch's (cheaper for FerretDB than an upsert, which reads first). */
  async mark(eventId: string, handler: string): Promise<void> {
    await this.markMany([eventId], handler);
  }

  /** Records several events handled by one handler: one store command for all of them (a batch's). */
  async markMany(eventIds: readonly string[], handler: string): Promise<void> {
    if (eventIds.length === 0) return;
    const at = this.now();
    const day = dayOf(at);
    // The day is listed before its first record is written, so no record is out of the purge's reach.
    await this.expiry.list(day);
    const records = [...new Set(eventIds)].map((eventId) => ({ _id: `${handler}:${eventId}`, eventId, handler, at, day }));
    // One unordered insert (cheaper for the store than an upsert each): a record that is there
    // already (a redelivered batch) clashes and is passed over, the rest go in.
    try {
      await this.records().insertMany(records, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err)) throw err;
    }
    for (const { _id } of records) this.marked.set(_id, at.getTime());
  }

  /**
   * Deletes the records of every listed day older than the retention, then the day itself (so a
   * purge that stopped half way finishes next time). Returns how many records went.
   */
  async purge(): Promise<number> {
    // Records are written with today's day, so the days before the oldest kept one get no more.
    return this.expiry.purgeBefore(dayOf(new Date(this.now().getTime() - this.opts.retentionDays * DAY_MS)));
  }

  /** Purges now and every hour until `stopPurging()`; the timer never keeps the process alive. */
  startPurging(logger: Logger): void {
    this.purging ??= runPeriodically(this.conn, logger, 'purging processed events', { everyMs: PURGE_EVERY_MS }, () => this.purge());
  }

  stopPurging(): void {
    this.purging?.stop();
    this.purging = undefined;
  }

  /**
   * Records written before `day` existed, once ever: they get today's day, so they expire one
   * retention from now (their exact age does not matter, only that they stop growing for ever).
   * The old `{ eventId, handler }` unique index duplicated `_id`'s uniqueness and is dropped.
   */
  async carryOver(): Promise<void> {
    await onceEver(this.conn, 'processed-events-day', async () => {
      const day = dayOf(this.now());
      await this.expiry.assignMissing(day);
      const indexes = await this.records().indexes().catch(() => []); // no collection yet: nothing to drop
      if (indexes.some((i) => i.name === 'eventId_1_handler_1')) await this.records().dropIndex('eventId_1_handler_1');
    });
  }
}
