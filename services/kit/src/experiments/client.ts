import type { ExperimentGroup, ExperimentName } from '@pinhive/contracts';
import type { Logger } from '../logger';
import { ALLOCATIONS_PATH, AllocationTable, allocationsSnapshotSchema, emptyAllocations, LONG_POLL_HOLD_MS, normalise, type ForcedGroups } from './allocations';

export interface ExperimentsClientOptions {
  /** The experiences service (`EXPERIENCES_URL`); without it every experiment answers control. */
  url: string | undefined;
  logger: Logger;
  /** First wait after a failed call; it doubles up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
}

const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5_000;
/** A held call that outlives experiences' hold by this much is given up (a dead connection). */
const CALL_SLACK_MS = 10_000;
/** An unchanged answer sooner than this waits as long before the next call. */
const QUICK_ANSWER_MS = 500;

/**
 * Every service's view of the experiments (docs/decisions/experiments.md): the allocation table
 * kept in memory, a viewer's group computed here (no call per request), the table refreshed by
 * a long-poll to experiences (`?after=<stamp>`, answered when the stamp changes), so a change
 * arrives within a second. While experiences is away it keeps its last table and tries again
 * with backoff; before its first answer, every experiment is control.
 */
export class ExperimentsClient {
  private table: AllocationTable | undefined;
  private current: { stamp: string; version: number } | undefined;
  private stopped = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly opts: ExperimentsClientOptions) {}

  /** The stamp and edit count of the table in use; undefined before experiences first answered. */
  get stamp(): { stamp: string; version: number } | undefined {
    return this.current;
  }

  /** The viewer's group (`subject`: the account id, or the visitor's browser id); control when unknown. */
  groupOf<N extends ExperimentName>(name: N, subject: string | undefined, forced: ForcedGroups = {}): ExperimentGroup<N> {
    return (this.table ?? EMPTY).groupOf(name, subject, forced);
  }

  /** Whether the viewer's group turns the experiment on (any group but control). */
  isOn(name: ExperimentName, subject: string | undefined, forced: ForcedGroups = {}): boolean {
    return this.groupOf(name, subject, forced) !== 'control';
  }

  /** Called after each new table (tests wait on it; nothing else needs it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (!this.opts.url || this.loop) return;
    this.loop = this.run(this.opts.url);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
  }

  private async run(base: string): Promise<void> {
    const { logger } = this.opts;
    let failures = 0;
    while (!this.stopped) {
      try {
        await this.call(base);
        if (failures > 0) logger.info({ failures }, 'experiments: experiences answers again');
        failures = 0;
      } catch (err) {
        if (this.stopped) return;
        failures += 1;
        // Once per outage, not per retry: the service goes on with its last table meanwhile.
        if (failures === 1) logger.warn({ err: (err as Error).message, stamp: this.current?.stamp ?? null }, 'experiments: experiences unreachable, keeping the last known allocations');
        const first = this.opts.firstBackoffMs ?? FIRST_BACKOFF_MS;
        const wait = Math.min(this.opts.maxBackoffMs ?? MAX_BACKOFF_MS, first * 2 ** (failures - 1));
        await this.pause(wait * (0.75 + Math.random() * 0.5));
      }
    }
  }

  /** One long-poll: answered at once when experiences has another stamp, else when it changes (or after its hold). */
  private async call(base: string): Promise<void> {
    const started = Date.now();
    const url = new URL(ALLOCATIONS_PATH, base);
    if (this.current) url.searchParams.set('after', this.current.stamp);
    const res = await fetch(url, { signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(LONG_POLL_HOLD_MS + CALL_SLACK_MS)]) });
    if (!res.ok) throw new Error(`experiences answered ${res.status}`);
    const body = (await res.json()) as { resource_response?: { data?: unknown } };
    const snapshot = allocationsSnapshotSchema.parse(body.resource_response?.data);
    if (snapshot.stamp === this.current?.stamp) {
      // Unchanged long before the hold ended (an instance shutting down answers at once): not a tight loop.
      if (Date.now() - started < QUICK_ANSWER_MS) await this.pause(QUICK_ANSWER_MS);
      return;
    }
    this.table = new AllocationTable(normalise(snapshot.experiments));
    const first = this.current === undefined;
    this.current = { stamp: snapshot.stamp, version: snapshot.version };
    this.opts.logger.info({ stamp: snapshot.stamp, version: snapshot.version }, first ? 'experiments: allocations loaded' : 'experiments: allocations changed');
    for (const listener of this.listeners) listener();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.abort.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.abort.signal.addEventListener('abort', done, { once: true });
    });
  }
}

const EMPTY = new AllocationTable(emptyAllocations());
