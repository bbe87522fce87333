import { describe, expect, it } from '@jest/globals';
import { boardNameSuggestions, namingWordsOf, phrasesOf } from './board-name-suggestions';

const none = { similar: [], title: '', description: '', sourceBoard: null, taken: [] };

describe('board name suggestions', () => {
  it("takes phrases of the pin's words, whole and by their last two words", () => {
    expect(phrasesOf('Brass floor lamp for the reading corner')).toEqual(['Brass floor lamp', 'Floor lamp', 'Reading corner', 'Reading corner']);
    expect(phrasesOf('Warm brass lamp')).toEqual(['Brass lamp']);
  });

  it('never offers a single common word, however it came', () => {
    const names = boardNameSuggestions({ ...none, similar: ['Ideas', 'Reading nooks'], title: 'Warm idea', description: 'Best cosy lamp idea' }, 5);
    expect(names).toEqual(['Reading nooks', 'Cosy lamp', 'Cosy', 'Lamp']);
    expect(namingWordsOf('the best warm ideas')).toEqual([]);
  });

  it('orders names others kept first, then the title, the description, the source board, single words', () => {
    expect(
      boardNameSuggestions({ similar: ['Rock gardens'], title: 'Succulent rockery steps', description: 'Alpine plants', sourceBoard: 'Garden paths', taken: [] }, 5),
    ).toEqual(['Rock gardens', 'Succulent rockery steps', 'Rockery steps', 'Alpine plants', 'Garden paths']);
  });

  it("leaves out names the person already has, in any case or accents, and repeats", () => {
    expect(
      boardNameSuggestions({ ...none, similar: ['Café corners', 'cafe corners', 'Rock gardens'], title: 'Rock gardens', taken: ['CAFE CORNERS'] }, 5),
    ).toEqual(['Rock gardens', 'Rock', 'Gardens']);
  });

  it('keeps to the longest board name and to the number asked', () => {
    const long = 'x'.repeat(51);
    expect(boardNameSuggestions({ ...none, similar: [long, 'A', 'B c', 'D e', 'F g'], title: 'Hallway runner rugs' }, 3)).toEqual(['A', 'B c', 'D e']);
  });
});
