import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';

export interface ReadAheadOptions<V> {
  /** Reads one key's value from the store. */
  read: (key: string) => Promise<V>;
  /** The longest a kept value is used: older, a request waits for a read. */
  ttlMs: number;
  /**
   * A value read again in the background once it is `ttlMs` less a margin drawn between these
   * old, the request going on with the kept one: a key asked for at least every `min` ms never
   * waits for the store, and keys first read together do not come due together.
   */
  refreshMarginMs: { min: number; max: number };
  /** Keys kept at most. */
  max: number;
  /** Whether a value read is kept (default: all); one not kept is read again at the next `get` (a person not known yet). */
  keep?: (value: V) => boolean;
  /** Says what a failed background read was about. */
  name: string;
  logger: Pick<Logger, 'warn'>;
  /** Monotonic milliseconds (performance.now by default; tests pass their own). */
  clock?: () => number;
}

interface Kept<V> {
  value: V;
  readAt: number;
  refreshAt: number;
}

/**
 * Values read by key and kept in memory a while, read again ahead of their expiry: per-viewer
 * facts that serving needs on every request (ads' targeting facts, pins-boards' for the home
 * feed's promoted pins). One read per key at a time (concurrent requests share it).
 *
 * Why read ahead: ads' benchmark once had a p99 of 1.5 s from 300 viewers' facts expiring in the
 * same second, every request of theirs then queued behind the store
 * (docs/decisions/ad-serving.md).
 */
export class ReadAheadCache<V> {
  private readonly kept: LRUCache<string, Kept<V>>;
  private readonly reading = new Map<string, Promise<V>>();
  private readonly clock: () => number;

  constructor(private readonly opts: ReadAheadOptions<V>) {
    this.kept = new LRUCache<string, Kept<V>>({ max: opts.max });
    this.clock = opts.clock ?? (() => performance.now());
  }

  private readNow(key: string): Promise<V> {
    let pending = this.reading.get(key);
    if (!pending) {
      const startedAt = this.clock();
      const { min, max } = this.opts.refreshMarginMs;
      pending = this.opts.read(key).then((value) => {
        const margin = min + Math.random() * (max - min);
        if (this.opts.keep?.(value) ?? true) this.kept.set(key, { value, readAt: startedAt, refreshAt: startedAt + this.opts.ttlMs - margin });
        else this.kept.delete(key);
        return value;
      }).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  /** The key's value: a kept one under `ttlMs` old (read again in the background when due), else one read. */
  async get(key: string): Promise<V> {
    const kept = this.kept.get(key);
    const now = this.clock();
    if (kept && now - kept.readAt < this.opts.ttlMs) {
      if (now >= kept.refreshAt && !this.reading.has(key)) {
        this.readNow(key).catch((err: unknown) => this.opts.logger.warn({ err, key }, `${this.opts.name}: reading again failed; the kept value is used until it expires`));
      }
      return kept.value;
    }
    return this.readNow(key);
  }
}
