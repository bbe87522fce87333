import { emailSuggestion, nameWordsOf, personMatches, personSuggestion, TYPED_WORDS_MAX, typedWordsOf, usernameOf } from './share-suggestions.rules';

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

  it('every typed word must start a word of the username or the name, in any order', () => {
    const bob = { username: 'bob_smith42', full_name: 'Robert Smith' };
    expect(personMatches(bob, 'bo sm')).toBe(true);
    expect(personMatches(bob, 'sm rob')).toBe(true);
    expect(personMatches(bob, 'smith')).toBe(true);
    expect(personMatches(bob, 'bo jo')).toBe(false);
    expect(personMatches(bob, 'ith')).toBe(false);
    // Without letters, the start of the username.
    expect(personMatches({ username: '42ada', full_name: '' }, '42')).toBe(true);
    expect(personMatches(bob, '42')).toBe(false);
  });

  it("a name's words are its runs of letters, folded: underscores, digits and punctuation part them", () => {
    expect(nameWordsOf('bob_smith42 Zoë  O\'Brien-Ünal')).toEqual(['bob', 'smith', 'zoe', 'o', 'brien', 'unal']);
    // A decomposed accent (as some keyboards send it) folds the same.
    expect(nameWordsOf('Zoe\u0308')).toEqual(['zoe']);
  });

  it('typed words are read longest first, once each, at most a few', () => {
    expect(typedWordsOf('@bo SMI')).toEqual(['smi', 'bo']);
    expect(typedWordsOf('al bo')).toEqual(['al', 'bo']);
    expect(typedWordsOf('bo bo b')).toEqual(['bo', 'b']);
    expect(typedWordsOf('42 _')).toEqual([]);
    expect(typedWordsOf('a b c d e f')).toHaveLength(TYPED_WORDS_MAX);
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
