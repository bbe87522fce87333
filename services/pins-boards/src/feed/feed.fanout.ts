import type { PinSavedV1 } from '@pinhive/contracts';
import type { Logger, ReadCache } from '@pinhive/kit';
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

/** Store commands of one kind a fan-out keeps in flight at once (the store's pool is small). */
const AT_ONCE = 16;
/** Entries per `insertMany`, and about how many a fan-out numbers at once (a batch of saves onto big boards goes in pieces). */
const ENTRIES_PER_WRITE = 1_000;

export interface FanOutDeps {
  lists: ListNumbers;
  counts: FollowCountsRepository;
  follows: BoardFollowRepository;
  feed: FeedRepository;
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

/** A save's card from its event (the pin as saved, its time the event's): the pin itself is read once, after the entries are in (recheck). */
function cardOfEvent(save: PinSavedV1, card: NonNullable<PinSavedV1['card']>, board: BoardFacts): FeedCard {
  return {
    pinId: save.pinId, boardId: board._id, boardName: board.name, pinnerId: save.pinnerId, title: card.title, description: card.description, link: card.link,
    dominantColor: save.dominantColor, image236: card.image236, imageOrig: card.imageOrig, savedAt: new Date(card.savedAt),
  };
}

const isPublic = (board: Pick<BoardFacts, 'privacy' | 'deletedAt'> | null): boolean => board !== null && !board.deletedAt && board.privacy === 'public';

/**
 * Home feeds are written when a pin is saved (fan-out on write): for a save onto a public
 * board, one entry per follower. A reader's page is then one read of one bucket, however many
 * boards they follow.
 *
 * Saves come in batches (the kit hands the fan-out what one fetch of a partition brought, in
 * order): each board's followers are read once, each reader's numbers are reserved once for all
 * their entries of the batch (in the saves' order), and the entries go in one `insertMany` (per
 * ENTRIES_PER_WRITE), each reader's pages stamped once. A batch of one is a single save.
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
    // A pin's first save of the batch (a second event of one pin is a redelivery: its entries clash anyway).
    const seen = new Set<string>();
    const followed = saves.filter((s) => (followers.get(s.boardId)?.length ?? 0) > 0 && !seen.has(s.pinId) && seen.add(s.pinId));
    let entries = 0;
    // In groups of about ENTRIES_PER_WRITE entries, in the saves' order: a batch onto big boards never has all its entries in memory at once.
    let group: PinSavedV1[] = [];
    let size = 0;
    for (const save of followed) {
      group.push(save);
      size += followers.get(save.boardId)?.length ?? 0;
      if (size >= ENTRIES_PER_WRITE) {
        entries += await this.write(group, followers);
        group = [];
        size = 0;
      }
    }
    if (group.length > 0) entries += await this.write(group, followers);
    await mapLimit(followed, AT_ONCE, (save) => this.recheck(save));
    return { entries };
  }

  /** The entries of these saves (in their order): each reader's numbers in one reservation, then the inserts. */
  private async write(saves: readonly PinSavedV1[], followers: ReadonlyMap<string, readonly string[]>): Promise<number> {
    const cards = await mapLimit(saves, AT_ONCE, async (save) => {
      const board = await this.deps.facts(save.boardId);
      if (!board || !isPublic(board)) return undefined;
      const card = save.card ? cardOfEvent(save, save.card, board) : await this.cardOfPin(save, board);
      return card && { card, readers: feedReaders(followers.get(save.boardId) ?? [], card.pinnerId) };
    });
    const written = cards.filter((c): c is NonNullable<typeof c> => c !== undefined && c.readers.length > 0);
    const wanted = new Map<string, number>();
    for (const { readers } of written) for (const r of readers) wanted.set(r, (wanted.get(r) ?? 0) + 1);
    const numbers = new Map(await mapLimit([...wanted], AT_ONCE, async ([reader, k]) => [reader, await this.deps.feed.nextNumbers(reader, k)] as const));
    const next = (reader: string): number => {
      const n = numbers.get(reader)?.shift();
      if (n === undefined) throw new Error(`no feed number reserved for ${reader}`);
      return n;
    };
    const entries = written.flatMap(({ card, readers }) => readers.map((reader) => feedEntry(reader, next(reader), card)));
    for (let i = 0; i < entries.length; i += ENTRIES_PER_WRITE) await this.deps.feed.add(entries.slice(i, i + ENTRIES_PER_WRITE));
    return entries.length;
  }

  /** The card of a save whose event does not carry it (stored before it did): from the pin, when it is still on the board. */
  private async cardOfPin(save: PinSavedV1, board: BoardFacts): Promise<FeedCard | undefined> {
    const pin = await this.deps.pins.findById(save.pinId);
    if (!pin || pin.boardId !== save.boardId) return undefined;
    return {
      pinId: pin._id, boardId: board._id, boardName: board.name, pinnerId: pin.pinnerId, title: pin.title, description: pin.description, link: pin.link,
      dominantColor: pin.image.dominantColor, image236: pin.image['236x'], imageOrig: pin.image.orig, savedAt: pin.createdAt,
    };
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
