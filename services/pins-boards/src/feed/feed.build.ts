import { mapLimit } from '@pinhive/kit';
import type { BoardRepository } from '../boards/board.repository';
import type { BoardFollowRepository } from '../follows/board-follow.repository';
import { PIN_BUCKET_SIZE } from '../pins/pin.model';
import type { PinRepository } from '../pins/pin.repository';
import { FEED_MAX_ENTRIES, FEED_PINS_PER_BOARD, type FeedCard } from './feed.model';
import { cardOfPin } from './feed.presenter';
import { inFeeds } from './feed.rules';
import type { FeedStore } from './feed.store';

/** Boards read at once while a feed is rebuilt (the store's pool is small). */
const AT_ONCE = 8;

export interface FeedBuildDeps {
  store: FeedStore;
  follows: BoardFollowRepository;
  boards: BoardRepository;
  pins: PinRepository;
}

/**
 * Feeds made from the store: a reader's whole feed when it is missing (never built, idle past
 * FEED_IDLE_SECONDS, Redis wiped), and a board's newest pins when the reader follows it. The
 * same rule both ways: a feed holds the newest FEED_PINS_PER_BOARD pins of each public board
 * followed (not the reader's own), then whatever the boards save while followed, the newest
 * FEED_MAX_ENTRIES of all that.
 */
export class FeedBuilder {
  /** Rebuilds in flight in this process: concurrent first reads of one feed share one. */
  private readonly building = new Map<string, Promise<void>>();

  constructor(private readonly deps: FeedBuildDeps) {}

  /** The newest pins of a public board as cards (none for a secret, protected or deleted board). */
  async newestOf(boardId: string): Promise<FeedCard[]> {
    const board = await this.deps.boards.findById(boardId);
    if (!inFeeds(board)) return [];
    const top = await this.deps.boards.topPinNumber(board);
    const start = { bucket: Math.floor(top / PIN_BUCKET_SIZE), before: Number.MAX_SAFE_INTEGER };
    const { pins } = await this.deps.pins.page('boardBucket', board._id, start, FEED_PINS_PER_BOARD);
    return pins.slice(0, FEED_PINS_PER_BOARD).map((pin) => cardOfPin(pin, board));
  }

  /** Builds the reader's feed from the boards they follow (once per process at a time). */
  rebuild(readerId: string): Promise<void> {
    let running = this.building.get(readerId);
    if (!running) {
      running = this.build(readerId).finally(() => this.building.delete(readerId));
      this.building.set(readerId, running);
    }
    return running;
  }

  private async build(readerId: string): Promise<void> {
    // Marked first: a save fanned out from now on is added by its fan-out, one before is in the store.
    await this.deps.store.startBuilding(readerId);
    const boardIds = await this.deps.follows.followedBoards(readerId);
    const cards = (await mapLimit(boardIds, AT_ONCE, (id) => this.newestOf(id))).flat().filter((c) => c.pin.pinner.id !== readerId);
    cards.sort((a, b) => b.savedAt - a.savedAt);
    await this.deps.store.add([{ readerId, cards: cards.slice(0, FEED_MAX_ENTRIES) }]);
  }

  /**
   * A board the reader just followed brings its newest pins into their feed (a feed not built
   * yet reads them when it is). A follow undone meanwhile takes them out again.
   */
  async followed(readerId: string, boardId: string): Promise<number> {
    if (!(await this.deps.store.exists(readerId))) return 0;
    const cards = (await this.newestOf(boardId)).filter((c) => c.pin.pinner.id !== readerId);
    const added = await this.deps.store.add([{ readerId, cards }]);
    if (added > 0 && !(await this.deps.follows.isFollowing(readerId, boardId))) await this.deps.store.removeBoard(readerId, boardId);
    return added;
  }
}
