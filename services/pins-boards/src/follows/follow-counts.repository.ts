import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@pinhive/kit';
import { trimmable, type Settled } from '../boards/board.repository';
import { boardCountsId, FOLLOW_COUNTS_COLLECTION, userCountsId, type FollowCountsDoc } from './follow.model';

/** A board's or a person's follow counts as shown: never below 0 (an unfollow may be counted before its follow). */
export interface FollowCounts {
  followers: number;
  following: number;
}

/**
 * Follower and following counts, apart from the boards and profiles they describe: a board
 * document is read and written on every save into it, and these change on every follow.
 */
export class FollowCountsRepository {
  constructor(private readonly conn: Connection) {}

  private counts() {
    return this.conn.collection<FollowCountsDoc>(FOLLOW_COUNTS_COLLECTION);
  }

  private async get(id: string): Promise<FollowCounts> {
    const doc = await this.counts().findOne({ _id: id }, { projection: { counted: 0 } });
    return { followers: Math.max(0, doc?.followers ?? 0), following: Math.max(0, doc?.following ?? 0) };
  }

  board(boardId: string): Promise<FollowCounts> {
    return this.get(boardCountsId(boardId));
  }

  user(userId: string): Promise<FollowCounts> {
    return this.get(userCountsId(userId));
  }

  /**
   * Applies one count change once: the key (`followed:<followerId>@<eventId>`) is recorded in
   * the same single-document write, and a document that has it already is not matched (its
   * upsert then clashes with the existing `_id`), so a redelivered event changes nothing. Old
   * keys go as the board ledger's do (board.repository.ts trimmable). Answers whether it applied.
   */
  async apply(id: string, field: 'followers' | 'following', delta: 1 | -1, key: string, settled: Settled): Promise<boolean> {
    let updated: FollowCountsDoc | null;
    try {
      updated = await this.counts().findOneAndUpdate({ _id: id, counted: { $ne: key } }, { $inc: { [field]: delta }, $push: { counted: key } }, { upsert: true, returnDocument: 'after' });
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    if (!updated) return false;
    const trim = await trimmable(updated.counted, settled);
    if (trim.length > 0) await this.counts().updateOne({ _id: id }, { $pullAll: { counted: trim } });
    return true;
  }
}
