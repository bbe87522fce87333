import { describe, expect, it } from '@jest/globals';
import { highlightPieces, matchRanges } from './highlight';

/** The pieces as text with the matches in brackets: "[Bra]ss lantern". */
const shown = (text: string, term: string): string => highlightPieces(text, term).map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

describe('highlightPieces', () => {
  it('highlights the typed part only when the term has more than 1 character (section 5)', () => {
    expect(shown('Brass lantern', 'b')).toBe('Brass lantern');
    expect(highlightPieces('Brass lantern', 'b')).toEqual([{ text: 'Brass lantern', match: false }]);
    expect(shown('Brass lantern', 'br')).toBe('[Br]ass lantern');
    // Spaces around the term do not count.
    expect(shown('Brass lantern', '  b ')).toBe('Brass lantern');
    expect(shown('Brass lantern', ' bra ')).toBe('[Bra]ss lantern');
  });

  it('folds case and accents both ways, keeping the text as written', () => {
    expect(shown('Café Déco', 'cafe de')).toBe('[Café Dé]co');
    expect(shown('Cafe Deco', 'CAFÉ')).toBe('[Cafe] Deco');
    expect(shown('Ölfarbe und Öl', 'olf')).toBe('[Ölf]arbe und Öl');
    // A decomposed accent stays with its letter.
    expect(shown('Cafe\u0301 noir', 'cafe')).toBe('[Cafe\u0301] noir');
  });

  it('prefers a match at the start of a word to one inside a word', () => {
    expect(shown('Lamplight lamps', 'lamps')).toBe('Lamplight [lamps]');
    expect(shown('Lamplight and light', 'light')).toBe('Lamplight and [light]');
    expect(shown('Lamplight', 'light')).toBe('Lamp[light]');
  });

  it('highlights each word of the term when the whole is not found', () => {
    expect(shown('Lanterns of brass', 'brass lanterns')).toBe('[Lanterns] of [brass]');
    // A one-letter word is not highlighted on its own.
    expect(shown('Lanterns of brass', 'brass x lan')).toBe('[Lan]terns of [brass]');
  });

  it('leaves text without a match whole', () => {
    expect(shown('Brass lantern', 'copper')).toBe('Brass lantern');
    expect(shown('', 'copper')).toBe('');
  });

  it('works in other scripts and with hashtags', () => {
    expect(shown('#teatime', '#tea')).toBe('[#tea]time');
    expect(shown('Чайник и чашка', 'чаш')).toBe('Чайник и [чаш]ка');
  });
});

describe('matchRanges', () => {
  it('answers ranges of the original text, sorted and merged', () => {
    expect(matchRanges('Café Déco', 'déco')).toEqual([[5, 9]]);
    expect(matchRanges('ab cd', 'cd ab')).toEqual([
      [0, 2],
      [3, 5],
    ]);
    expect(matchRanges('abcd', 'abc bcd')).toEqual([[0, 4]]);
  });
});
