import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/apiError';
import { boardCreateErrorText, boardHref, boardNameProblem, canAddSection, canCreateBoard, nameRefusal, sectionHref, serverErrorText } from './rules';

const apiError = (message: string, message_detail: string | null, code = 'x') => new ApiError({ code, message, message_detail, http_status: 400 });

describe('board links', () => {
  it('lowercases the board url for anonymous viewers only', () => {
    expect(boardHref('/Ana/My-Board/', true)).toBe('/ana/my-board/');
    expect(boardHref('/Ana/My-Board/', false)).toBe('/Ana/My-Board/');
    expect(boardHref('Ana/x/', false)).toBe('/Ana/x/');
  });
  it('puts a section under its board', () => {
    expect(sectionHref('/ana/kitchen/', 'Lighting', false)).toBe('/ana/kitchen/Lighting/');
    expect(sectionHref('/Ana/kitchen', 'Lighting', true)).toBe('/ana/kitchen/lighting/');
  });
});

describe('create-board form', () => {
  it('requires a name and limits its length', () => {
    expect(boardNameProblem('   ')).toBe('required');
    expect(boardNameProblem('x'.repeat(51))).toBe('tooLong');
    expect(boardNameProblem(`  ${'x'.repeat(50)}  `)).toBeNull();
  });
  it('disables Create while empty, invalid, failed or saving', () => {
    const ok = { name: 'Kitchen', fieldError: false, createError: false, saving: false };
    expect(canCreateBoard(ok)).toBe(true);
    expect(canCreateBoard({ ...ok, name: '  ' })).toBe(false);
    expect(canCreateBoard({ ...ok, fieldError: true })).toBe(false);
    expect(canCreateBoard({ ...ok, createError: true })).toBe(false);
    expect(canCreateBoard({ ...ok, saving: true })).toBe(false);
  });
  it('shows message plus detail, a string as is, else the fallback', () => {
    expect(boardCreateErrorText(apiError('Nope.', 'Too many boards.'), 'F')).toBe('Nope. Too many boards.');
    expect(boardCreateErrorText(apiError('Nope.', null), 'F')).toBe('Nope.');
    expect(boardCreateErrorText('Plain words', 'F')).toBe('Plain words');
    expect(boardCreateErrorText(new Error('boom'), 'F')).toBe('F');
    expect(boardCreateErrorText(apiError('m', 'Answer does not match', 'bad_response'), 'F')).toBe('F');
  });
});

describe('add-section form', () => {
  it('disables Add while blank, saving or showing an error', () => {
    expect(canAddSection({ name: 'Lighting', saving: false, error: false })).toBe(true);
    expect(canAddSection({ name: ' ', saving: false, error: false })).toBe(false);
    expect(canAddSection({ name: 'a', saving: true, error: false })).toBe(false);
    expect(canAddSection({ name: 'a', saving: false, error: true })).toBe(false);
  });
  it('shows message_detail, else message', () => {
    expect(serverErrorText(apiError('Nope.', 'Already exists.'), 'F')).toBe('Already exists.');
    expect(serverErrorText(apiError('Nope.', null), 'F')).toBe('Nope.');
    expect(serverErrorText(null, 'F')).toBe('F');
  });
});

describe("the server's refusal of a board name", () => {
  it('is shown at the name field only when it names that field', () => {
    expect(nameRefusal(new ApiError({ code: 'x', message: 'You already have a board with that name.', message_detail: null, http_status: 400, data: { field: 'name' } }))).toBe('You already have a board with that name.');
    expect(nameRefusal(apiError('Nope.', null))).toBeNull();
    expect(nameRefusal(new Error('boom'))).toBeNull();
  });
});

