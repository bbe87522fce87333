import type { Connection } from 'mongoose';
import { docWithEvents, isDuplicateKey, newEvent, updateWithEvents, type OutboxTarget } from '@pinhive/kit';
import type { Changed } from '../shared/changes';
import { listBucketKey, type ListNumbers } from '../shared/list-numbers';
import { boardFollowChange, isFollowing, NOT_FOLLOWING, sameState, type BoardFollowAction } from './follow-rules';
import { BOARD_FOLLOWS_COLLECTION, boardFollowersList, boardFollowId, FOLLOW_BUCKET_SIZE, type BoardFollowDoc, type BoardFollowState } from './follow.model';

/** Tries of a change that another change of the same follow overtook (each one re-reads it). */
const CHANGE_TRIES = 5;

const stateOf = (doc: BoardFollowDoc | null): BoardFollowState => (doc ? { explicit: doc.explicit, viaUser: doc.viaUser, optedOut: doc.optedOut } : NOT_FOLLOWING);

/**
 * Board follows. A change is one write of one follow document that carries its event
 * (`pins.board.followed.v1` / `unfollowed.v1`, outbox) when following starts or stops, guarded
 * by the state it was computed from: two changes of the same follow at once cannot both start
 * it (the second re-reads and finds nothing to do), so it is counted once.
 */
export class BoardFollowRepository {
  /** `changed(boardId)` after each write of a follow: the board's kept follower list goes (the fan-out's, feed.fanout.ts). */
  constructor(
    private readonly conn: Connection,
    private readonly numbers: ListNumbers,
    private readonly kick: (target: OutboxTarget) => void,
    private readonly changed: Changed = async () => undefined,
  ) {}

  private follows() {
    return this.conn.collection<BoardFollowDoc>(BOARD_FOLLOWS_COLLECTION);
  }

  async find(followerId: string, boardId: string): Promise<BoardFollowDoc | null> {
    return this.follows().findOne({ _id: boardFollowId(followerId, boardId) }, { projection: { pendingEvents: 0 } });
  }

  async isFollowing(followerId: string, boardId: string): Promise<boolean> {
    return (await this.find(followerId, boardId))?.active === true;
  }

  /**
   * Applies a follow action of `followerId` to a board (follow-rules.ts). Starting to follow
   * gives the follow the board's next follower number and its bucket key; stopping removes the
   * key (it leaves the list at once), in the same write as the event. Answers whether they
   * follow the board now.
   */
  async apply(followerId: string, board: { id: string; ownerId: string }, action: BoardFollowAction, now = new Date()): Promise<boolean> {
    const _id = boardFollowId(followerId, board.id);
    for (let attempt = 0; attempt < CHANGE_TRIES; attempt++) {
      const doc = await this.find(followerId, board.id);
      const state = stateOf(doc);
      const { next, event } = boardFollowChange(state, action);
      if (sameState(state, next)) return isFollowing(next);
      const events = event
        ? [newEvent('pins-boards', event.type === 'followed' ? 'pins.board.followed.v1' : 'pins.board.unfollowed.v1', _id, { followerId, boardId: board.id, viaUser: event.viaUser }, now)]
        : [];
      const fields = { ...next, active: isFollowing(next), ownerId: board.ownerId, changedAt: now };
      // A number is taken only when following starts: one left unused by a lost race is a gap.
      const n = event?.type === 'followed' ? await this.numbers.next(boardFollowersList(board.id)) : null;
      const listed = n !== null ? { n, followersBucket: listBucketKey(board.id, n, FOLLOW_BUCKET_SIZE) } : {};
      if (!doc) {
        try {
          await this.follows().insertOne(docWithEvents({ _id, followerId, boardId: board.id, n: null, ...fields, ...listed }, events));
          await this.changed(board.id);
          this.kick({ collection: BOARD_FOLLOWS_COLLECTION, id: _id, created: events });
          return fields.active;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const unlisted = event?.type === 'unfollowed' ? { $unset: { followersBucket: '' as const } } : {};
      const update = { $set: { ...fields, ...listed, ...(event?.type === 'unfollowed' ? { n: null } : {}) }, ...unlisted };
      const res = await this.follows().updateOne({ _id, ...state }, events.length > 0 ? updateWithEvents(update, events) : update);
      if (res.matchedCount === 1) {
        await this.changed(board.id);
        if (events.length > 0) this.kick({ collection: BOARD_FOLLOWS_COLLECTION, id: _id });
        return fields.active;
      }
    }
    throw new Error(`board follow ${_id} kept changing while ${action} was applied`);
  }

  /**
   * The boards someone follows (a home feed rebuilt from the store, feed/feed.build.ts): one
   * equality read by the indexed `followerId`, as many as they follow.
   */
  async followedBoards(followerId: string): Promise<string[]> {
    const follows = await this.follows().find({ followerId, active: true }, { projection: { boardId: 1 } }).toArray();
    return follows.map((f) => f.boardId);
  }

  /** The follows in one bucket of a board's follower list (the list's pages and the feed's fan-out). */
  async followersInBucket(boardId: string, bucket: number): Promise<BoardFollowDoc[]> {
    return this.follows().find({ followersBucket: listBucketKey(boardId, bucket * FOLLOW_BUCKET_SIZE, FOLLOW_BUCKET_SIZE) }, { projection: { pendingEvents: 0 } }).toArray();
  }
}
