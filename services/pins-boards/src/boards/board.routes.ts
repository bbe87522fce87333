import {
  boardCreateOptionsSchema,
  boardGetOptionsSchema,
  boardIdOptionsSchema,
  boardPickerOptionsSchema,
  boardPickerSchema,
  boardSchema,
  boardUpdateOptionsSchema,
  pickerBoardSchema,
  userBoardsOptionsSchema,
} from '@pinhive/contracts';
import { defineResource, pagedOptions, pageWithNextKey } from '@pinhive/kit';
import { z } from 'zod';
import { presentListedBoard } from './board.presenter';
import type { BoardService } from './board.service';

/** A profile grid page starts after this board of the owner's ordered list. */
const gridKey = z.object({ after: z.string().regex(/^\d{1,24}$/) });

export function boardRoutes(boards: BoardService) {
  return [
    defineResource({
      resource: 'BoardResource', action: 'create', summary: 'Create a board', auth: 'viewer', status: 201,
      options: boardCreateOptionsSchema, response: boardSchema,
      handler: ({ viewer, options }) => boards.create(viewer, options),
    }),
    defineResource({
      resource: 'BoardResource', action: 'get', summary: 'A board, by id or by its owner and slug (404 when secret to the viewer)', auth: 'optional',
      options: boardGetOptionsSchema, response: boardSchema,
      handler: ({ viewer, options }) => boards.get(viewer, options),
    }),
    defineResource({
      resource: 'BoardResource', action: 'update', summary: 'Rename, describe, or (owner alone) make a board secret or public', auth: 'viewer',
      options: boardUpdateOptionsSchema, response: boardSchema,
      handler: ({ viewer, options }) => boards.update(viewer, options),
    }),
    defineResource({
      resource: 'BoardResource', action: 'delete', summary: 'Delete a board (owner)', auth: 'viewer',
      options: boardIdOptionsSchema, response: z.object({ id: z.string() }),
      handler: ({ viewer, options }) => boards.remove(viewer, options.board_id),
    }),
    defineResource({
      resource: 'BoardArchiveResource', action: 'create', summary: 'Archive a board (owner): it leaves the picker and goes last on the profile', auth: 'viewer',
      options: boardIdOptionsSchema, response: boardSchema,
      handler: ({ viewer, options }) => boards.archive(viewer, options.board_id, true),
    }),
    defineResource({
      resource: 'BoardArchiveResource', action: 'delete', summary: 'Unarchive a board (owner)', auth: 'viewer',
      options: boardIdOptionsSchema, response: boardSchema,
      handler: ({ viewer, options }) => boards.archive(viewer, options.board_id, false),
    }),
    defineResource({
      resource: 'BoardPickerBoardsResource', action: 'get', summary: "The boards the viewer may save into, and the 2 saved to most recently", auth: 'viewer',
      options: boardPickerOptionsSchema, response: boardPickerSchema,
      handler: ({ viewer, options }) => boards.picker(viewer, options),
    }),
    defineResource({
      resource: 'BoardPickerBoardsShortlistResource', action: 'get', summary: 'The boards saved to most recently (Top choices)', auth: 'viewer',
      options: boardPickerOptionsSchema, response: z.array(pickerBoardSchema),
      handler: async ({ viewer, options }) => (await boards.pickerBoards(viewer, options)).boards_shortlist,
    }),
    defineResource({
      resource: 'BoardsResource', action: 'get', summary: "A profile's boards, most recently saved to first (public ones; the owner also sees secret ones)", auth: 'optional', paged: true,
      options: pagedOptions(userBoardsOptionsSchema.omit({ page_size: true, bookmarks: true }), { key: gridKey, defaultLimit: 25, maxLimit: 100 }),
      response: z.array(boardSchema),
      handler: async ({ viewer, options }) => {
        const { entries, owner } = await boards.ofUser(viewer, options.username);
        // The list is one bounded document: the page starts after the board the bookmark names.
        const from = options.bookmarks ? entries.findIndex((e) => e.id === options.bookmarks?.after) + 1 : 0;
        const shown = entries.slice(from, from + options.page_size);
        const last = shown[shown.length - 1];
        const more = from + options.page_size < entries.length && last !== undefined;
        const page = pageWithNextKey(shown.map((e) => presentListedBoard(e, owner, viewer)), more ? { after: last.id } : undefined);
        return page;
      },
    }),
  ];
}
