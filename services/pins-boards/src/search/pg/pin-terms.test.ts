import { plainTermsOf, planTerms, rarestFirst, TERMS_WALK } from './pin-terms';

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

describe('planTerms: which index answers, and how', () => {
  const PINS = 1_000_000;
  // The least common of the common words is in 0.16 % of the pins (the benchmark's 1,000th word).
  const known = (of: Record<string, number>, pins = PINS, rareBound = 0.0016) => ({
    share: (t: string) => of[t] ?? 0,
    pins: () => pins,
    rareBound: () => rareBound,
  });
  const nothingKnown = { share: () => 0, pins: () => 0, rareBound: () => 0 };

  it('walks one word\'s list, however rare or common, known or not', () => {
    expect(planTerms(['rare'], nothingKnown, 300)).toEqual({ by: 'walk' });
    expect(planTerms(['common'], known({ common: 0.6 }), 300)).toEqual({ by: 'walk' });
  });

  it('walks the rarest word when the others are common enough to find the candidates within TERMS_WALK pins', () => {
    // 300 candidates among pins of the rarest word of which half have the other: 600 read.
    expect(planTerms(['mid', 'half'], known({ mid: 0.05, half: 0.5 }), 300)).toEqual({ by: 'walk' });
    expect(planTerms(['mid', 'x', 'y'], known({ mid: 0.05, x: 0.5, y: 0.5 }), 300)).toEqual({ by: 'walk' });
    expect(planTerms(['mid', 'edge'], known({ mid: 0.05, edge: 300 / TERMS_WALK }), 300)).toEqual({ by: 'walk' });
    // Two words each in a few percent: 300 / 0.073 = 4,110 read.
    expect(planTerms(['neha', 'pevoso'], known({ neha: 0.026, pevoso: 0.073 }), 300)).toEqual({ by: 'walk' });
  });

  it('walks the rarest word\'s whole list when it is that short, or not among the common words (at most as common as the least of them)', () => {
    // 12,000 pins of the first; 300 / 0.012 = 25,000 to read for all the candidates, more than the list.
    expect(planTerms(['few', 'also'], known({ few: 0.012, also: 0.012 }), 300)).toEqual({ by: 'walk' });
    expect(planTerms(['rare', 'half'], known({ half: 0.5 }), 300)).toEqual({ by: 'walk' });
    expect(planTerms(['rare', 'unknown'], known({ a: 0.001, b: 0.3 }), 300)).toEqual({ by: 'walk' });
  });

  it('leaves rare combinations, long reads and the unknown to the full-text index', () => {
    expect(planTerms(['rare', 'other'], nothingKnown, 300)).toEqual({ by: 'full-text' });
    expect(planTerms(['rare', 'other'], known({ a: 0.01 }, 0), 300)).toEqual({ by: 'full-text' });
    // A hundred million pins: a word outside the common ones may have 160,000 of them.
    expect(planTerms(['rare', 'unknown'], known({}, 100_000_000), 300)).toEqual({ by: 'full-text' });
    // Three words in 3, 4 and 5 %: 300 / 0.002 pins of the first to read, and its list is 30,000 long.
    expect(planTerms(['scarce', 'less', 'mid'], known({ scarce: 0.03, less: 0.04, mid: 0.05 }), 300)).toEqual({ by: 'full-text' });
    // Each in 3 % of a hundred million pins.
    expect(planTerms(['scarce', 'sparse'], known({ scarce: 0.03, sparse: 0.03 }, 100_000_000), 30_000)).toEqual({ by: 'full-text' });
  });
});

describe('rarestFirst', () => {
  it('orders the words by their share, the unknown first', () => {
    const shares = { share: (t: string) => ({ common: 0.6, mid: 0.05 })[t] ?? 0, pins: () => 10, rareBound: () => 0.01 };
    expect(rarestFirst(['common', 'mid', 'rare'], shares)).toEqual(['rare', 'mid', 'common']);
  });
});
