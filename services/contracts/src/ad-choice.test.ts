import { ageBucketOf } from './ad-audience';
import type { TargetingSpec } from './quick-promote';
import { targets } from './ad-choice';

const spec = (over: Partial<TargetingSpec> = {}): TargetingSpec => ({ GEO: ['SE', 'NO'], AGE_BUCKET: [], GENDER: [], INTEREST: [], ...over });

describe('targeting', () => {
  it('takes in viewers of its countries only', () => {
    expect(targets(spec(), false, { country: 'SE' })).toBe(true);
    expect(targets(spec(), false, { country: 'US' })).toBe(false);
    expect(targets(spec(), true, { country: 'US' })).toBe(false);
  });

  it('shows a viewer of unknown country only campaigns with auto targeting', () => {
    expect(targets(spec(), false, { country: null })).toBe(false);
    expect(targets(spec(), true, { country: null })).toBe(true);
  });

  it('narrows by age, gender and interests to viewers known to match; the unknown only under auto targeting', () => {
    const narrow = spec({ AGE_BUCKET: ['25-34'], GENDER: ['female'], INTEREST: ['home'] });
    expect(targets(narrow, false, { country: 'SE', ageBucket: '25-34', gender: 'female', interests: ['home', 'art'] })).toBe(true);
    expect(targets(narrow, false, { country: 'SE', ageBucket: '35-44', gender: 'female', interests: ['home'] })).toBe(false);
    expect(targets(narrow, false, { country: 'SE', ageBucket: '25-34', gender: 'male', interests: ['home'] })).toBe(false);
    expect(targets(narrow, false, { country: 'SE', ageBucket: '25-34', gender: 'female', interests: ['art'] })).toBe(false);
    expect(targets(narrow, false, { country: 'SE' })).toBe(false);
    expect(targets(narrow, true, { country: 'SE' })).toBe(true);
    expect(targets(narrow, true, { country: 'SE', gender: 'male' })).toBe(false);
  });

  it('takes in a viewer of unknown gender where the list names unknown (the form names all three by default)', () => {
    expect(targets(spec({ GENDER: ['female', 'male', 'unknown'] }), false, { country: 'SE' })).toBe(true);
    expect(targets(spec({ GENDER: ['unknown'] }), false, { country: 'SE', gender: null })).toBe(true);
    expect(targets(spec({ GENDER: ['unknown'] }), false, { country: 'SE', gender: 'female' })).toBe(false);
    expect(targets(spec({ GENDER: ['female', 'male'] }), false, { country: 'SE' })).toBe(false);
    expect(targets(spec({ GENDER: ['female', 'male'] }), true, { country: 'SE' })).toBe(true);
  });

  it('serves a 25-34 female campaign to a woman of 30 from her registration facts, not to a man of 50', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const narrow = spec({ AGE_BUCKET: ['25-34'], GENDER: ['female'] });
    const her = { country: 'SE', ageBucket: ageBucketOf('1996-05-01', now), gender: 'female' as const };
    const him = { country: 'SE', ageBucket: ageBucketOf('1976-05-01', now), gender: 'male' as const };
    expect(targets(narrow, false, her)).toBe(true);
    expect(targets(narrow, false, him)).toBe(false);
    expect(targets(narrow, true, him)).toBe(false);
  });

  it('takes in a viewer any of whose inferred interests the campaign names', () => {
    const crafts = spec({ INTEREST: ['diy', 'art'] });
    expect(targets(crafts, false, { country: 'SE', interests: ['food', 'art'] })).toBe(true);
    expect(targets(crafts, false, { country: 'SE', interests: ['food'] })).toBe(false);
    expect(targets(crafts, false, { country: 'SE', interests: [] })).toBe(false);
    expect(targets(crafts, true, { country: 'SE', interests: [] })).toBe(true);
  });
});
