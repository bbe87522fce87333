import type { OutboxFields } from '@pinhive/kit';

export const BOARD_FOLLOWS_COLLECTION = 'board_follows';
export const USER_FOLLOWS_COLLECTION = 'user_follows';
export const FOLLOW_COUNTS_COLLECTION = 'follow_counts';

/**
 * Follower and following lists are read a bucket at a time: a follow carries the key of its
 * bucket in each list it is in (`<owner>:<floor(n / 100)>`, `n` its number in that list). The
 * home feed's fan-out reads a board's followers a bucket at a time too, and writes one
 * `insertMany` per bucket: 100 keeps that to 100 commands for the largest board fanned out.
 */
export const FOLLOW_BUCKET_SIZE = 100;

/** The list counters (shared/list-numbers.ts) of follower and following lists. */
export const boardFollowersList = (boardId: string): string => `board-followers:${boardId}`;
export const userFollowersList = (userId: string): string => `user-followers:${userId}`;
export const userFollowingList = (userId: string): string => `user-following:${userId}`;

/**
 * Why someone follows a board. `explicit`: they followed it (PUT /v3/boards/{id}/follow/).
 * `viaUser`: they follow its owner, and so the owner's public boards. `optedOut`: they unfollowed
 * it while following its owner, so following the owner does not bring it back until they follow
 * the owner anew. They follow it while `explicit || viaUser` (follow-rules.ts).
 */
export interface BoardFollowState {
  explicit: boolean;
  viaUser: boolean;
  optedOut: boolean;
}

/**
 * Someone's follow of a board, `_id` `<followerId>:<boardId>`. Kept when they unfollow (its
 * `pins.board.unfollowed.v1` is stored in it, as a pin's deletion is, and the outbox must
 * publish it), without its bucket key, so it leaves the board's follower list at once.
 */
export interface BoardFollowDoc extends BoardFollowState, Partial<OutboxFields> {
  _id: string;
  followerId: string;
  boardId: string;
  /** The board's owner at the last change: whom a `viaUser` follow came through. */
  ownerId: string;
  /** `explicit || viaUser`, stored: what readers ask. */
  active: boolean;
  /** Its number in the board's follower list, while active (a follow again takes a new one: it is the newest). */
  n: number | null;
  /** `<boardId>:<floor(n / FOLLOW_BUCKET_SIZE)>` while active: the board's follower list, and the fan-out. */
  followersBucket?: string;
  changedAt: Date;
}

/**
 * Someone's follow of a person, `_id` `<followerId>:<followeeId>`, kept on unfollow like a
 * board follow. It sits in two lists: the followee's followers and the follower's following.
 */
export interface UserFollowDoc extends Partial<OutboxFields> {
  _id: string;
  followerId: string;
  followeeId: string;
  active: boolean;
  /** Its numbers and bucket keys in the followee's followers list and the follower's following list, while active. */
  followersN: number | null;
  followersBucket?: string;
  followingN: number | null;
  followingBucket?: string;
  /** The invitation it came with (UserFollowResource `invite_code`), kept for the invitations to come. */
  inviteCode: string | null;
  changedAt: Date;
}

/**
 * Follower and following counts of a board (`board:<id>`) or a person (`user:<id>`). They follow
 * from the follow events, each applied once: the keys of the last changes applied are kept in
 * `counted` (`followed:<followerId>@<eventId>`...) in the same write as the change, as board
 * counters are (boards/board.repository.ts applyCount).
 */
export interface FollowCountsDoc {
  _id: string;
  followers?: number;
  following?: number;
  counted: string[];
}

export const boardCountsId = (boardId: string): string => `board:${boardId}`;
export const userCountsId = (userId: string): string => `user:${userId}`;
export const boardFollowId = (followerId: string, boardId: string): string => `${followerId}:${boardId}`;
export const userFollowId = (followerId: string, followeeId: string): string => `${followerId}:${followeeId}`;
