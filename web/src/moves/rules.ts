import type { InfiniteData } from '@tanstack/react-query';
import { isBoardBusyCode, MOVE_PINS_MAX, type Pin } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import type { Page } from '../api/resource';
import { serverErrorText } from '../boards/rules';

/** A board, or one of its sections (`sectionId`), where pins are or go. */
export interface Place {
  boardId: string;
  sectionId: string | null;
}

/**
 * What the viewer chose in Organise mode: some pins by id, or every pin of the page's board (or
 * section) but some ('Select all', then unticking: the server moves them all, loaded or not).
 */
export type Selection = { mode: 'some'; ids: ReadonlySet<string> } | { mode: 'all'; except: ReadonlySet<string> };

export const NOTHING_SELECTED: Selection = { mode: 'some', ids: new Set() };
export const EVERYTHING_SELECTED: Selection = { mode: 'all', except: new Set() };

export function isSelected(selection: Selection, pinId: string): boolean {
  return selection.mode === 'some' ? selection.ids.has(pinId) : !selection.except.has(pinId);
}

/** Ticks or unticks one pin. */
export function toggle(selection: Selection, pinId: string): Selection {
  const flip = (set: ReadonlySet<string>) => {
    const next = new Set(set);
    if (next.has(pinId)) next.delete(pinId);
    else next.add(pinId);
    return next;
  };
  return selection.mode === 'some' ? { mode: 'some', ids: flip(selection.ids) } : { mode: 'all', except: flip(selection.except) };
}

/** How many pins are chosen, out of `total` on the page's board or section. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'some' ? selection.ids.size : Math.max(0, total - selection.except.size);
}

/** Why a selection cannot be moved as it is, if it cannot. */
export function selectionProblem(selection: Selection, total: number): 'none' | 'tooMany' | null {
  if (selectedCount(selection, total) === 0) return 'none';
  const listed = selection.mode === 'some' ? selection.ids.size : selection.except.size;
  return listed > MOVE_PINS_MAX ? 'tooMany' : null;
}

/** One of the four move calls (saving-boards-ads.md section 7), with its options. */
export interface MoveCall {
  resource: 'BoardSectionEditResource' | 'BoardSectionPinsResource' | 'BulkEditResource' | 'BulkEditSelectAllResource';
  action: 'update' | 'delete';
  options: Record<string, unknown>;
}

/**
 * The call for a move (section 4): every pin but some → the bulk inverse-selection move; within
 * the board to a section → edit the section; to the board root → take the pins out of their
 * section; to another board → bulk edit. Null when source and target are the same place
 * (section 5: rejected).
 */
export function moveCall(source: Place, target: Place, selection: Selection): MoveCall | null {
  if (source.boardId === target.boardId && source.sectionId === target.sectionId) return null;
  if (selection.mode === 'all') {
    return {
      resource: 'BulkEditSelectAllResource',
      action: 'update',
      options: { board_id: source.boardId, old_section_id: source.sectionId, new_board_id: target.boardId, new_section_id: target.sectionId, pin_ids: [...selection.except] },
    };
  }
  const pins = [...selection.ids];
  if (target.boardId === source.boardId) {
    if (target.sectionId !== null) return { resource: 'BoardSectionEditResource', action: 'update', options: { section_id: target.sectionId, pins } };
    if (source.sectionId !== null) return { resource: 'BoardSectionPinsResource', action: 'delete', options: { section_id: source.sectionId, pins } };
  }
  return { resource: 'BulkEditResource', action: 'update', options: { board_id: target.boardId, section_id: target.sectionId, pin_ids: pins } };
}

/**
 * Whether the moved pins leave the feed being looked at (a board's, or a section's): they do
 * when they go to another board, or out of the section shown. Moved within a board to one of
 * its sections, they stay on the board's own page.
 */
export function leavesFeed(viewed: Place, target: Place): boolean {
  return target.boardId !== viewed.boardId || (viewed.sectionId !== null && target.sectionId !== viewed.sectionId);
}

/** The feed's pages without the moved pins (the optimistic move: they leave the page at once). */
export function withoutMoved(data: InfiniteData<Page<Pin>, string | null> | undefined, selection: Selection): InfiniteData<Page<Pin>, string | null> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((pin) => !isSelected(selection, pin.id)) })) };
}

/**
 * A failed move's toast (section 8): 'Please wait until the previous board action finishes.'
 * for the board-busy codes 2171-2173, otherwise the server's message_detail or message.
 */
export function moveErrorText(error: unknown, words: { wait: string; fallback: string }): string {
  if (isApiError(error) && isBoardBusyCode(error.data?.['api_error_code'])) return words.wait;
  return serverErrorText(error, words.fallback);
}
