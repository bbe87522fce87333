import { boardPinsByColorOptionsSchema, searchPinSchema, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE } from '@pinhive/contracts';
import { defineResource, nextBookmark, pagedOptions, type Viewer } from '@pinhive/kit';
import { z } from 'zod';
import type { SearchIndex } from './search.index';

/** Where a page of a board's pins by colour starts: after this pin (its time in ms, its id). */
const colorPageKey = z.object({ at: z.number().int(), id: z.string().max(64) });

/**
 * BoardPinsByColorResource: a board page filtered by colour (issue 22, "filter any board page by
 * colour"). The pins' named colour (the palette of `paletteColorOf`, from the dominant colour
 * computed at save) is an indexed field of the search index, so the filter is a read of a range
 * per colour of one board, never a scan of its pages. Who may see the board is asked first (its
 * policy's 404); the index leaves out what the viewer may not see of it as search does.
 */
export function boardColorRoutes(index: Pick<SearchIndex, 'boardPinsByColor'>, readable: (viewer: Viewer | undefined, boardId: string) => Promise<unknown>) {
  return [
    defineResource({
      resource: 'BoardPinsByColorResource', action: 'get', auth: 'optional', paged: true,
      summary: "A board's pins of one or more named colours, newest first",
      options: pagedOptions(boardPinsByColorOptionsSchema, { key: colorPageKey, defaultLimit: SEARCH_PAGE_SIZE, maxLimit: SEARCH_PAGE_MAX }),
      response: z.array(searchPinSchema),
      handler: async ({ viewer, options }) => {
        await readable(viewer, options.board_id);
        const found = await index.boardPinsByColor({ userId: viewer?.userId }, options.board_id, options.colors, options.bookmarks, options.page_size + 1);
        const items = found.slice(0, options.page_size);
        const last = items.at(-1);
        return { items, bookmark: nextBookmark(found.length > options.page_size && last ? { at: Date.parse(last.created_at), id: last.id } : undefined) };
      },
    }),
  ];
}
