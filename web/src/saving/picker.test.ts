import { describe, expect, it } from '@jest/globals';
import { pickerHasSearch, pickerLists, pickerOrder, rowAction, searchChoice } from './picker';
import { aBoard } from './testBoards';

const names = (boards: { name: string }[]) => boards.map((b) => b.name);

describe('board picker lists', () => {
  const few = [aBoard('1', 'Travel'), aBoard('2', '2024 goals'), aBoard('3', 'Art')];
  const many = [...few, aBoard('4', 'Café Déco'), aBoard('5', 'Kitchen ideas'), aBoard('6', '10 recipes')];
  const shortlist = [aBoard('5', 'Kitchen ideas'), aBoard('1', 'Travel'), aBoard('3', 'Art')];

  it('is one flat list with no search at 3 boards or fewer, digits last', () => {
    const lists = pickerLists(few, [few[0]!], 'tr');
    expect(lists.kind).toBe('flat');
    expect(names(pickerOrder(lists))).toEqual(['Art', 'Travel', '2024 goals']);
    expect(pickerHasSearch(3)).toBe(false);
    expect(pickerHasSearch(4)).toBe(true);
  });

  it("groups 'Top choices' (2 at most) above 'All boards' in name order", () => {
    const lists = pickerLists(many, shortlist, '  ');
    if (lists.kind !== 'grouped') throw new Error(lists.kind);
    expect(names(lists.top)).toEqual(['Kitchen ideas', 'Travel']);
    expect(names(lists.all)).toEqual(['Art', 'Café Déco', 'Kitchen ideas', 'Travel', '10 recipes', '2024 goals']);
  });

  it('drops shortlist boards that are not among the boards', () => {
    const lists = pickerLists(many, [aBoard('99', 'Gone')], '');
    expect(lists.kind === 'grouped' && lists.top).toEqual([]);
  });

  it('filters accent-folded, every word at a word start', () => {
    expect(names(pickerOrder(pickerLists(many, [], 'deco')))).toEqual(['Café Déco']);
    expect(names(pickerOrder(pickerLists(many, [], 'ide kit')))).toEqual(['Kitchen ideas']);
    expect(names(pickerOrder(pickerLists(many, [], 'itchen')))).toEqual([]);
  });

  it('chooses the first match, or creates a board named after the query', () => {
    expect(searchChoice(pickerLists(many, [], 'tra'))).toMatchObject({ kind: 'board', board: { name: 'Travel' } });
    expect(searchChoice(pickerLists(many, [], ' Garden '))).toEqual({ kind: 'create', name: 'Garden' });
    expect(searchChoice(pickerLists(many, [], ''))).toBeNull();
  });

  it('labels a row Select when it opens a section step, Save otherwise', () => {
    expect(rowAction({ section_count: 2 })).toBe('select');
    expect(rowAction({ section_count: 0 })).toBe('save');
  });
});
