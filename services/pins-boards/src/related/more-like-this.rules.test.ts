import { ranked, wordOverlap, wordsOf } from './more-like-this.rules';

describe('wordsOf', () => {
  it('keeps words of two characters or more, lower case, each once, in any script', () => {
    expect([...wordsOf('Blue Lamp, blue LAMP: a lamp 1920s! Café 東京')]).toEqual(['blue', 'lamp', '1920s', 'café', '東京']);
    expect(wordsOf('  ').size).toBe(0);
  });
});

describe('wordOverlap', () => {
  it('is words in common over words in either', () => {
    expect(wordOverlap(wordsOf('blue lamp'), wordsOf('blue lamp'))).toBe(1);
    expect(wordOverlap(wordsOf('blue lamp'), wordsOf('red lamp'))).toBeCloseTo(1 / 3);
    expect(wordOverlap(wordsOf('blue lamp'), wordsOf('kitchen'))).toBe(0);
    expect(wordOverlap(wordsOf(''), wordsOf('kitchen'))).toBe(0);
  });
});

describe('ranked', () => {
  it('puts the nearest picture first, then the most words in common, then the newest pin', () => {
    const order = ranked([
      { pinId: '9', imageId: 'c', distance: 6, overlap: 1 },
      { pinId: '10', imageId: 'b', distance: 2, overlap: 0 },
      { pinId: '11', imageId: 'a', distance: 2, overlap: 0.5 },
      { pinId: '12', imageId: 'b', distance: 2, overlap: 0 },
    ]);
    expect(order.map((c) => c.pinId)).toEqual(['11', '12', '10', '9']);
  });
});
