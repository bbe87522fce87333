import type { PickerBoard } from '@pinhive/contracts';

/**
 * The save modal's steps (saving-boards-ads.md section 4, picker flow): choose a board; a board
 * with sections opens the section step; "create" opens create board, or add section once a board
 * is chosen. Back goes from add section to the section list, then to the board list, then closes.
 * `boardCreated` follows a board created with a save.
 */
export type SaveStep =
  | { name: 'chooseBoard' }
  | { name: 'chooseSection'; board: PickerBoard }
  | { name: 'createBoard'; initialName: string }
  | { name: 'addSection'; board: PickerBoard }
  | { name: 'boardCreated'; board: PickerBoard };

export type StepEvent =
  | { type: 'pickBoard'; board: PickerBoard }
  | { type: 'create'; name?: string }
  | { type: 'boardCreated'; board: PickerBoard }
  | { type: 'sectionCreated' }
  | { type: 'back' };

export const FIRST_STEP: SaveStep = { name: 'chooseBoard' };

/** The next step, or `null` when the modal closes (back from the first step). */
export function nextStep(step: SaveStep, event: StepEvent): SaveStep | null {
  switch (event.type) {
    case 'pickBoard':
      return event.board.section_count > 0 ? { name: 'chooseSection', board: event.board } : step;
    case 'create':
      return step.name === 'chooseSection' || step.name === 'addSection'
        ? { name: 'addSection', board: step.board }
        : { name: 'createBoard', initialName: event.name ?? '' };
    case 'boardCreated':
      return { name: 'boardCreated', board: event.board };
    case 'sectionCreated':
      return step.name === 'addSection' ? { name: 'chooseSection', board: step.board } : step;
    case 'back':
      switch (step.name) {
        case 'addSection':
          return { name: 'chooseSection', board: step.board };
        case 'chooseSection':
        case 'createBoard':
          return FIRST_STEP;
        case 'chooseBoard':
        case 'boardCreated':
          return null;
      }
  }
}

/** The en.json key of the modal's title for a step. */
export function stepTitleKey(step: SaveStep) {
  switch (step.name) {
    case 'chooseBoard':
      return 'saving.titles.chooseBoard' as const;
    case 'chooseSection':
      return 'saving.titles.chooseSection' as const;
    case 'createBoard':
      return 'saving.titles.createBoard' as const;
    case 'addSection':
      return 'saving.titles.addSection' as const;
    case 'boardCreated':
      return 'saving.titles.boardCreated' as const;
  }
}
