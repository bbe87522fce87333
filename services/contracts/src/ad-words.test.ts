import { adWordsOf as wordsOf, queryWordsOf, relevance } from './ad-choice';

/** Whether a search of `query` is answered by a pin of these texts. */
const answers = (query: string, ...pin: string[]) => relevance(queryWordsOf(query), wordsOf(...pin)) > 0;

describe('the words of a promoted pin and of a search', () => {
  it('fold accents, case, plurals and possessives, and leave out the shortest words', () => {
    const pin = ['Crème Brûlée RECIPES for a Party', "Grandma's berries"];
    for (const word of ['berry', 'creme', 'for', 'grandma', 'party', 'recipe', 'brulee']) expect(answers(word, ...pin)).toBe(true);
    for (const word of ['box', 'dish', 'glass']) expect(answers(word, 'boxes of glasses', 'dishes')).toBe(true);
    expect(wordsOf('a to be', null, undefined, '').size).toBe(0);
    expect(queryWordsOf('a to be')).toEqual([]);
  });

  it('keep words that only look plural', () => {
    expect(answers('dress', 'dress bus')).toBe(true);
    expect(answers('bus', 'dress bus')).toBe(true);
  });

  it("match a plural in 'ies' to either singular", () => {
    expect(answers('cookie', 'Chocolate chip cookies')).toBe(true);
    expect(answers('cookies', 'A cookie jar')).toBe(true);
    expect(answers('berry', 'Fresh berries')).toBe(true);
  });

  it('count how many of the query words a pin answers', () => {
    const pin = wordsOf('Vegan chocolate cake', 'Easy desserts');
    expect(relevance(queryWordsOf('chocolate cakes'), pin)).toBe(2);
    expect(relevance(queryWordsOf('vegan'), pin)).toBe(1);
    expect(relevance(queryWordsOf('garden shed'), pin)).toBe(0);
    expect(relevance(queryWordsOf(''), pin)).toBe(0);
  });
});
