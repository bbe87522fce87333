import { listBucketKey } from '../shared/list-numbers';
import { FEED_BUCKET_SIZE, feedEntryId, readerBoardKey, type FeedCard, type FeedEntryDoc } from './feed.model';

/**
 * Boards with more followers than this are not fanned out: a save onto one would write that
 * many entries. Their readers would merge such boards' newest pins into their feed at read time
 * instead (docs/decisions/home-feed.md; not built: no board is that large yet).
 */
export const FANOUT_MAX_FOLLOWERS = 10_000;

/** Whether a save onto a board with this many followers is written into their feeds. */
export const fansOut = (followers: number): boolean => followers <= FANOUT_MAX_FOLLOWERS;

/** Who gets an entry: each follower once, not the pinner (their own saves are on their boards, not in their feed). */
export function feedReaders(followerIds: readonly string[], pinnerId: string): string[] {
  return [...new Set(followerIds)].filter((id) => id !== pinnerId);
}

/** A reader's entry of a save, numbered `n` in their feed. */
export function feedEntry(readerId: string, n: number, card: FeedCard): FeedEntryDoc {
  return {
    _id: feedEntryId(readerId, card.pinId),
    readerId,
    readerBoard: readerBoardKey(readerId, card.boardId),
    n,
    bucket: listBucketKey(readerId, n, FEED_BUCKET_SIZE),
    ...card,
  };
}
