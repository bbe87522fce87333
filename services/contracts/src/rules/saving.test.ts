import { boardNameKey, boardNameMatches, compareBoardNames, fillTemplate, ownPinId, savedMethod, SAVING_STRINGS } from '../saving';

describe('saving rules (saving-boards-ads.md section 5)', () => {
  it('board search: every word, accent-folded, at the start of the name or of a word in it', () => {
    expect(boardNameMatches('Café Déco Ideas', 'cafe')).toBe(true);
    expect(boardNameMatches('Café Déco Ideas', 'ide caf')).toBe(true);
    expect(boardNameMatches('Café Déco Ideas', 'eco')).toBe(false);
    expect(boardNameMatches('Café Déco Ideas', 'cafe kitchen')).toBe(false);
    expect(boardNameMatches('Anything', '   ')).toBe(true);
  });

  it('names beginning with a digit sort after the others; otherwise by name, case and accents aside', () => {
    const names = ['2024 trips', 'lamps', 'Café', '10 rugs', 'Bathroom', 'cafe b'];
    expect([...names].sort(compareBoardNames)).toEqual(['Bathroom', 'Café', 'cafe b', 'lamps', '10 rugs', '2024 trips']);
  });

  it('button without a guid is saved as button_external', () => {
    expect(savedMethod('button', undefined)).toBe('button_external');
    expect(savedMethod('button', 'g-1')).toBe('button');
    expect(savedMethod('bookmarklet', undefined)).toBe('bookmarklet');
    expect(savedMethod(undefined, undefined)).toBe('button_external');
  });

  it("recognises the product's own pin pages, /amp included, and nothing else", () => {
    const origin = 'https://pinhive.example';
    expect(ownPinId('https://pinhive.example/pin/123/', origin)).toBe('123');
    expect(ownPinId('/amp/pin/456/', origin)).toBe('456');
    expect(ownPinId('https://elsewhere.example/pin/123/', origin)).toBeUndefined();
    expect(ownPinId('https://pinhive.example/pin/abc/', origin)).toBeUndefined();
  });

  it('fills both placeholder spellings of the spec', () => {
    expect(fillTemplate(SAVING_STRINGS.savedToSection, { sectionName: 'Lighting', boardName: 'Home' })).toBe('Saved to Lighting in Home');
    expect(fillTemplate(SAVING_STRINGS.tooLong, { maxLength: 50 })).toBe('Please enter no more than 50 characters.');
  });
});

describe('board names', () => {
  it('are one name whatever their case, accents and spacing', () => {
    expect(boardNameKey('Summer Trips')).toBe(boardNameKey('summer  trips '));
    expect(boardNameKey('Summer Trîps')).toBe(boardNameKey('SUMMER TRIPS'));
    expect(boardNameKey('Summer Trips')).not.toBe(boardNameKey('Summer Trip'));
  });
});
