import { plainTermsOf, TERMS_WALK, walksLists } from './pin-terms';

describe('plainTermsOf: the words of a query the term lists can answer', () => {
  it.each([
    ["'bake'", ['bake']],
    ["'bake' & 'appl'", ['bake', 'appl']],
    ["'bake' & 'appl' & 'bake'", ['bake', 'appl']],
    ["'it''s' & 'fine'", ["it's", 'fine']],
    ["'a' & 'b' & 'c' & 'd'", ['a', 'b', 'c', 'd']],
  ])('%s is %j', (tsquery, terms) => {
    expect(plainTermsOf(tsquery)).toEqual(terms);
  });

  it.each([
    ['', 'no word (only stop words)'],
    ["'a' & 'b' & 'c' & 'd' & 'e'", 'more words than TERMS_MAX'],
    ["'creme' <-> 'brule'", 'a phrase'],
    ["'tea' | 'coffe'", 'either word'],
    ["'tea' & !'green'", 'a word left out'],
    ["'bak':*", 'a prefix'],
    ["'back\\\\slash'", 'a backslash'],
  ])('%j is left to the full-text index (%s)', (tsquery) => {
    expect(plainTermsOf(tsquery)).toBeNull();
  });
});

describe('walksLists: which index answers', () => {
  const shares = (of: Record<string, number>) => ({ share: (t: string) => of[t] ?? 0 });

  it('takes the lists for one word, however rare or common', () => {
    expect(walksLists(['rare'], shares({}), 300)).toBe(true);
    expect(walksLists(['common'], shares({ common: 0.6 }), 300)).toBe(true);
  });

  it('takes the lists for several words when the others are common enough to find the candidates within the walk', () => {
    // 300 candidates among pins of the rarest word of which half have the other: 600 walked.
    expect(walksLists(['rare', 'half'], shares({ half: 0.5 }), 300)).toBe(true);
    expect(walksLists(['rare', 'x', 'y'], shares({ x: 0.5, y: 0.5 }), 300)).toBe(true);
    expect(walksLists(['rare', 'edge'], shares({ edge: 300 / TERMS_WALK }), 300)).toBe(true);
  });

  it('leaves rare combinations to the full-text index', () => {
    expect(walksLists(['rare', 'unknown'], shares({}), 300)).toBe(false);
    expect(walksLists(['rare', 'scarce'], shares({ scarce: 0.01 }), 300)).toBe(false);
    expect(walksLists(['rare', 'half', 'scarce'], shares({ half: 0.5, scarce: 0.2 }), 300)).toBe(false);
  });
});
