import type { Logger } from '@pinhive/kit';
import { PerKey } from '../shared/per-key';
import type { BoardListEntry, BoardListRepository } from './board-list.repository';
import type { BoardDoc } from './board.model';
import type { BoardRepository } from './board.repository';

/** How long an owner's counted boards wait to be written into their list together. */
export const LIST_COUNTS_WINDOW_MS = 1_000;
/** Boards a sweep picks up at once (their owners' lists are each one write). */
const SWEEP_BATCH = 500;

/** What a count changes in the owner's list entry: read from the board itself when written. */
export const countedFields = (b: BoardDoc): Partial<BoardListEntry> => ({
  pinCount: Math.max(0, b.pinCount), lastSavedAt: b.lastSavedAt, coverImageUrl: b.coverImageUrl, coverColor: b.coverColor,
});

/**
 * A board's counters and cover reach its owner's list (the picker, the profile grid) within
 * LIST_COUNTS_WINDOW_MS of a counted save or deletion, written for all the owner's counted boards
 * at once. The list is one document of every board of the owner, and the store's cost of a write
 * grows with it: a patch per save of a 100-board owner cost ~14 ms of the store's time, the most
 * of any step of a save (docs/decisions/saving-pins.md, "List counts written behind").
 *
 * Nothing is lost to a crash: the count's own write marks the board `listPending`
 * (BoardRepository.applyCount), and the mark is cleared only when the list holds what the board
 * held at the read, by a write conditional on those values. A board still marked (its process
 * died within the window, or a newer count came in between) is found by the sweep.
 *
 * The write reads the owner's marked boards in one command (BoardRepository.pendingOf), not
 * each counted board by `_id`: the values are read when the list is written, so a move or a
 * cover cleared since the count is in them.
 */
export class ListCounts {
  /** Owners with counted boards whose list write is due. */
  private readonly pending = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** One flush of an owner at a time in this process. */
  private readonly perOwner = new PerKey();
  private closed = false;

  constructor(
    private readonly deps: { boards: BoardRepository; lists: BoardListRepository; logger: Logger },
    private readonly windowMs = LIST_COUNTS_WINDOW_MS,
  ) {}

  /** After a count on one of the owner's boards (marked `listPending` in the same write): their list follows. */
  schedule(ownerId: string): void {
    if (this.closed) return;
    this.pending.add(ownerId);
    if (this.timers.has(ownerId)) return;
    this.timers.set(ownerId, setTimeout(() => {
      this.timers.delete(ownerId);
      this.flush(ownerId).catch((err: unknown) => this.deps.logger.warn({ err, ownerId }, 'board list counts not written; the sweep writes them'));
    }, this.windowMs).unref());
  }

  /**
   * Writes the owner's marked boards into their list now: the ones counted here, and any other
   * still marked (counted by another process, or left by one that died).
   */
  flush(ownerId: string): Promise<void> {
    return this.perOwner.run(ownerId, async () => {
      if (!this.pending.delete(ownerId)) return;
      const boards = await this.deps.boards.pendingOf(ownerId);
      if (boards.length === 0) return;
      await this.deps.lists.patchMany(ownerId, boards.map((b) => ({ boardId: b._id, fields: countedFields(b) })));
      // The marks in one command for all of them (one per board before: a store command per counted save).
      await this.deps.boards.clearListPendingOf(ownerId, boards);
    });
  }

  /** Boards whose counts never reached their list (a process died first): scheduled again. */
  async sweep(): Promise<{ boards: number }> {
    const marked = await this.deps.boards.listPending(SWEEP_BATCH);
    for (const b of marked) {
      if (b.listPendingOwner === undefined) await this.deps.boards.nameListOwner(b);
      this.schedule(b.ownerId);
    }
    return { boards: marked.length };
  }

  /** Writes everything scheduled (a closing service; tests). */
  async drain(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.pending].map((owner) => this.flush(owner)));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
