import { mapLimit } from '@pinhive/kit';
import type { PinSavedV1 } from '@pinhive/contracts';
import type { Logger, ReadCache } from '@pinhive/kit';
import type { BoardFacts } from '../boards/board.model';
import type { BoardFollowRepository } from '../follows/board-follow.repository';
import type { FollowCountsRepository } from '../follows/follow-counts.repository';
import { boardFollowersList, FOLLOW_BUCKET_SIZE } from '../follows/follow.model';
import type { PinRepository } from '../pins/pin.repository';
import type { ListNumbers } from '../shared/list-numbers';
import type { FeedCard } from './feed.model';
import { cardOfPin, cardOfSave } from './feed.presenter';
import type { FeedStore, ReaderEntries } from './feed.store';
import { fansOut, feedReaders, inFeeds } from './feed.rules';

/** Store commands of one kind a fan-out keeps in flight at once (the store's pool is small). */
const AT_ONCE = 16;
/** Entries per Redis round trip (a batch of saves onto big boards goes in pieces). */
const ENTRIES_PER_WRITE = 1_000;

export interface FanOutDeps {
  lists: ListNumbers;
  counts: FollowCountsRepository;
  follows: BoardFollowRepository;
  feed: FeedStore;
  pins: PinRepository;
  /** A board's facts from the read cache (BoardService.factsOf). */
  facts: (boardId: string) => Promise<BoardFacts | null>;
  logger: Logger;
  /**
   * Boards' follower lists kept in memory (kit ReadCache `board-followers`, stamped by every
   * follow write: BoardFollowRepository's `changed`): a save onto a followed board then reads
   * one Redis stamp instead of the list's counter and its buckets.
   */
  followers?: Pick<ReadCache<string[]>, 'read'>;
}

/**
 * Home feeds are written when a pin is saved (fan-out on write): for a save onto a public
 * board, its card (once) and an entry in each follower's feed (feed.store.ts), in one Redis
 * round trip for what one fetch of a partition brought. Each board's followers are read once per
 * batch (from memory, kit ReadCache). Nothing is read back: a clean-up that raced the fan-out
 * wins either way (a tombstoned card or a hidden board is never written again). A batch of one
 * is a single save.
 */
export class FeedFanOut {
  constructor(private readonly deps: FanOutDeps) {}

  saved(save: PinSavedV1): Promise<{ entries: number }> {
    return this.savedMany([save]);
  }

  /**
   * The followers a save onto this board goes to (bucket by bucket, newest first), or none: a
   * board nobody ever followed costs one read by `_id` (its follower list's counter, absent
   * until the first follow), one over FANOUT_MAX_FOLLOWERS is not fanned out.
   */
  private followersOf(boardId: string): Promise<string[]> {
    return this.deps.followers ? this.deps.followers.read(boardId, 'fan-out', () => this.readFollowers(boardId)) : this.readFollowers(boardId);
  }

  private async readFollowers(boardId: string): Promise<string[]> {
    const head = await this.deps.lists.head(boardFollowersList(boardId));
    if (head === 0) return [];
    // The counter is at least the followers (unfollows leave numbers behind): counted only when it could be over the cap.
    if (!fansOut(head)) {
      const { followers } = await this.deps.counts.board(boardId);
      if (!fansOut(followers)) {
        this.deps.logger.info({ boardId, followers }, 'save not fanned out: the board has more followers than a fan-out writes');
        return [];
      }
    }
    const followers: string[] = [];
    for (let bucket = Math.floor(head / FOLLOW_BUCKET_SIZE); bucket >= 0; bucket--) {
      for (const f of await this.deps.follows.followersInBucket(boardId, bucket)) followers.push(f.followerId);
    }
    return followers;
  }

  async savedMany(saves: readonly PinSavedV1[]): Promise<{ entries: number }> {
    const boardIds = [...new Set(saves.map((s) => s.boardId))];
    const followers = new Map(await mapLimit(boardIds, AT_ONCE, async (id) => [id, await this.followersOf(id)] as const));
    // A pin's first save of the batch (a second event of one pin is a redelivery: its entries are there).
    const seen = new Set<string>();
    const followed = saves.filter((s) => (followers.get(s.boardId)?.length ?? 0) > 0 && !seen.has(s.pinId) && seen.add(s.pinId));
    const cards = await mapLimit(followed, AT_ONCE, async (save) => {
      const board = await this.deps.facts(save.boardId);
      if (!inFeeds(board)) return undefined;
      const card = save.card ? cardOfSave(save, save.card, board) : await this.cardOfPin(save, board);
      return card && { card, readers: feedReaders(followers.get(save.boardId) ?? [], save.pinnerId) };
    });
    // Each reader's entries of the batch together, in groups of about ENTRIES_PER_WRITE entries.
    let entries = 0;
    let group = new Map<string, FeedCard[]>();
    let size = 0;
    const write = async () => {
      const readers: ReaderEntries[] = [...group].map(([readerId, own]) => ({ readerId, cards: own }));
      entries += await this.deps.feed.add(readers);
      group = new Map();
      size = 0;
    };
    for (const item of cards) {
      if (!item) continue;
      for (const reader of item.readers) {
        const own = group.get(reader);
        if (own) own.push(item.card);
        else group.set(reader, [item.card]);
      }
      size += item.readers.length;
      if (size >= ENTRIES_PER_WRITE) await write();
    }
    if (size > 0) await write();
    return { entries };
  }

  /** The card of a save whose event does not carry it (stored before it did): from the pin, when it is still on the board. */
  private async cardOfPin(save: PinSavedV1, board: BoardFacts): Promise<FeedCard | undefined> {
    const pin = await this.deps.pins.findById(save.pinId);
    return pin && pin.boardId === save.boardId ? cardOfPin(pin, board) : undefined;
  }
}
