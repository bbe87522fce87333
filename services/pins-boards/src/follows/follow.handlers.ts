import { defineHandler, mapLimit } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardDoc } from '../boards/board.model';
import type { BoardRepository } from '../boards/board.repository';
import type { ListNumbers } from '../shared/list-numbers';
import type { BoardFollowRepository } from './board-follow.repository';
import type { FollowCountsRepository } from './follow-counts.repository';
import { boardCountsId, FOLLOW_BUCKET_SIZE, userCountsId, userFollowersList } from './follow.model';
import type { UserFollowRepository } from './user-follow.repository';

export interface FollowHandlerDeps {
  boardFollows: BoardFollowRepository;
  userFollows: UserFollowRepository;
  counts: FollowCountsRepository;
  lists: ListNumbers;
  boardLists: BoardListRepository;
  boards: BoardRepository;
  /** Whether the dispatcher recorded an event handled by a handler (ProcessedEvents.has). */
  handled: (eventId: string, handler: string) => Promise<boolean>;
}

/** Board follows written at once by a cascade (a person followed, a board made). */
const FOLLOWS_AT_ONCE = 8;

/** The handler that writes each kind of ledger key: a key is settled once its event is recorded handled by it. */
const LEDGER_WRITERS: Record<string, string> = {
  followed: 'count-board-followed',
  unfollowed: 'count-board-unfollowed',
  follower: 'count-user-followed',
  following: 'count-user-followed',
  unfollower: 'count-user-unfollowed',
  unfollowing: 'count-user-unfollowed',
};

/**
 * Follows' consequences, each handler idempotent:
 * - counts follow from the follow events, each change applied once with its ledger key
 *   (`followed:<followerId>@<eventId>`...) recorded in the same write (follow-counts.repository.ts);
 * - following a person follows their public boards (`viaUser`), and boards they make or make
 *   public later; unfollowing them unfollows what came only through them.
 * Kafka orders nothing across topics (a follow's and an unfollow's events may be handled in
 * either order), so a cascade first asks whether the person is still followed, and asks again
 * after its writes: an unfollow whose cascade ran meanwhile is then finished here.
 */
export function followHandlers(deps: FollowHandlerDeps) {
  const settled = async (key: string): Promise<boolean> => {
    const at = key.lastIndexOf('@');
    const writer = LEDGER_WRITERS[key.slice(0, key.indexOf(':'))];
    return at < 0 || writer === undefined || deps.handled(key.slice(at + 1), writer);
  };

  /**
   * The boards a person owns, as their board list holds them (at most MAX_BOARDS_PER_USER, one
   * read); boards they collaborate on are listed there too, and are their owners' to be followed through.
   */
  const ownBoards = async (ownerId: string) => (await deps.boardLists.entries(ownerId)).filter((b) => b.owner === undefined || b.owner.id === ownerId);
  const followOwnersBoards = async (followerId: string, ownerId: string) => {
    const publicBoards = (await ownBoards(ownerId)).filter((b) => b.privacy === 'public');
    await mapLimit(publicBoards, FOLLOWS_AT_ONCE, (b) => deps.boardFollows.apply(followerId, { id: b.id, ownerId }, 'followViaUser'));
  };
  const unfollowOwnersBoards = async (followerId: string, ownerId: string) => {
    await mapLimit(await ownBoards(ownerId), FOLLOWS_AT_ONCE, (b) => deps.boardFollows.apply(followerId, { id: b.id, ownerId }, 'unfollowViaUser'));
  };

  /** A public board of someone: each of their followers follows it through them, a bucket of followers at a time. */
  const followersFollow = async (boardId: string) => {
    const board: BoardDoc | null = await deps.boards.findById(boardId);
    if (!board || board.deletedAt || board.privacy !== 'public') return;
    const target = { id: board._id, ownerId: board.ownerId };
    const head = await deps.lists.head(userFollowersList(board.ownerId));
    if (head === 0) return;
    for (let bucket = Math.floor(head / FOLLOW_BUCKET_SIZE); bucket >= 0; bucket--) {
      const followers = await deps.userFollows.followersInBucket(board.ownerId, bucket);
      await mapLimit(followers, FOLLOWS_AT_ONCE, async (f) => {
        await deps.boardFollows.apply(f.followerId, target, 'followViaUser');
        // Unfollowed the owner meanwhile (their cascade may have missed this board): undone.
        if (!(await deps.userFollows.isFollowing(f.followerId, board.ownerId))) await deps.boardFollows.apply(f.followerId, target, 'unfollowViaUser');
      });
    }
  };

  return [
    defineHandler({
      name: 'count-board-followed',
      type: 'pins.board.followed.v1',
      handle: async ({ id, data }) => {
        await deps.counts.apply(boardCountsId(data.boardId), 'followers', 1, `followed:${data.followerId}@${id}`, settled);
      },
    }),
    defineHandler({
      name: 'count-board-unfollowed',
      type: 'pins.board.unfollowed.v1',
      handle: async ({ id, data }) => {
        await deps.counts.apply(boardCountsId(data.boardId), 'followers', -1, `unfollowed:${data.followerId}@${id}`, settled);
      },
    }),
    defineHandler({
      name: 'count-user-followed',
      type: 'pins.user.followed.v1',
      handle: async ({ id, data }) => {
        // Two documents, each guarded by its own key: a crash between them leaves the second to the redelivery.
        await deps.counts.apply(userCountsId(data.followeeId), 'followers', 1, `follower:${data.followerId}@${id}`, settled);
        await deps.counts.apply(userCountsId(data.followerId), 'following', 1, `following:${data.followeeId}@${id}`, settled);
      },
    }),
    defineHandler({
      name: 'count-user-unfollowed',
      type: 'pins.user.unfollowed.v1',
      handle: async ({ id, data }) => {
        await deps.counts.apply(userCountsId(data.followeeId), 'followers', -1, `unfollower:${data.followerId}@${id}`, settled);
        await deps.counts.apply(userCountsId(data.followerId), 'following', -1, `unfollowing:${data.followeeId}@${id}`, settled);
      },
    }),
    defineHandler({
      name: 'follow-user-boards',
      type: 'pins.user.followed.v1',
      handle: async ({ data }) => {
        const following = () => deps.userFollows.isFollowing(data.followerId, data.followeeId);
        if (!(await following())) return;
        await followOwnersBoards(data.followerId, data.followeeId);
        if (!(await following())) await unfollowOwnersBoards(data.followerId, data.followeeId);
      },
    }),
    defineHandler({
      name: 'unfollow-user-boards',
      type: 'pins.user.unfollowed.v1',
      handle: async ({ data }) => {
        const following = () => deps.userFollows.isFollowing(data.followerId, data.followeeId);
        if (await following()) return;
        await unfollowOwnersBoards(data.followerId, data.followeeId);
        if (await following()) await followOwnersBoards(data.followerId, data.followeeId);
      },
    }),
    defineHandler({
      name: 'follow-created-board',
      type: 'pins.board.created.v1',
      handle: async ({ data }) => {
        if (data.privacy === 'public') await followersFollow(data.boardId);
      },
    }),
    defineHandler({
      name: 'follow-board-made-public',
      type: 'pins.board.privacy-changed.v1',
      handle: async ({ data }) => {
        if (data.privacy === 'public') await followersFollow(data.boardId);
      },
    }),
  ];
}
