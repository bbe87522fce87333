import { PAIR_READ, plainTermsOf, planTerms, rarestFirst, TERMS_WALK } from './pin-terms';

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
  const known = (of: Record<string, number>, pins = PINS) => ({
    share: (t: string) => of[t] ?? 0,
    pins: () => pins,
  });
  const nothingKnown = { share: () => 0, pins: () => 0 };

  it('walks one word\'s list, however rare or common, known or not', () => {
    expect(planTerms(['rare'], nothingKnown, 300)).toEqual({ by: 'walk' });
    expect(planTerms(['common'], known({ common: 0.6 }), 300)).toEqual({ by: 'walk' });
  });

  it('walks the rarest word when the others are common enough to find the candidates within TERMS_WALK pins', () => {
    // 300 candidates among pins of the rarest word of which half have the other: 600 walked.
    expect(planTerms(['mid', 'half'], known({ mid: 0.05, half: 0.5 }), 300)).toEqual({ by: 'walk' });
    expect(planTerms(['mid', 'x', 'y'], known({ mid: 0.05, x: 0.5, y: 0.5 }), 300)).toEqual({ by: 'walk' });
    expect(planTerms(['mid', 'edge'], known({ mid: 0.05, edge: 300 / TERMS_WALK }), 300)).toEqual({ by: 'walk' });
  });

  it('walks the rarest word\'s whole list when it is that short', () => {
    expect(planTerms(['few', 'mid'], known({ few: 0.0015, mid: 0.02 }), 300)).toEqual({ by: 'walk' });
  });

  it('merges two lists when both words are in a few percent of the pins', () => {
    const plan = planTerms(['neha', 'pevoso'], known({ neha: 0.026, pevoso: 0.073 }), 300);
    // 1.5 times the expected reads: 300 / 0.073 of the rarer, 300 / 0.026 of the other.
    expect(plan).toEqual({ by: 'pair', reads: [6165, 17308] });
    if (plan.by === 'pair') expect(plan.reads[0] + plan.reads[1]).toBeLessThanOrEqual(PAIR_READ);
  });

  it('leaves rare combinations, long reads and the unknown to the full-text index', () => {
    expect(planTerms(['rare', 'other'], nothingKnown, 300)).toEqual({ by: 'full-text' });
    // A word not among the common ones: the GIN index finds the few pins with both.
    expect(planTerms(['rare', 'half'], known({ half: 0.5 }), 300)).toEqual({ by: 'full-text' });
    expect(planTerms(['rare', 'unknown'], known({ a: 0.001, b: 0.3 }), 300)).toEqual({ by: 'full-text' });
    expect(planTerms(['rare', 'other'], known({ a: 0.01 }, 0), 300)).toEqual({ by: 'full-text' });
    // Each in 1 %: 300 / 0.0001 pins to walk for 300 with both, 45,000 entries to merge.
    expect(planTerms(['scarce', 'sparse'], known({ scarce: 0.01, sparse: 0.01 }), 300)).toEqual({ by: 'full-text' });
    expect(planTerms(['mid', 'half', 'scarce'], known({ mid: 0.05, half: 0.5, scarce: 0.02 }), 300)).toEqual({ by: 'full-text' });
  });
});

describe('rarestFirst', () => {
  it('orders the words by their share, the unknown first', () => {
    const shares = { share: (t: string) => ({ common: 0.6, mid: 0.05 })[t] ?? 0, pins: () => 10 };
    expect(rarestFirst(['common', 'mid', 'rare'], shares)).toEqual(['rare', 'mid', 'common']);
  });
});
