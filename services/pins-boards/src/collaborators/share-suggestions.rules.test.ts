import { emailSuggestion, personMatches, personSuggestion, usernameOf } from './share-suggestions.rules';

const ada = { id: 'u1', username: 'ada_l', full_name: 'Ada Lovelace', image_medium_url: '/a.png' };

describe('share suggestions', () => {
  it('an email row is valid once an invitation can be sent to the address', () => {
    expect(emailSuggestion('grace@')).toMatchObject({ type: 'email', id: 'grace@', title: 'grace@', valid: false });
    expect(emailSuggestion('grace@example')).toMatchObject({ valid: false });
    expect(emailSuggestion(' Grace@Example.com ')).toMatchObject({ type: 'email', id: 'grace@example.com', title: 'Grace@Example.com', valid: true });
  });

  it('a person matches by the start of the username or of words of the name, accents and case aside', () => {
    expect(personMatches(ada, 'ada')).toBe(true);
    expect(personMatches(ada, '@ADA_')).toBe(true);
    expect(personMatches(ada, 'love')).toBe(true);
    expect(personMatches({ ...ada, full_name: 'Zoë Ünal' }, 'zoe un')).toBe(true);
    expect(personMatches(ada, 'lace')).toBe(false);
    expect(personMatches(ada, 'bob')).toBe(false);
  });

  it('reads a term as a username only when it can be one', () => {
    expect(usernameOf('@Ada_L')).toBe('ada_l');
    expect(usernameOf('ada lovelace')).toBeUndefined();
    expect(usernameOf('ab')).toBeUndefined();
  });

  it('a person row carries the entity fields, titled by the name', () => {
    expect(personSuggestion(ada, 'user')).toEqual({
      type: 'user', id: 'u1', full_name: 'Ada Lovelace', username: 'ada_l', title: 'Ada Lovelace', image_medium_url: '/a.png', image_large_url: '/a.png',
    });
    expect(personSuggestion({ ...ada, full_name: '' }, 'user_share_suggestion').title).toBe('ada_l');
  });
});
