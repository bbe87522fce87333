import { defineHandler } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardRepository } from '../boards/board.repository';
import type { CollaboratorService } from './collaborator.service';
import type { InviteRepository } from './invite.repository';

/**
 * What follows a change of a board's members, from the board's own events: the request does the
 * same after its board write, and these repair what a process that died in between left undone.
 * Each reads the board as it is now, so a late or repeated event (Kafka delivers at least once)
 * changes nothing that a newer change set: someone removed and invited again stays listed.
 */
export function collaboratorHandlers(deps: { collaborators: CollaboratorService; boards: BoardRepository; lists: BoardListRepository; invites: InviteRepository }) {
  return [
    defineHandler({
      name: 'list-collaborative-board',
      type: 'pins.board.collaborator-added.v1',
      handle: async ({ data }) => {
        const board = await deps.collaborators.syncMembership(data.boardId, data.collaboratorId);
        // Only while they are in: removed and invited again since, the invitation is a new one.
        if (data.inviteId && board?.collaboratorIds.includes(data.collaboratorId)) await deps.invites.remove(data.inviteId);
      },
    }),
    defineHandler({
      name: 'unlist-collaborative-board',
      type: 'pins.board.collaborator-removed.v1',
      handle: async ({ data }) => {
        await deps.collaborators.syncMembership(data.boardId, data.collaboratorId);
      },
    }),
    defineHandler({
      name: 'unlist-deleted-board',
      type: 'pins.board.deleted.v1',
      handle: async ({ data }) => {
        // The deleted board keeps its collaborators: their lists lose it, its invitations go.
        const board = await deps.boards.findById(data.boardId);
        for (const id of board?.collaboratorIds ?? []) await deps.lists.remove(id, data.boardId);
        await deps.invites.removeOfBoard(data.boardId);
      },
    }),
  ];
}
