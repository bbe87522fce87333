import type { BulkFollowResult, FollowListItem, FollowState } from '@pinhive/contracts';
import { appError, authorize, can, type Viewer } from '@pinhive/kit';
import type { BoardFacts } from '../boards/board.model';
import { boardPolicy, followRefusal } from '../boards/board.policy';
import { profilePolicy } from '../profiles/profile.policy';
import type { ProfileRepository } from '../profiles/profile.repository';
import { firstPage, pageByBuckets, type BucketPageKey } from '../shared/bucket-pages';
import type { ListNumbers } from '../shared/list-numbers';
import type { People } from '../shared/people';
import type { BoardFollowRepository } from './board-follow.repository';
import type { FollowCounts, FollowCountsRepository } from './follow-counts.repository';
import { parseFolloweeIds, REFUSAL_MESSAGES, TooManyFollowees } from './follow-rules';
import { boardFollowersList, FOLLOW_BUCKET_SIZE, userFollowersList, userFollowingList } from './follow.model';
import type { UserFollowRepository } from './user-follow.repository';

export interface FollowServiceDeps {
  boardFollows: BoardFollowRepository;
  userFollows: UserFollowRepository;
  counts: FollowCountsRepository;
  lists: ListNumbers;
  profiles: ProfileRepository;
  people: People;
  /** A board's facts from the read cache (BoardService.factsOf): who may see it, its owner, its privacy. */
  facts: (boardId: string) => Promise<BoardFacts | null>;
}

/** Profiles looked up at once by a bulk follow. */
const LOOKUPS_AT_ONCE = 8;

/** What a board's or a profile's presentation says of follows. */
export interface FollowFacts extends FollowCounts {
  followedByMe: boolean;
}

/** A page of a follower or following list. */
export interface FollowListPage {
  items: FollowListItem[];
  next: BucketPageKey | undefined;
}

/**
 * Following boards and people (saving-boards-ads.md sections 4 and 7). Every call is
 * idempotent: following what one follows, or unfollowing what one does not, changes nothing
 * and answers the same. Counts follow from the events (follow.handlers.ts), so a follow's
 * answer carries the viewer's state, not a count.
 */
export class FollowService {
  constructor(private readonly deps: FollowServiceDeps) {}

  /** The board, when the viewer may see it (404 otherwise, secret or missing alike). */
  private async readableBoard(viewer: Viewer, boardId: string): Promise<BoardFacts> {
    const board = await this.deps.facts(boardId);
    authorize(viewer, 'read', board, boardPolicy);
    return board;
  }

  async followBoard(viewer: Viewer, boardId: string): Promise<FollowState> {
    const board = await this.readableBoard(viewer, boardId);
    if (!can(viewer, 'follow', board, boardPolicy)) throw appError('forbidden', { message: followRefusal(viewer, board), data: { resource: 'board', action: 'follow' } });
    await this.deps.boardFollows.apply(viewer.userId, { id: board._id, ownerId: board.ownerId }, 'follow');
    return { id: board._id, followed_by_me: true };
  }

  /**
   * Unfollows a board the viewer may see. One they follow through its owner stays unfollowed
   * while they follow the owner (follow-rules.ts `optedOut`).
   */
  async unfollowBoard(viewer: Viewer, boardId: string): Promise<FollowState> {
    const board = await this.readableBoard(viewer, boardId);
    await this.deps.boardFollows.apply(viewer.userId, { id: board._id, ownerId: board.ownerId }, 'unfollow');
    return { id: board._id, followed_by_me: false };
  }

  /** Follows a person (and so their public boards, through `pins.user.followed.v1`). */
  async followUser(viewer: Viewer, userId: string, opts: { inviteCode?: string } = {}): Promise<FollowState> {
    if (userId === viewer.userId) throw appError('forbidden', { message: REFUSAL_MESSAGES.self, field: 'user_id' });
    const profile = await this.deps.profiles.findById(userId);
    authorize(viewer, 'read', profile, profilePolicy);
    await this.deps.userFollows.apply(viewer.userId, userId, true, opts);
    return { id: userId, followed_by_me: true };
  }

  /** Unfollows a person; no lookup: unfollowing someone one does not follow (or who is gone) changes nothing. */
  async unfollowUser(viewer: Viewer, userId: string): Promise<FollowState> {
    if (userId !== viewer.userId) await this.deps.userFollows.apply(viewer.userId, userId, false);
    return { id: userId, followed_by_me: false };
  }

