import { ageBucketOf, genderOf, INTEREST_KEYWORDS, interestsIn } from './ad-audience';
import { INTERESTS } from './quick-promote';

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('ageBucketOf', () => {
  it.each([
    // birthday, today, bucket
    ['2008-03-10', '2026-03-10', '18-24'], // the 18th birthday itself
    ['2001-11-28', '2026-11-27', '18-24'], // the day before the 25th birthday
    ['2001-11-28', '2026-11-28', '25-34'], // the 25th birthday
    ['1992-01-01', '2026-12-31', '25-34'], // 34 until the end of the year
    ['1991-12-31', '2026-12-31', '35-44'], // 35 on the day
    ['1982-06-15', '2026-06-14', '35-44'], // 43, the day before 44
    ['1981-06-15', '2026-06-15', '45-49'], // 45
    ['1977-06-15', '2026-06-14', '45-49'], // 48
    ['1976-06-15', '2026-06-15', '50-54'], // 50
    ['1971-06-15', '2026-06-15', '55-64'], // 55
    ['1961-06-16', '2026-06-15', '55-64'], // 64, the day before 65
    ['1961-06-15', '2026-06-15', '65+'], // the 65th birthday
    ['1910-01-01', '2026-06-15', '65+'], // as old as sign-up allows, and older
    ['2004-02-29', '2029-02-28', '18-24'], // born on 29 February: 25 only on 1 March in a common year
    ['2004-02-29', '2029-03-01', '25-34'],
  ])('born %s, on %s: %s', (birthday, today, bucket) => {
    expect(ageBucketOf(birthday, at(today))).toBe(bucket);
  });

  it('is null when unknown, unreadable or under the youngest bucket', () => {
    expect(ageBucketOf(undefined, at('2026-01-01'))).toBeNull();
    expect(ageBucketOf(null, at('2026-01-01'))).toBeNull();
    expect(ageBucketOf('1990-13-45', at('2026-01-01'))).toBeNull();
    expect(ageBucketOf('06/15/1990', at('2026-01-01'))).toBeNull();
    expect(ageBucketOf('2010-01-01', at('2026-01-01'))).toBeNull();
  });
});

describe('genderOf', () => {
  it('knows female and male as providers say them; anything else is not known', () => {
    expect(genderOf('female')).toBe('female');
    expect(genderOf(' Male ')).toBe('male');
    expect(genderOf('custom')).toBeNull();
    expect(genderOf('')).toBeNull();
    expect(genderOf(undefined)).toBeNull();
  });
});

describe('interestsIn', () => {
  it.each([
    ['Easy weeknight pasta recipes', ['food']],
    ['Boho bedroom decor', ['home']],
    ['Red dresses for a summer wedding', ['fashion', 'weddings']],
    ['Watercolour flowers', ['art', 'garden']],
    ['HIKING & Skiing in the Alps!', ['sport']],
    ['Kids\u2019 toys: toddler approved', ['kids']],
    ['Décor à la Française', ['home']],
    ['Babies and their hobbies', ['kids']],
    ['café au lait', []],
    ['', []],
  ])('%s: %j', (text, interests) => {
    expect(interestsIn(text)).toEqual(interests);
  });

  it('reads every text it is given (title, description, board name), in INTERESTS order, each once', () => {
    expect(interestsIn('Sunset', 'beach at dusk, camera on a tripod', 'Travel photos')).toEqual(['photography', 'travel']);
    expect(interestsIn('lamp', 'lamps', 'Lamp')).toEqual(['home']);
    expect(interestsIn(null, undefined)).toEqual([]);
  });

  it('has a keyword table over INTERESTS exactly, lower-case single words, each marking one interest', () => {
    expect(Object.keys(INTEREST_KEYWORDS).sort()).toEqual([...INTERESTS].sort());
    const words = Object.values(INTEREST_KEYWORDS).flat();
    expect(new Set(words).size).toBe(words.length);
    for (const w of words) expect(w).toMatch(/^[a-z]+$/);
    for (const i of INTERESTS) expect(interestsIn(...INTEREST_KEYWORDS[i])).toEqual([i]);
  });
});
