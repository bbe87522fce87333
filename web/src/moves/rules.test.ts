import { describe, expect, it } from '@jest/globals';
import { BOARD_BUSY_CODES, MOVE_PINS_MAX, SAVING_STRINGS, type Pin } from '@pinhive/contracts';
import { ApiError, NetworkError } from '../api/client';
import en from '../i18n/en.json';
import {
  EVERYTHING_SELECTED,
  isSelected,
  leavesFeed,
  moveCall,
  moveErrorText,
  NOTHING_SELECTED,
  selectedCount,
  selectionProblem,
  toggle,
  withoutMoved,
  type Selection,
} from './rules';

const board = { boardId: 'b1', sectionId: null };
const section = { boardId: 'b1', sectionId: 's1' };
const other = { boardId: 'b2', sectionId: null };
const some = (...ids: string[]): Selection => ({ mode: 'some', ids: new Set(ids) });

describe('the selection', () => {
  it('ticks and unticks pins, and Select all takes every pin but the ones unticked after', () => {
    let selection = toggle(toggle(NOTHING_SELECTED, 'p1'), 'p2');
    expect(selectedCount(selection, 10)).toBe(2);
    selection = toggle(selection, 'p1');
    expect(isSelected(selection, 'p1')).toBe(false);
    expect(isSelected(selection, 'p2')).toBe(true);
    const all = toggle(EVERYTHING_SELECTED, 'p3');
    expect(isSelected(all, 'p9')).toBe(true);
    expect(isSelected(all, 'p3')).toBe(false);
    expect(selectedCount(all, 10)).toBe(9);
  });

  it('cannot be moved empty, nor name more pins than one call takes', () => {
    expect(selectionProblem(NOTHING_SELECTED, 10)).toBe('none');
    expect(selectionProblem(some('p1'), 10)).toBeNull();
    expect(selectionProblem({ mode: 'some', ids: new Set(Array.from({ length: MOVE_PINS_MAX + 1 }, (_, i) => `p${i}`)) }, 1000)).toBe('tooMany');
    // Select all of a big board names only the unticked ones.
    expect(selectionProblem(EVERYTHING_SELECTED, 10_000)).toBeNull();
  });
});

describe('the call for a move (section 4)', () => {
  it('within the board to a section edits the section', () => {
    expect(moveCall(board, section, some('p1'))).toEqual({ resource: 'BoardSectionEditResource', action: 'update', options: { section_id: 's1', pins: ['p1'] } });
  });

  it('to the board root takes the pins out of their section', () => {
    expect(moveCall(section, board, some('p1', 'p2'))).toEqual({ resource: 'BoardSectionPinsResource', action: 'delete', options: { section_id: 's1', pins: ['p1', 'p2'] } });
  });

  it('to another board (or one of its sections) is a bulk edit', () => {
    expect(moveCall(section, { boardId: 'b2', sectionId: 's9' }, some('p1'))).toEqual({ resource: 'BulkEditResource', action: 'update', options: { board_id: 'b2', section_id: 's9', pin_ids: ['p1'] } });
  });

  it('with Select all is the inverse-selection move, naming the unticked pins', () => {
    expect(moveCall(section, other, toggle(EVERYTHING_SELECTED, 'p7'))).toEqual({
      resource: 'BulkEditSelectAllResource',
      action: 'update',
      options: { board_id: 'b1', old_section_id: 's1', new_board_id: 'b2', new_section_id: null, pin_ids: ['p7'] },
    });
  });

  it('to the same board and section is rejected before asking (section 5)', () => {
    expect(moveCall(board, board, some('p1'))).toBeNull();
    expect(moveCall(section, section, EVERYTHING_SELECTED)).toBeNull();
  });
});

describe('the optimistic move', () => {
  const pin = (id: string) => ({ id }) as Pin;
  const feed = { pages: [{ items: [pin('p1'), pin('p2')], next: 'x' }, { items: [pin('p3')], next: null }], pageParams: [null, 'x'] };

  it('takes the moved pins off the page shown, when they leave it', () => {
    expect(withoutMoved(feed, some('p2', 'p3'))?.pages.map((p) => p.items.map((i) => i.id))).toEqual([['p1'], []]);
    expect(withoutMoved(feed, toggle(EVERYTHING_SELECTED, 'p1'))?.pages.map((p) => p.items.map((i) => i.id))).toEqual([['p1'], []]);
    expect(leavesFeed(board, other)).toBe(true);
    expect(leavesFeed(section, board)).toBe(true);
    // Into a section of the board shown, they stay on its page.
    expect(leavesFeed(board, section)).toBe(false);
  });
});

describe("a failed move's toast (section 8)", () => {
  const words = { wait: en.moves.wait, fallback: en.saving.defaultError };
  const error = (code: number | undefined, detail: string | null = null) =>
    new ApiError({ code: code ? 'board_busy' : 'bad_request', message: 'These Pins are already there.', message_detail: detail, http_status: code ? 409 : 400, ...(code ? { data: { api_error_code: code } } : {}) });

  it("asks to wait for every board-busy code, in the spec's words", () => {
    expect(en.moves.wait).toBe(SAVING_STRINGS.moveWait);
    for (const code of Object.values(BOARD_BUSY_CODES)) expect(moveErrorText(error(code), words)).toBe('Please wait until the previous board action finishes.');
  });

  it("otherwise shows the server's message_detail, else its message, else the default", () => {
    expect(moveErrorText(error(undefined), words)).toBe('These Pins are already there.');
    expect(moveErrorText(error(undefined, 'The detail.'), words)).toBe('The detail.');
    expect(moveErrorText(new NetworkError(new Error('offline')), words)).toBe(en.errors.generic);
    expect(moveErrorText('boom', words)).toBe('Something went wrong. Please try again later.');
  });
});