  /**
   * `PUT /v3/users/follow/`: follows each id of a comma-joined list. Malformed ids, the viewer's
   * own and unknown or deactivated accounts are refused, each with its reason; the rest are
   * followed (already followed ones included). More than FOLLOW_BULK_MAX ids is a 400.
   */
  async followMany(viewer: Viewer, followeeIds: string): Promise<BulkFollowResult> {
    let parsed: ReturnType<typeof parseFolloweeIds>;
    try {
      parsed = parseFolloweeIds(followeeIds, viewer.userId);
    } catch (err) {
      if (err instanceof TooManyFollowees) throw appError('bad_request', { message: err.message, field: 'followee_ids' });
      throw err;
    }
    const refused = [...parsed.refused];
    const followed: string[] = [];
    const ids = [...parsed.candidates];
    const work = async () => {
      for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
        const profile = await this.deps.profiles.findById(id);
        if (!profile || !can(viewer, 'read', profile, profilePolicy)) {
          refused.push({ id, reason: 'not_found' });
          continue;
        }
        await this.deps.userFollows.apply(viewer.userId, id, true);
        followed.push(id);
      }
    };
    await Promise.all(Array.from({ length: LOOKUPS_AT_ONCE }, work));
    // In the order asked, whatever order the lookups ended in.
    const order = new Map<string, number>();
    followeeIds.split(',').forEach((id, i) => order.has(id.trim()) || order.set(id.trim(), i));
    const byOrder = (a: string, b: string) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
    return {
      followed: followed.sort(byOrder),
      refused: refused.sort((a, b) => byOrder(a.id, b.id)).map((r) => ({ ...r, message: REFUSAL_MESSAGES[r.reason] })),
    };
  }

  /** A board's follower count and whether the viewer follows it (the board's own answers). */
  async boardFacts(viewer: Viewer | undefined, boardId: string): Promise<FollowFacts> {
    const [counts, followedByMe] = await Promise.all([this.deps.counts.board(boardId), viewer ? this.deps.boardFollows.isFollowing(viewer.userId, boardId) : false]);
    return { ...counts, followedByMe };
  }

  /** A person's follower and following counts and whether the viewer follows them (the profile). */
  async userFacts(viewer: Viewer | undefined, userId: string): Promise<FollowFacts> {
    const [counts, followedByMe] = await Promise.all([this.deps.counts.user(userId), viewer && viewer.userId !== userId ? this.deps.userFollows.isFollowing(viewer.userId, userId) : false]);
    return { ...counts, followedByMe };
  }

  /** BoardFollowersResource: who follows a board the viewer may see, newest first. */
  async boardFollowers(viewer: Viewer | undefined, boardId: string, start: BucketPageKey | undefined, limit: number): Promise<FollowListPage> {
    const board = await this.deps.facts(boardId);
    authorize(viewer, 'read', board, boardPolicy);
    const from = start ?? firstPage(await this.deps.lists.head(boardFollowersList(boardId)), FOLLOW_BUCKET_SIZE);
    const { items, next } = await pageByBuckets((b) => this.deps.boardFollows.followersInBucket(boardId, b), (f) => f.n ?? 0, FOLLOW_BUCKET_SIZE, from, limit);
    return { items: await this.peopleOf(items.map((f) => f.followerId)), next };
  }

  /** UserFollowersResource: who follows a person, newest first. */
  async userFollowers(viewer: Viewer | undefined, userId: string, start: BucketPageKey | undefined, limit: number): Promise<FollowListPage> {
    await this.readableProfile(viewer, userId);
    const from = start ?? firstPage(await this.deps.lists.head(userFollowersList(userId)), FOLLOW_BUCKET_SIZE);
    const { items, next } = await pageByBuckets((b) => this.deps.userFollows.followersInBucket(userId, b), (f) => f.followersN ?? 0, FOLLOW_BUCKET_SIZE, from, limit);
    return { items: await this.peopleOf(items.map((f) => f.followerId)), next };
  }

  /** UserFollowingResource: whom a person follows, newest first. */
  async userFollowing(viewer: Viewer | undefined, userId: string, start: BucketPageKey | undefined, limit: number): Promise<FollowListPage> {
    await this.readableProfile(viewer, userId);
    const from = start ?? firstPage(await this.deps.lists.head(userFollowingList(userId)), FOLLOW_BUCKET_SIZE);
    const { items, next } = await pageByBuckets((b) => this.deps.userFollows.followingInBucket(userId, b), (f) => f.followingN ?? 0, FOLLOW_BUCKET_SIZE, from, limit);
    return { items: await this.peopleOf(items.map((f) => f.followeeId)), next };
  }

  /**
   * Whom a person follows, the newest follows first, at most `max`: the newest buckets of their
   * following list, each read by key (at most MAX_BUCKETS_PER_PAGE reads). The share suggestions
   * offer these people first.
   */
  async followeeIds(userId: string, max: number): Promise<string[]> {
    const head = await this.deps.lists.head(userFollowingList(userId));
    if (head === 0) return [];
    const { items } = await pageByBuckets((b) => this.deps.userFollows.followingInBucket(userId, b), (f) => f.followingN ?? 0, FOLLOW_BUCKET_SIZE, firstPage(head, FOLLOW_BUCKET_SIZE), max);
    return items.map((f) => f.followeeId);
  }

  private async readableProfile(viewer: Viewer | undefined, userId: string): Promise<void> {
    const profile = await this.deps.profiles.findById(userId);
    authorize(viewer, 'read', profile, profilePolicy);
  }

  /** The people of a list page, from the People cache; deactivated accounts (placeholders without a name) are left out. */
  private async peopleOf(ids: string[]): Promise<FollowListItem[]> {
    const people = await Promise.all(ids.map((id) => this.deps.people.get(id)));
    return people.filter((p) => p.username !== '');
  }
}
