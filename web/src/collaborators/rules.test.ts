import { describe, expect, it } from '@jest/globals';
import type { ShareSuggestion } from '@pinhive/contracts';
import en from '../i18n/en.json';
import { avatarNaming, canChoose, inviteeOf, inviteOptions, refusalLines, rowState, typedEmailRow, type Invitee } from './rules';

const person = (id: string, username: string): ShareSuggestion => ({
  type: 'user_share_suggestion', id, full_name: username.toUpperCase(), username, title: username, image_medium_url: null, image_large_url: null,
});

describe('the invite typeahead rows (section 5)', () => {
  it("an address is 'Keep typing!' while invalid, 'Click to send!' when valid, 'Done!' once chosen", () => {
    const partial = typedEmailRow('grace@exa')!;
    expect(rowState(partial, [])).toBe('keepTyping');
    expect(canChoose(partial, [])).toBe(false);
    const full = typedEmailRow(' Grace@Example.com ')!;
    expect(full).toMatchObject({ type: 'email', id: 'grace@example.com', title: 'Grace@Example.com', valid: true });
    expect(rowState(full, [])).toBe('clickToSend');
    expect(canChoose(full, [])).toBe(true);
    // Chosen in another case: the same person.
    const chosen: Invitee[] = [{ kind: 'email', email: 'GRACE@example.com' }];
    expect(rowState(full, chosen)).toBe('done');
    expect(canChoose(full, chosen)).toBe(false);
    expect([en.collaborators.keepTyping, en.collaborators.clickToSend, en.collaborators.done]).toEqual(['Keep typing!', 'Click to send!', 'Done!']);
  });

  it('a person has no state until chosen; a term without a local part is no address', () => {
    const ada = person('u1', 'ada');
    expect(rowState(ada, [])).toBeNull();
    expect(rowState(ada, [inviteeOf(ada)])).toBe('done');
    expect(typedEmailRow('@ada')).toBeNull();
    expect(typedEmailRow('ada')).toBeNull();
  });

  it('sends ids and addresses only (section 7)', () => {
    const chosen = [inviteeOf(person('u1', 'ada')), inviteeOf(typedEmailRow('Bo@Example.com')!), inviteeOf(person('u2', 'cy'))];
    expect(inviteOptions(chosen)).toEqual({ invited_user_ids: ['u1', 'u2'], emails: ['bo@example.com'] });
  });
});

describe("an invite call's refusals", () => {
  it('names each refused person as they were chosen, with the reason the server gave', () => {
    const chosen = [inviteeOf(person('u1', 'ada')), inviteeOf(typedEmailRow('Bo@Example.com')!)];
    const lines = refusalLines(
      {
        invited: [],
        refused: [
          { user_id: 'u1', email: null, reason: 'already_collaborator', message: 'They already collaborate on this board.' },
          { user_id: null, email: 'bo@example.com', reason: 'board_full', message: 'Full.' },
        ],
      },
      chosen,
    );
    expect(lines.map((l) => [l.name, l.message])).toEqual([['ADA', 'They already collaborate on this board.'], ['bo@example.com', 'Full.']]);
  });
});

describe('collaborator avatars (section 9)', () => {
  const users = (n: number) => Array.from({ length: n }, (_, k) => ({ id: `u${k}` }));

  it("names 3, then 'and N more'", () => {
    expect(avatarNaming(users(2))).toEqual({ named: users(2), more: 0 });
    expect(avatarNaming(users(3))).toEqual({ named: users(3), more: 0 });
    expect(avatarNaming(users(7))).toEqual({ named: users(3), more: 4 });
    expect(en.collaborators.andMore_other.replace('{{count}}', '4')).toBe('and 4 more');
  });
});
