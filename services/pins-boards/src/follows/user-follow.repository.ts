import type { Connection } from 'mongoose';
import { docWithEvents, isDuplicateKey, newEvent, updateWithEvents, type OutboxTarget } from '@pinhive/kit';
import { listBucketKey, type ListNumbers } from '../shared/list-numbers';
import { FOLLOW_BUCKET_SIZE, USER_FOLLOWS_COLLECTION, userFollowersList, userFollowId, userFollowingList, type UserFollowDoc } from './follow.model';

const CHANGE_TRIES = 5;

/**
 * Follows of people. As board follows (board-follow.repository.ts): one write per change with
 * its event, guarded by the state it changes, the document kept on unfollow without its bucket
 * keys. A follow is in two lists, the followee's followers and the follower's following.
 */
export class UserFollowRepository {
  constructor(
    private readonly conn: Connection,
    private readonly numbers: ListNumbers,
    private readonly kick: (target: OutboxTarget) => void,
  ) {}

  private follows() {
    return this.conn.collection<UserFollowDoc>(USER_FOLLOWS_COLLECTION);
  }

  async find(followerId: string, followeeId: string): Promise<UserFollowDoc | null> {
    return this.follows().findOne({ _id: userFollowId(followerId, followeeId) }, { projection: { pendingEvents: 0 } });
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    return (await this.find(followerId, followeeId))?.active === true;
  }

  /** Follows (`follow` true) or unfollows a person; nothing when already so. Answers whether they follow them now. */
  async apply(followerId: string, followeeId: string, follow: boolean, opts: { inviteCode?: string; now?: Date } = {}): Promise<boolean> {
    const _id = userFollowId(followerId, followeeId);
    const now = opts.now ?? new Date();
    for (let attempt = 0; attempt < CHANGE_TRIES; attempt++) {
      const doc = await this.find(followerId, followeeId);
      const was = doc?.active === true;
      if (was === follow) return follow;
      const event = newEvent('pins-boards', follow ? 'pins.user.followed.v1' : 'pins.user.unfollowed.v1', _id, { followerId, followeeId }, now);
      // Following (again) takes the newest place in both lists: a number unused by a lost race is a gap.
      const listed = follow ? await this.listed(followerId, followeeId) : null;
      if (!doc) {
        try {
          await this.follows().insertOne(docWithEvents({ _id, followerId, followeeId, active: true, followersN: null, followingN: null, ...listed, inviteCode: opts.inviteCode ?? null, changedAt: now }, [event]));
          this.kick({ collection: USER_FOLLOWS_COLLECTION, id: _id, created: [event] });
          return true;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const set = follow
        ? { active: true, changedAt: now, ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}), ...listed }
        : { active: false, changedAt: now, followersN: null, followingN: null };
      const update = follow ? { $set: set } : { $set: set, $unset: { followersBucket: '' as const, followingBucket: '' as const } };
      const res = await this.follows().updateOne({ _id, active: was }, updateWithEvents(update, [event]));
      if (res.matchedCount === 1) {
        this.kick({ collection: USER_FOLLOWS_COLLECTION, id: _id });
        return follow;
      }
    }
    throw new Error(`user follow ${_id} kept changing`);
  }

  private async listed(followerId: string, followeeId: string) {
    const [followersN, followingN] = await Promise.all([this.numbers.next(userFollowersList(followeeId)), this.numbers.next(userFollowingList(followerId))]);
    return {
      followersN,
      followersBucket: listBucketKey(followeeId, followersN, FOLLOW_BUCKET_SIZE),
      followingN,
      followingBucket: listBucketKey(followerId, followingN, FOLLOW_BUCKET_SIZE),
    };
  }

  /** One bucket of a person's followers (their list's pages; the boards they make are followed by each). */
  async followersInBucket(userId: string, bucket: number): Promise<UserFollowDoc[]> {
    return this.follows().find({ followersBucket: listBucketKey(userId, bucket * FOLLOW_BUCKET_SIZE, FOLLOW_BUCKET_SIZE) }, { projection: { pendingEvents: 0 } }).toArray();
  }

  /** One bucket of the people a person follows. */
  async followingInBucket(userId: string, bucket: number): Promise<UserFollowDoc[]> {
    return this.follows().find({ followingBucket: listBucketKey(userId, bucket * FOLLOW_BUCKET_SIZE, FOLLOW_BUCKET_SIZE) }, { projection: { pendingEvents: 0 } }).toArray();
  }
}
