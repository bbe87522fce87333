import { LRUCache } from 'lru-cache';

/** The most numbers one reservation takes, and how long its numbers may be handed out. */
export const NUMBER_BLOCK_MAX = 16;
export const NUMBER_BLOCK_FRESH_MS = 2_000;

interface Block {
  next: number;
  last: number;
  /** Handed out until then: numbers are a board's order of saves, across instances too. */
  until: number;
  /** The size of the next reservation. */
  size: number;
}

/**
 * Numbers of a counter in the store (a board's pins, a list's items) handed out from blocks
 * reserved by one `$inc` each, instead of one store write per number. A block grows (doubling, at most
 * NUMBER_BLOCK_MAX) while its numbers are used up within NUMBER_BLOCK_FRESH_MS and goes back to
 * one number when they are not: a board saved to now and then reserves its numbers one by one
 * as before; a busy one, one write per 16 saves. Numbers left in a block that went stale are
 * skipped (a gap: a bucket of that board holds fewer pins), and so are a stopped process's: the
 * store's counter is never behind a number handed out. Two instances' numbers of one board
 * interleave within the freshness window at most.
 */
export class NumberBlocks {
  private readonly blocks = new LRUCache<string, Block>({ max: 10_000 });
  /** Reservations in flight: concurrent saves of one board wait for one. */
  private readonly reserving = new Map<string, Promise<void>>();

  /** `reserve(id, n)` adds n to the counter and answers its new value (the block's last number). */
  constructor(
    private readonly reserve: (id: string, n: number) => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {}

  async next(id: string): Promise<number> {
    for (;;) {
      const block = this.blocks.get(id);
      if (block && block.next <= block.last && this.now() < block.until) return block.next++;
      let pending = this.reserving.get(id);
      if (!pending) {
        const size = this.sizeAfter(block);
        pending = this.reserve(id, size)
          .then((last) => {
            this.blocks.set(id, { next: last - size + 1, last, until: this.now() + NUMBER_BLOCK_FRESH_MS, size });
          })
          .finally(() => this.reserving.delete(id));
        this.reserving.set(id, pending);
      }
      await pending;
    }
  }

  /**
   * `k` numbers at once, ascending: what is left of a fresh block first, the rest in one `$inc`
   * (a batch of saves fanned out to one reader: one write for all its entries, however many).
   * While the counter is busy (its block still fresh) that `$inc` also reserves a spare block
   * for the next batches (at least as many as this one needed, growing as next() grows its
   * blocks, at most NUMBER_BLOCK_MAX): a reader fed by every fetch costs a reservation every few
   * batches, not one each (takes of one counter at once wait for one reservation, as next()'s
   * do). A quiet counter reserves exactly `k`.
   */
  async take(id: string, k: number): Promise<number[]> {
    if (k <= 1) return k === 1 ? [await this.next(id)] : [];
    const out: number[] = [];
    for (;;) {
      const block = this.blocks.get(id);
      const fresh = block !== undefined && this.now() < block.until;
      if (fresh) while (out.length < k && block.next <= block.last) out.push(block.next++);
      if (out.length === k) return out;
      // Another take (a batch of another partition) or next() is reserving: its spare may do.
      const inFlight = this.reserving.get(id);
      if (inFlight) {
        await inFlight;
        continue;
      }
      const need = k - out.length;
      const spare = fresh ? Math.min(NUMBER_BLOCK_MAX, Math.max(this.sizeAfter(block), need)) : 0;
      let mine: number[] = [];
      const pending = this.reserve(id, need + spare)
        .then((last) => {
          mine = Array.from({ length: need }, (_, i) => last - spare - need + 1 + i);
          // Empty when quiet: it only says the counter was used now (a take within the window grows).
          this.blocks.set(id, { next: last - spare + 1, last, until: this.now() + NUMBER_BLOCK_FRESH_MS, size: Math.max(spare, 1) });
        })
        .finally(() => this.reserving.delete(id));
      this.reserving.set(id, pending);
      await pending;
      return [...out, ...mine];
    }
  }

  /** Double after a block used up while fresh, back to one after a block that went stale. */
  private sizeAfter(block: Block | undefined): number {
    if (!block || this.now() >= block.until) return 1;
    return Math.min(block.size * 2, NUMBER_BLOCK_MAX);
  }
}
