import { describe, expect, it } from '@jest/globals';
import { SAVING_STRINGS } from '@pinhive/contracts';
import en from './en.json';

describe("the saving spec's strings", () => {
  it('uses the contracts values word for word', () => {
    expect(en.boards.create.nameRequired).toBe(SAVING_STRINGS.boardNameRequired);
    expect(en.boards.create.tooLong).toBe(SAVING_STRINGS.tooLong);
    expect(en.boards.create.failed).toBe(SAVING_STRINGS.boardCreateFailed);
    expect(en.saving.mobileFailed).toBe(SAVING_STRINGS.mobileCreateFailed);
    expect(en.saving.savedTo).toBe(SAVING_STRINGS.savedTo);
    expect(en.saving.savedToSection).toBe(SAVING_STRINGS.savedToSection);
    expect(en.saving.youSaved).toBe(SAVING_STRINGS.youSaved);
    expect(en.saving.youSavedFirst).toBe(SAVING_STRINGS.youSavedFirst);
    expect(en.saving.alreadySaved).toBe(SAVING_STRINGS.alreadySaved);
    expect(en.saving.defaultError).toBe(SAVING_STRINGS.defaultError);
  });
  it('has the picker and modal words of section 2', () => {
    expect(en.saving.modalName).toBe('Repin modal');
    expect(Object.values(en.saving.titles)).toEqual(['Choose board', 'Choose section', 'Create board', 'Add section', 'Board created']);
    expect([en.saving.topChoices, en.saving.allBoards, en.saving.board, en.saving.section]).toEqual(['Top choices', 'All boards', 'Board', 'Section']);
    expect(en.boards.section.placeholder).toBe('Like "Lighting"');
    expect([en.saving.send, en.saving.seeItNow, en.saving.promote]).toEqual(['Send', 'See it now', 'Promote your Pin']);
  });
  it("has section 5's switch for a board made on an advertiser's behalf", () => {
    expect(en.boards.protected).toBe("Protected board (not listed on user's profile)");
  });
});
