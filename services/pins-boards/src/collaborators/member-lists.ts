import type { Connection } from 'mongoose';
import { BoardListRepository, type BoardListEntry } from '../boards/board-list.repository';
import type { BoardDoc } from '../boards/board.model';
import { listEntryOf } from '../boards/board.presenter';
import type { Changed } from '../shared/changes';

/** Who is in a board (its cached facts: one Redis read while nothing changed it). */
export type Members = (boardId: string) => Promise<{ ownerId: string; collaboratorIds: readonly string[] } | null>;

/**
 * The board lists, where a board is listed for every member: its owner's entry and, with its own
 * `owner`, one in each collaborator's list (their picker and the boards on their profile). Every
 * change made to the owner's entry (counts and cover after a save or a move, sections, name,
 * privacy, deletion) is made to the collaborators' too, here, so that no writer of the owner's
 * list needs to know about collaborators. That costs one write per collaborator (at most
 * MAX_COLLABORATORS_PER_BOARD) per change, in parallel. Archiving is the owner's own view of
 * their boards ("archived by me"): it stays in their entry.
 */
export class MemberBoardLists extends BoardListRepository {
  constructor(
    conn: Connection,
    changed: Changed,
    private readonly members: Members,
  ) {
    super(conn, changed);
  }

  /** The collaborators whose entries follow `ownerId`'s, when `ownerId` owns the board. */
  private async followers(ownerId: string, boardId: string): Promise<readonly string[]> {
    const board = await this.members(boardId);
    return board && board.ownerId === ownerId ? board.collaboratorIds : [];
  }

  override async patch(ownerId: string, boardId: string, fields: Partial<Omit<BoardListEntry, 'id'>>): Promise<void> {
    await super.patch(ownerId, boardId, fields);
    const { archived: _ownView, ...shared } = fields;
    if (Object.keys(shared).length === 0) return;
    const collaborators = await this.followers(ownerId, boardId);
    await Promise.all(collaborators.map((id) => super.patch(id, boardId, shared)));
  }

  override async patchMany(ownerId: string, changes: { boardId: string; fields: Partial<Omit<BoardListEntry, 'id'>> }[]): Promise<void> {
    await super.patchMany(ownerId, changes);
    await Promise.all(changes.map(async ({ boardId, fields }) => {
      const { archived: _ownView, ...shared } = fields;
      if (Object.keys(shared).length === 0) return;
      const collaborators = await this.followers(ownerId, boardId);
      await Promise.all(collaborators.map((id) => super.patch(id, boardId, shared)));
    }));
  }

  override async remove(ownerId: string, boardId: string): Promise<void> {
    await super.remove(ownerId, boardId);
    const collaborators = await this.followers(ownerId, boardId);
    await Promise.all(collaborators.map((id) => super.remove(id, boardId)));
  }
}

/** A board as its collaborator's list holds it: the owner's entry, with the owner named. */
export function collaborativeEntry(board: BoardDoc, owner: { id: string; username: string }): BoardListEntry {
  return { ...listEntryOf(board), collaborative: true, archived: false, owner };
}
