import { AllocationTable, type AllocationsSnapshot, type Logger } from '@pinhive/kit';
import type { AllocationRepository, StampedAllocations } from './allocation.repository';

/** How often each instance reads the stored stamp: a change reaches the services within this and their held call. */
export const STAMP_CHECK_MS = 500;

export interface CurrentAllocations {
  stamped: StampedAllocations;
  table: AllocationTable;
  snapshot: AllocationsSnapshot;
}

interface Waiter {
  after: string | undefined;
  resolve: (current: CurrentAllocations | undefined) => void;
}

/**
 * Each experiences instance's copy of the allocations: it reads the stored stamp every
 * STAMP_CHECK_MS (one read by `_id`), loads the whole table when the stamp moved, and answers
 * the services' held calls (`next`) at that moment. While the store is away it keeps its copy.
 */
export class AllocationWatcher {
  private latest: CurrentAllocations | undefined;
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;

  constructor(private readonly repo: AllocationRepository, private readonly logger: Logger, private readonly everyMs = STAMP_CHECK_MS) {}

  /** The allocations in use; undefined until the store first answered. */
  get current(): CurrentAllocations | undefined {
    return this.latest;
  }

  start(): void {
    const tick = async () => {
      await this.check();
      if (!this.stopped) this.timer = setTimeout(() => void tick(), this.everyMs);
    };
    void tick();
  }

  /** Answers every held call (with what there is), and holds no more. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const waiter of this.waiters) waiter.resolve(this.latest);
    this.waiters.clear();
  }

  /**
   * The allocations once their stamp is not `after`: at once when it already differs, else
   * when it changes, else after `holdMs` (as they are). Undefined when the store never answered.
   */
  next(after: string | undefined, holdMs: number, gone: AbortSignal): Promise<CurrentAllocations | undefined> {
    if (this.stopped || (this.latest && this.latest.stamped.stamp !== after)) return Promise.resolve(this.latest);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        after,
        resolve: (current) => {
          clearTimeout(timer);
          gone.removeEventListener('abort', drop);
          this.waiters.delete(waiter);
          resolve(current);
        },
      };
      const drop = () => waiter.resolve(this.latest);
      const timer = setTimeout(drop, holdMs);
      gone.addEventListener('abort', drop, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** One check of the stamp; the whole table only when it moved. */
  async check(): Promise<void> {
    try {
      const stamp = await this.repo.stamp();
      if (stamp !== this.latest?.stamped.stamp) {
        const stamped = await this.repo.load();
        this.latest = {
          stamped,
          table: new AllocationTable(stamped.allocations),
          snapshot: { stamp: stamped.stamp, version: stamped.version, experiments: stamped.allocations as AllocationsSnapshot['experiments'] },
        };
        this.logger.info({ stamp: stamped.stamp, version: stamped.version, stored: stamped.stored }, 'experiments: allocations loaded');
        for (const waiter of [...this.waiters]) if (waiter.after !== stamped.stamp) waiter.resolve(this.latest);
      }
      if (this.failing) this.logger.info('experiments: the store answers again');
      this.failing = false;
    } catch (err) {
      // Once per outage: the instance answers from its last copy meanwhile.
      if (!this.failing) this.logger.warn({ err }, 'experiments: cannot read the allocations, keeping the last ones');
      this.failing = true;
    }
  }
}
