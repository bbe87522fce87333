import {
  BOARD_SHORTLIST_SIZE,
  boardNameMatches,
  compareBoardNames,
  PICKER_FLAT_LIST_MAX,
  PICKER_SEARCH_MIN_LENGTH,
  type PickerBoard,
} from '@pinhive/contracts';

/**
 * What the board picker lists (saving-boards-ads.md sections 2, 4 and 5):
 * - `flat`: 3 boards or fewer, one list and no search field;
 * - `grouped`: 'Top choices' (the shortlist) then 'All boards';
 * - `search`: the boards matching the typed text once it reaches PICKER_SEARCH_MIN_LENGTH
 *   (possibly none: choosing then creates a board named after the query).
 * Lists are in name order, names beginning with a digit after the others.
 */
export type PickerLists =
  | { kind: 'flat'; boards: PickerBoard[] }
  | { kind: 'grouped'; top: PickerBoard[]; all: PickerBoard[] }
  | { kind: 'search'; query: string; results: PickerBoard[] };

export function sortBoards(boards: readonly PickerBoard[]): PickerBoard[] {
  return [...boards].sort((a, b) => compareBoardNames(a.name, b.name));
}

/** Whether the picker has a search field: not when the board count is low. */
export function pickerHasSearch(boardCount: number): boolean {
  return boardCount > PICKER_FLAT_LIST_MAX;
}

export function pickerLists(allBoards: readonly PickerBoard[], shortlist: readonly PickerBoard[], query: string): PickerLists {
  const all = sortBoards(allBoards);
  if (!pickerHasSearch(all.length)) return { kind: 'flat', boards: all };
  const typed = query.trim();
  if (typed.length >= PICKER_SEARCH_MIN_LENGTH) {
    return { kind: 'search', query: typed, results: all.filter((board) => boardNameMatches(board.name, typed)) };
  }
  const known = new Set(all.map((board) => board.id));
  const top = shortlist.filter((board) => known.has(board.id)).slice(0, BOARD_SHORTLIST_SIZE);
  return { kind: 'grouped', top, all };
}

/** The boards in the order the keyboard walks them (Top choices first). */
export function pickerOrder(lists: PickerLists): PickerBoard[] {
  switch (lists.kind) {
    case 'flat':
      return lists.boards;
    case 'grouped':
      return [...lists.top, ...lists.all];
    case 'search':
      return lists.results;
  }
}

/**
 * What choosing in the search does: the highlighted (or only, or first) result, or, with no
 * match, creating a board named after the query.
 */
export function searchChoice(lists: PickerLists): { kind: 'board'; board: PickerBoard } | { kind: 'create'; name: string } | null {
  if (lists.kind !== 'search') return null;
  const first = lists.results[0];
  return first ? { kind: 'board', board: first } : { kind: 'create', name: lists.query };
}

/** A row's action: Select when it opens a section step, Save otherwise. */
export function rowAction(board: Pick<PickerBoard, 'section_count'>): 'select' | 'save' {
  return board.section_count > 0 ? 'select' : 'save';
}
