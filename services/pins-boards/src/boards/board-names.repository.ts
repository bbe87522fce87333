import type { Connection } from 'mongoose';
import { boardNameKey } from '@pinhive/contracts';
import { isDuplicateKey } from '@pinhive/kit';

export const BOARD_NAMES_COLLECTION = 'board_names';

/** A claim whose board is not there yet is a creation in progress for this long; after it, a crash's leftover. */
export const CLAIM_IN_PROGRESS_MS = 30_000;

/**
 * One of a person's board names, held by one board: `_id` `<ownerId>:<name key>` (the store's
 * unique `_id` is what makes two creations of one name at once make one board).
 */
export interface BoardNameDoc {
  _id: string;
  boardId: string;
  at: Date;
}

const claimId = (ownerId: string, name: string): string => `${ownerId}:${boardNameKey(name)}`;

/**
 * Board names unique per owner, case- and accent-insensitively (`boardNameKey`), enforced by the
 * store: a create or rename claims the name first, by an insert that a second claim of the same
 * name cannot pass. A claim left by a crash (its board never made, since deleted or renamed) is
 * taken over, by a write conditional on the board it named.
 */
export class BoardNames {
  /** `holds(boardId, name)`: whether that board exists, not deleted, with that name (case and accents aside). */
  constructor(
    private readonly conn: Connection,
    private readonly holds: (boardId: string, name: string) => Promise<boolean>,
  ) {}

  private names() {
    return this.conn.collection<BoardNameDoc>(BOARD_NAMES_COLLECTION);
  }

  /** Claims `name` among `ownerId`'s boards for `boardId`: false when another of their boards holds it. */
  async claim(ownerId: string, name: string, boardId: string, now = new Date()): Promise<boolean> {
    const _id = claimId(ownerId, name);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.names().insertOne({ _id, boardId, at: now });
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await this.names().findOne({ _id });
      if (!held) continue;
      if (held.boardId === boardId) return true;
      const inProgress = now.getTime() - held.at.getTime() < CLAIM_IN_PROGRESS_MS;
      if (inProgress || (await this.holds(held.boardId, name))) return false;
      // A leftover: taken over unless someone else took it first.
      const taken = await this.names().updateOne({ _id, boardId: held.boardId }, { $set: { boardId, at: now } });
      if (taken.matchedCount === 1) return true;
    }
    return false;
  }

  /** Gives the name back (the board was deleted or renamed, or its creation failed). */
  async release(ownerId: string, name: string, boardId: string): Promise<void> {
    await this.names().deleteOne({ _id: claimId(ownerId, name), boardId });
  }
}
