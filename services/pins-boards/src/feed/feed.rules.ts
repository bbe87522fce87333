import type { BoardFacts } from '../boards/board.model';

/**
 * Boards with more followers than this are not fanned out: a save onto one would write that
 * many entries. Their readers would merge such boards' newest pins into their feed at read time
 * instead (docs/decisions/home-feed.md; not built: no board is that large yet).
 */
export const FANOUT_MAX_FOLLOWERS = 10_000;

/** Whether a save onto a board with this many followers is written into their feeds. */
export const fansOut = (followers: number): boolean => followers <= FANOUT_MAX_FOLLOWERS;

/** Whether a board's pins go into feeds (and the popular list): a public board, not deleted. */
export const inFeeds = <B extends Pick<BoardFacts, 'privacy' | 'deletedAt'>>(board: B | null | undefined): board is B =>
  board !== null && board !== undefined && !board.deletedAt && board.privacy === 'public';

/** Who gets an entry: each follower once, not the pinner (their own saves are on their boards, not in their feed). */
export function feedReaders(followerIds: readonly string[], pinnerId: string): string[] {
  return [...new Set(followerIds)].filter((id) => id !== pinnerId);
}

/** Where a page of a feed starts: below the last entry shown (its save time, then its member for saves of one millisecond). */
export type FeedPageKey = {
  at: number;
  member: string;
};

/**
 * Whether an entry comes after the page key: Redis answers a feed newest first, and entries of
 * one score in descending order of their members.
 */
export const isAfter = (entry: { score: number; member: string }, key: FeedPageKey | undefined): boolean =>
  !key || entry.score < key.at || (entry.score === key.at && entry.member < key.member);
