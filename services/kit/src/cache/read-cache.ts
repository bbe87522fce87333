import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';

export interface ReadCacheOptions<T> {
  /** Names the cache's stamps in Redis (`stamp:<name>:<subject>`) and its metric label. */
  name: string;
  /**
   * How long an answer is kept. Also the longest a change can go unseen when its writer could
   * not reach Redis (or died between its store write and `changed()`): see `changed()`.
   */
  ttlMs: number;
  /** The memory the kept answers may take, as measured by `size`. */
  maxBytes: number;
  /** An answer's size (in bytes, roughly): a string's length, a JSON length measured once. */
  size: (value: T) => number;
}

/** Stamps outlive any answer kept under them; an expired stamp is only a miss. */
const STAMP_SECONDS = 24 * 60 * 60;
const newStamp = (): string => randomBytes(9).toString('base64url');

interface Entry<T> {
  stamp: string;
  value: T;
}

type Outcomes = Metrics['readCache'];

/**
 * Answers of hot reads kept in process memory, each valid while the stamp of its subject (a
 * board, an owner's board list) in Redis is the one it was computed under. A write calls
 * `changed(subject)` after its store write: every instance's next read finds a new stamp and
 * reads the store again, so a change is seen everywhere at once (read-your-writes across
 * instances), without the instances talking to each other.
 *
 * Why a stamp read is enough: an answer is stored under the stamp read *before* its store read,
 * so an answer is never older than its stamp; a change completes with a new stamp.
 *
 * Redis is a speed-up here, not a dependency: while it is unreachable every read goes to the
 * store (`bypass`), and a `changed()` that failed is retried for `ttlMs`, after which any answer
 * it should have replaced has expired anyway. A random stamp (not a counter) cannot come back
 * after Redis lost its data and match an old answer.
 */
export class ReadCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;
  /** Computations in flight: concurrent misses of one answer share one store read. */
  private readonly computing = new Map<string, Promise<T>>();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly opts: ReadCacheOptions<T>,
    private readonly logger: Logger,
    private readonly outcomes?: Outcomes,
  ) {
    this.entries = new LRUCache<string, Entry<T>>({ maxSize: opts.maxBytes, sizeCalculation: (e) => Math.max(1, opts.size(e.value)), ttl: opts.ttlMs });
  }

  private stampKey(subject: string): string {
    return `stamp:${this.opts.name}:${subject}`;
  }

  /**
   * The answer `compute` gives for `subject` (and `variant`: the options that change the
   * answer), from memory when nothing changed the subject since it was computed. `keep` says
   * whether an answer is kept at all (a search that found nothing yet is not: what it looks for
   * may be there a moment later, with no change marked).
   */
  async read(subject: string, variant: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const stamp = await this.currentStamp(subject);
    if (stamp === undefined) {
      this.outcomes?.inc({ cache: this.opts.name, outcome: 'bypass' });
      return compute();
    }
    const key = `${subject}\n${variant}`;
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp) {
      this.outcomes?.inc({ cache: this.opts.name, outcome: 'hit' });
      return kept.value;
    }
    this.outcomes?.inc({ cache: this.opts.name, outcome: 'miss' });
    const flight = `${key}\n${stamp}`;
    let pending = this.computing.get(flight);
    if (!pending) {
      pending = compute()
        .then((value) => {
          if (keep(value)) this.entries.set(key, { stamp, value });
          return value;
        })
        .finally(() => this.computing.delete(flight));
      this.computing.set(flight, pending);
    }
    return pending;
  }

  /** The subject's stamp (made when there is none), or undefined when Redis cannot say. */
  private async currentStamp(subject: string): Promise<string | undefined> {
    if (!this.redis || this.redis.status !== 'ready') return undefined;
    const key = this.stampKey(subject);
    try {
      const stamp = await this.redis.get(key);
      if (stamp) return stamp;
      const fresh = newStamp();
      // NX: two readers making the first stamp at once agree on one.
      if ((await this.redis.set(key, fresh, 'EX', STAMP_SECONDS, 'NX')) === 'OK') return fresh;
      return (await this.redis.get(key)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Call after a store write that changes what `subject`'s answers hold: every instance's kept
   * answers for it are stale from now on. Never throws (the write is done and must be answered);
   * a failure is retried in the background for `ttlMs`.
   */
  async changed(...subjects: string[]): Promise<void> {
    if (!this.redis || subjects.length === 0) return;
    if (await this.restamp(subjects)) return;
    this.retryRestamp(subjects, Date.now() + this.opts.ttlMs);
  }

  private async restamp(subjects: string[]): Promise<boolean> {
    if (!this.redis) return true;
    try {
      const multi = this.redis.multi();
      for (const s of subjects) multi.set(this.stampKey(s), newStamp(), 'EX', STAMP_SECONDS);
      await multi.exec();
      return true;
    } catch {
      return false;
    }
  }

  private retryRestamp(subjects: string[], until: number, delayMs = 200): void {
    if (Date.now() >= until) {
      this.logger.warn({ cache: this.opts.name, subjects }, 'read cache: could not mark a change in Redis; answers kept elsewhere expire on their own');
      return;
    }
    const timer = setTimeout(() => {
      void this.restamp(subjects).then((ok) => {
        if (!ok) this.retryRestamp(subjects, until, Math.min(delayMs * 2, 2000));
      });
    }, delayMs);
    timer.unref();
  }
}
