import { defineHandler } from '@pinhive/kit';
import type { BoardListRepository } from './board-list.repository';
import { listEntryOf } from './board.presenter';
import type { BoardRepository } from './board.repository';

/**
 * A board's own events. `list-created-board` puts a new board in its owner's list when the list
 * lacks it: the request writes the board (with this event) and then the list, so a process that
 * died in between left a board that the picker and the profile never showed. The board's event
 * survives the crash (the outbox), and this repairs the list from the board as it is now.
 */
export function boardHandlers(deps: { boards: BoardRepository; lists: BoardListRepository }) {
  return [
    defineHandler({
      name: 'list-created-board',
      type: 'pins.board.created.v1',
      handle: async ({ data }) => {
        const board = await deps.boards.findById(data.boardId);
        if (!board || board.deletedAt) return;
        await deps.lists.putIfAbsent(board.ownerId, listEntryOf(board));
        // Deleted meanwhile (its request took it out of the list before this put): out again.
        const now = await deps.boards.findById(data.boardId);
        if (!now || now.deletedAt) await deps.lists.remove(board.ownerId, board._id);
      },
    }),
  ];
}
