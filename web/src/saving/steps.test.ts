import { describe, expect, it } from '@jest/globals';
import { FIRST_STEP, nextStep, stepTitleKey, type SaveStep } from './steps';
import { aBoard } from './testBoards';

const plain = aBoard('1', 'Plain');
const withSections = aBoard('2', 'Kitchen', { section_count: 3 });

describe('save steps', () => {
  it('opens the section step only for a board with sections', () => {
    expect(nextStep(FIRST_STEP, { type: 'pickBoard', board: withSections })).toEqual({ name: 'chooseSection', board: withSections });
    expect(nextStep(FIRST_STEP, { type: 'pickBoard', board: plain })).toBe(FIRST_STEP);
  });

  it('creates a board from the board list, a section once a board is chosen', () => {
    expect(nextStep(FIRST_STEP, { type: 'create', name: 'Garden' })).toEqual({ name: 'createBoard', initialName: 'Garden' });
    expect(nextStep({ name: 'chooseSection', board: withSections }, { type: 'create' })).toEqual({ name: 'addSection', board: withSections });
  });

  it('goes back from add section to the sections, then the boards, then closes', () => {
    let step: SaveStep | null = { name: 'addSection', board: withSections };
    step = nextStep(step, { type: 'back' });
    expect(step).toEqual({ name: 'chooseSection', board: withSections });
    step = nextStep(step!, { type: 'back' });
    expect(step).toEqual(FIRST_STEP);
    expect(nextStep(step!, { type: 'back' })).toBeNull();
    expect(nextStep({ name: 'createBoard', initialName: '' }, { type: 'back' })).toEqual(FIRST_STEP);
  });

  it('titles each step', () => {
    expect(stepTitleKey(FIRST_STEP)).toBe('saving.titles.chooseBoard');
    expect(stepTitleKey({ name: 'chooseSection', board: plain })).toBe('saving.titles.chooseSection');
    expect(stepTitleKey({ name: 'createBoard', initialName: '' })).toBe('saving.titles.createBoard');
    expect(stepTitleKey({ name: 'addSection', board: plain })).toBe('saving.titles.addSection');
    expect(nextStep(FIRST_STEP, { type: 'boardCreated', board: plain })).toEqual({ name: 'boardCreated', board: plain });
    expect(stepTitleKey({ name: 'boardCreated', board: plain })).toBe('saving.titles.boardCreated');
  });
});
