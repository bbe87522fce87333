import { describe, expect, it } from '@jest/globals';
import { menuFocusTarget, menuTypeaheadTarget } from './menuKeys';

describe('menuFocusTarget', () => {
  it('moves down and up, wrapping around', () => {
    expect(menuFocusTarget('ArrowDown', 0, 3)).toBe(1);
    expect(menuFocusTarget('ArrowDown', 2, 3)).toBe(0);
    expect(menuFocusTarget('ArrowUp', 0, 3)).toBe(2);
    expect(menuFocusTarget('ArrowUp', 2, 3)).toBe(1);
  });
  it('starts at the first (down) or last (up) item when nothing has the focus', () => {
    expect(menuFocusTarget('ArrowDown', -1, 3)).toBe(0);
    expect(menuFocusTarget('ArrowUp', -1, 3)).toBe(2);
  });
  it('goes to the ends with Home and End', () => {
    expect(menuFocusTarget('Home', 1, 4)).toBe(0);
    expect(menuFocusTarget('End', 1, 4)).toBe(3);
  });
  it('ignores other keys and empty menus', () => {
    expect(menuFocusTarget('Enter', 1, 4)).toBeNull();
    expect(menuFocusTarget('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('menuTypeaheadTarget', () => {
  const labels = ['Ada Lovelace', 'Add account', 'Your profile', 'Settings', 'Log out'];
  it('finds the next item starting with the letter, wrapping', () => {
    expect(menuTypeaheadTarget('a', 0, labels)).toBe(1);
    expect(menuTypeaheadTarget('A', 1, labels)).toBe(0);
    expect(menuTypeaheadTarget('s', -1, labels)).toBe(3);
    expect(menuTypeaheadTarget('l', 4, labels)).toBe(4);
  });
  it('answers null for no match or a non-character key', () => {
    expect(menuTypeaheadTarget('z', 0, labels)).toBeNull();
    expect(menuTypeaheadTarget(' ', 0, labels)).toBeNull();
    expect(menuTypeaheadTarget('Shift', 0, labels)).toBeNull();
  });
});
