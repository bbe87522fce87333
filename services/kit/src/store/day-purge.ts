import type { Connection } from 'mongoose';
import type { Logger } from '../logger';
import type { IndexSpec } from './indexes';

const DAY_MS = 86_400_000;
/** Days this process listed that it remembers; beyond it the memory starts again (one extra write). */
const REMEMBERED_DAYS = 100;

/** The UTC calendar day of a moment, `YYYY-MM-DD`: documents are kept and purged by day. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day `days` whole days after a moment (its purge day, for a retention of `days`). */
export function dayAfter(at: Date, days: number): string {
  return dayOf(new Date(at.getTime() + days * DAY_MS));
}

/**
 * Documents deleted by a day key. FerretDB has no TTL indexes and evaluates date ranges itself
 * after reading every document, so each document carries a UTC day (`YYYY-MM-DD`) in `field`
 * (indexed; deleted by equality, which FerretDB pushes down), and the days in use are listed in
 * the `days` collection (one small document per day, `_id` = the day). `purgeBefore(cutoff)`
 * deletes the documents of each listed day before `cutoff`, then the day.
 *
 * Writers call `list(day)` before writing a document with that day, so no document is out of the
 * purge's reach, and only write days the purge cannot be taking (not before its cutoff): then a
 * day that left the list never gets documents again.
 */
export class DayPurge {
  /** Days this process listed (listing costs one write per day, not one per document). */
  private listed = new Set<string>();
  /** The index the purge's `{ [field]: day }` is served from. */
  readonly index: IndexSpec;

  constructor(private readonly conn: Connection, private readonly opts: { collection: string; days: string; field: string }) {
    this.index = { collection: opts.collection, key: { [opts.field]: 1 } };
  }

  private days() {
    return this.conn.collection<{ _id: string; listedAt: Date }>(this.opts.days);
  }

  /** Lists `day` (idempotent); call it before writing a document that carries it. */
  async list(day: string): Promise<void> {
    if (this.listed.has(day)) return;
    await this.days().updateOne({ _id: day }, { $setOnInsert: { listedAt: new Date() } }, { upsert: true });
    if (this.listed.size >= REMEMBERED_DAYS) this.listed.clear();
    this.listed.add(day);
  }

  /**
   * The day `days` after `end`, listed: what a document that stops mattering at `end` carries
   * (its expiry plus the retention). Listed before the caller writes it.
   */
  async listedDayAfter(end: Date, days: number): Promise<string> {
    const day = dayAfter(end, days);
    await this.list(day);
    return day;
  }

  /**
   * Gives `day` to every document without a day key (written before it existed), so the purge
   * reaches them. A scan of the whole collection: run it once, inside `onceEver()`.
   */
  async assignMissing(day: string): Promise<void> {
    await this.list(day);
    await this.conn.collection(this.opts.collection).updateMany({ [this.opts.field]: { $exists: false } }, { $set: { [this.opts.field]: day } });
  }

  /**
   * Deletes the documents of every listed day before `cutoff` (`YYYY-MM-DD`), then the day itself
   * (so a purge that stopped half way finishes next time). `onlyIf` narrows what may go (e.g.
   * nothing left to publish); a day that still has documents stays listed for the next purge.
   * Returns how many documents went.
   */
  async purgeBefore(cutoff: string, onlyIf: Record<string, unknown> = {}): Promise<number> {
    const records = this.conn.collection(this.opts.collection);
    // One small document per day in use (the retention's worth): reading all of them is bounded.
    const days = await this.days().find({}).toArray();
    let deleted = 0;
    for (const { _id: day } of days.filter((d) => d._id < cutoff)) {
      const byDay = { [this.opts.field]: day };
      deleted += (await records.deleteMany({ ...byDay, ...onlyIf })).deletedCount;
      if ((await records.countDocuments(byDay, { limit: 1 })) > 0) continue;
      await this.days().deleteOne({ _id: day });
      this.listed.delete(day);
    }
    return deleted;
  }
}

/** A task started by `runPeriodically`. */
export interface PeriodicTask {
  stop(): void;
}

/**
 * Runs `task` once the store answers, then every `everyMs`; a failed run is retried after
 * `retryMs` (default: `everyMs`). Without `everyMs` it runs until the first run succeeds (start-up
 * work: indexes, carry-overs). It stops by itself when the connection is closed (the service
 * stopped), or with `stop()`; its timer never keeps the process alive. Housekeeping such as
 * purges, which several instances may run at once: the task must be idempotent.
 */
export function runPeriodically(
  conn: Connection,
  logger: Logger,
  what: string,
  opts: { everyMs?: number; retryMs?: number },
  task: () => Promise<unknown>,
): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(run, ms).unref();
  };
  const run = () => {
    conn.asPromise().then(task).then(
      (result) => {
        logger.debug({ result }, `${what} done`);
        if (opts.everyMs !== undefined) schedule(opts.everyMs);
      },
      (err: unknown) => {
        if (stopped) return; // it failed because the service closed its connection
        logger.warn({ err }, `${what} failed; retrying later`);
        schedule(opts.retryMs ?? opts.everyMs ?? 0);
      },
    );
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  conn.once('close', stop);
  run();
  return { stop };
}
