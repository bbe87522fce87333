import type { Connection } from 'mongoose';
import type { BoardPrivacy } from '@pinhive/contracts';
import { isDuplicateKey } from '@pinhive/kit';
import type { Changed } from '../shared/changes';

export const BOARD_LISTS_COLLECTION = 'board_lists';

/** One board as the owner's picker and profile grid show it. */
export interface BoardListEntry {
  id: string;
  name: string;
  slug: string;
  privacy: BoardPrivacy;
  pinCount: number;
  sectionCount: number;
  coverImageUrl: string | null;
  coverColor: string | null;
  collaborative: boolean;
  createdAt: Date;
  lastSavedAt: Date;
  archived: boolean;
  /**
   * The advertiser the board was made for (section 6: the picker of someone acting for it lists
   * these alone). Absent on boards made for none, and on every entry written before advertisers.
   */
  advertiserId?: string;
  /**
   * Only on a board someone else owns, in the list of a collaborator of it (collaborators/): its
   * owner, for its URL and its access. Absent on the list holder's own boards (every entry before
   * collaborators existed). A renamed owner's old username stays here until the entry is put again.
   */
  owner?: { id: string; username: string };
}

/**
 * Every board of one owner, materialised in one document (`_id` = owner id): the board picker
 * (every board, on every save) and the profile grid read one document instead of hundreds of
 * boards. At most MAX_BOARDS_PER_USER entries, keyed `b<id>` (a key of digits alone would read
 * as an array index in a dotted path). Each entry is changed in place by a dotted `$set`.
 */
interface BoardListDoc {
  _id: string;
  boards: Record<string, BoardListEntry>;
}

const key = (boardId: string) => `boards.b${boardId}`;

export class BoardListRepository {
  /** `changed(ownerId)` after each write: the picker's cached answers of that owner go. */
  constructor(
    private readonly conn: Connection,
    private readonly changed: Changed,
  ) {}

  private lists() {
    return this.conn.collection<BoardListDoc>(BOARD_LISTS_COLLECTION);
  }

  /** The owner's boards, unordered (callers order them for what they show). */
  async entries(ownerId: string): Promise<BoardListEntry[]> {
    const doc = await this.lists().findOne({ _id: ownerId });
    return doc ? Object.values(doc.boards) : [];
  }

  async put(ownerId: string, entry: BoardListEntry): Promise<void> {
    await this.lists().updateOne({ _id: ownerId }, { $set: { [key(entry.id)]: entry } }, { upsert: true });
    await this.changed(ownerId);
  }

  /** Adds an entry when the owner's list lacks it (an entry there is newer than the caller's). */
  async putIfAbsent(ownerId: string, entry: BoardListEntry): Promise<void> {
    try {
      const res = await this.lists().updateOne({ _id: ownerId, [key(entry.id)]: { $exists: false } }, { $set: { [key(entry.id)]: entry } }, { upsert: true });
      if (res.modifiedCount + res.upsertedCount > 0) await this.changed(ownerId);
    } catch (err) {
      // The list exists and has the entry: the upsert tried to make a second list.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Changes fields of an entry that is there (a removed board is not brought back). */
  async patch(ownerId: string, boardId: string, fields: Partial<Omit<BoardListEntry, 'id'>>): Promise<void> {
    const set = Object.fromEntries(Object.entries(fields).map(([f, v]) => [`${key(boardId)}.${f}`, v]));
    await this.lists().updateOne({ _id: ownerId, [key(boardId)]: { $exists: true } }, { $set: set });
    await this.changed(ownerId);
  }

  /**
   * Changes fields of several entries in one write (the owner's counted boards, list-counts.ts),
   * when every one of them is there; otherwise entry by entry, so a removed board is not brought back.
   */
  async patchMany(ownerId: string, changes: { boardId: string; fields: Partial<Omit<BoardListEntry, 'id'>> }[]): Promise<void> {
    if (changes.length === 0) return;
    const filter: Record<string, unknown> = { _id: ownerId };
    const set: Record<string, unknown> = {};
    for (const { boardId, fields } of changes) {
      filter[key(boardId)] = { $exists: true };
      for (const [f, v] of Object.entries(fields)) set[`${key(boardId)}.${f}`] = v;
    }
    const res = await this.lists().updateOne(filter, { $set: set });
    if (res.matchedCount === 0) {
      // This class's own patch: a subclass's (member-lists.ts) repeats its patchMany for collaborators itself.
      for (const { boardId, fields } of changes) await BoardListRepository.prototype.patch.call(this, ownerId, boardId, fields);
    }
    await this.changed(ownerId);
  }

  async remove(ownerId: string, boardId: string): Promise<void> {
    await this.lists().updateOne({ _id: ownerId }, { $unset: { [key(boardId)]: '' } });
    await this.changed(ownerId);
  }
}
