import type { PinSavedV1 } from '@pinhive/contracts';
import type { Logger } from '@pinhive/kit';
import type { BoardFacts } from '../boards/board.model';
import type { BoardFollowRepository } from '../follows/board-follow.repository';
import type { FollowCountsRepository } from '../follows/follow-counts.repository';
import { boardFollowersList, FOLLOW_BUCKET_SIZE } from '../follows/follow.model';
import type { PinRepository } from '../pins/pin.repository';
import type { ListNumbers } from '../shared/list-numbers';
import { mapLimit } from '../shared/map-limit';
import type { FeedCard } from './feed.model';
import type { FeedRepository } from './feed.repository';
import { fansOut, feedEntry, feedReaders } from './feed.rules';

/** Feed numbers reserved at once: a bucket of followers is up to FOLLOW_BUCKET_SIZE readers, each with a counter of their own. */
const NUMBERS_AT_ONCE = 16;

export interface FanOutDeps {
  lists: ListNumbers;
  counts: FollowCountsRepository;
  follows: BoardFollowRepository;
  feed: FeedRepository;
  pins: PinRepository;
  /** A board's facts from the read cache (BoardService.factsOf). */
  facts: (boardId: string) => Promise<BoardFacts | null>;
  logger: Logger;
}

const isPublic = (board: Pick<BoardFacts, 'privacy' | 'deletedAt'> | null): boolean => board !== null && !board.deletedAt && board.privacy === 'public';

/**
 * Home feeds are written when a pin is saved (fan-out on write): for a save onto a public
 * board, one entry per follower, a bucket of followers at a time, each bucket one `insertMany`.
 * A reader's page is then one read of one bucket, however many boards they follow.
 */
export class FeedFanOut {
  constructor(private readonly deps: FanOutDeps) {}

  async saved(save: PinSavedV1): Promise<{ entries: number }> {
    // The one read a save onto a board nobody ever followed costs: its follower list's counter.
    const head = await this.deps.lists.head(boardFollowersList(save.boardId));
    if (head === 0) return { entries: 0 };
    // The counter is at least the followers (unfollows leave numbers behind): counted only when it could be over the cap.
    if (!fansOut(head)) {
      const { followers } = await this.deps.counts.board(save.boardId);
      if (!fansOut(followers)) {
        this.deps.logger.info({ boardId: save.boardId, followers }, 'save not fanned out: the board has more followers than a fan-out writes');
        return { entries: 0 };
      }
    }
    const [board, pin] = await Promise.all([this.deps.facts(save.boardId), this.deps.pins.findById(save.pinId)]);
    if (!board || !isPublic(board) || !pin || pin.boardId !== save.boardId) return { entries: 0 };
    const card: FeedCard = {
      pinId: pin._id, boardId: board._id, boardName: board.name, pinnerId: pin.pinnerId, title: pin.title, description: pin.description, link: pin.link,
      dominantColor: pin.image.dominantColor, image236: pin.image['236x'], imageOrig: pin.image.orig, savedAt: pin.createdAt,
    };
    let entries = 0;
    for (let bucket = Math.floor(head / FOLLOW_BUCKET_SIZE); bucket >= 0; bucket--) {
      const follows = await this.deps.follows.followersInBucket(save.boardId, bucket);
      const readers = feedReaders(follows.map((f) => f.followerId), pin.pinnerId);
      if (readers.length === 0) continue;
      const numbered = await mapLimit(readers, NUMBERS_AT_ONCE, async (reader) => feedEntry(reader, await this.deps.feed.nextNumber(reader), card));
      await this.deps.feed.add(numbered);
      entries += numbered.length;
    }
    await this.recheck(save);
    return { entries };
  }

  /**
   * A change that raced this fan-out (the pin deleted or moved, the board made secret or
   * deleted) may have cleaned the feeds before these entries went in; its clean-up runs after
   * its store write, so reading the store again now sees it, and the entries go again here.
   */
  private async recheck(save: PinSavedV1): Promise<void> {
    // The board's facts are stamped by its privacy change and its deletion: the cache answers as the store does.
    const [board, pin] = await Promise.all([this.deps.facts(save.boardId), this.deps.pins.findById(save.pinId)]);
    if (isPublic(board) && pin && pin.boardId === save.boardId) return;
    await this.deps.feed.removePin(save.pinId);
  }

  /** Stamps the pages of everyone following a board (its entries were deleted by board), a bucket of followers at a time. */
  async followersChanged(boardId: string): Promise<void> {
    const head = await this.deps.lists.head(boardFollowersList(boardId));
    for (let bucket = Math.floor(head / FOLLOW_BUCKET_SIZE); bucket >= 0; bucket--) {
      const follows = await this.deps.follows.followersInBucket(boardId, bucket);
      await this.deps.feed.readersChanged(follows.map((f) => f.followerId));
    }
  }
}
