import { z } from 'zod';
import {
  boardPickerSchema,
  boardSchema,
  pinSchema,
  searchPinSchema,
  sectionSchema,
  type Board,
  type BoardCreateOptions,
  type BoardGetOptions,
  type BoardPicker,
  type BoardPickerOptions,
  type BoardUpdateOptions,
  type PaletteColor,
  type Pin,
  type SearchPin,
  type Section,
  type SectionCreateOptions,
  type SectionGetOptions,
} from '@pinhive/contracts';
import { resourceGet, resourcePage, resourceWrite, type Page } from '../api/resource';

/** Boards on a profile, per page; pins on a board, per page (the grid asks for more as it scrolls). */
export const PROFILE_BOARDS_PAGE_SIZE = 25;
export const BOARD_FEED_PAGE_SIZE = 50;

const idAnswer = z.object({ id: z.string() });

/** BoardResource create: the new board (the picker's "Create board", the create-board pages). */
export function createBoard(options: BoardCreateOptions): Promise<Board> {
  return resourceWrite('BoardResource', 'create', options, boardSchema);
}

export function updateBoard(options: BoardUpdateOptions): Promise<Board> {
  return resourceWrite('BoardResource', 'update', options, boardSchema);
}

export function deleteBoard(boardId: string): Promise<{ id: string }> {
  return resourceWrite('BoardResource', 'delete', { board_id: boardId }, idAnswer);
}

/** BoardResource get: by id, or by the owner's username and the board's slug. */
export function fetchBoard(options: BoardGetOptions, signal?: AbortSignal): Promise<Board> {
  return resourceGet('BoardResource', options, boardSchema, signal);
}

/** BoardPickerBoardsResource get: the boards the viewer may save into and the 2 most recent. */
export function fetchBoardPicker(options: BoardPickerOptions, signal?: AbortSignal): Promise<BoardPicker> {
  return resourceGet('BoardPickerBoardsResource', options, boardPickerSchema, signal);
}

/** BoardsResource get: a profile's boards grid, paged. */
export function fetchUserBoards(username: string, bookmark: string | null, signal?: AbortSignal): Promise<Page<Board>> {
  return resourcePage('BoardsResource', { username }, PROFILE_BOARDS_PAGE_SIZE, bookmark, z.array(boardSchema), signal);
}

/** BoardFeedResource get: a board's (or one of its sections') pins, newest first, paged. */
export function fetchBoardFeed(boardId: string, sectionId: string | undefined, bookmark: string | null, signal?: AbortSignal): Promise<Page<Pin>> {
  const options = { board_id: boardId, ...(sectionId ? { section_id: sectionId } : {}) };
  return resourcePage('BoardFeedResource', options, BOARD_FEED_PAGE_SIZE, bookmark, z.array(pinSchema), signal);
}

/** BoardPinsByColorResource get: a board's pins of these colours, newest first, paged. */
export function fetchBoardPinsByColor(boardId: string, colors: readonly PaletteColor[], bookmark: string | null, signal?: AbortSignal): Promise<Page<SearchPin>> {
  return resourcePage('BoardPinsByColorResource', { board_id: boardId, colors }, BOARD_FEED_PAGE_SIZE, bookmark, z.array(searchPinSchema), signal);
}

/** BoardSectionsRepinResource get: a board's sections. */
export function fetchSections(boardId: string, signal?: AbortSignal): Promise<Section[]> {
  return resourceGet('BoardSectionsRepinResource', { board_id: boardId }, z.array(sectionSchema), signal);
}

/** BoardSectionResource get: by id, or by its board and slug. */
export function fetchSection(options: SectionGetOptions, signal?: AbortSignal): Promise<Section> {
  return resourceGet('BoardSectionResource', options, sectionSchema, signal);
}

export function createSection(options: SectionCreateOptions): Promise<Section> {
  return resourceWrite('BoardSectionResource', 'create', options, sectionSchema);
}
