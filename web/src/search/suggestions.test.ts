import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { TypeaheadItem } from '@pinhive/contracts';
import { hashtagSuggestions, requestSuggestions, suggestionSource, typeaheadSuggestions, type Suggestion, type SuggestionFetchers, type SuggestionList } from './suggestions';

describe('suggestionSource', () => {
  it('asks nothing for an empty term (section 5)', () => {
    expect(suggestionSource('')).toBeNull();
    expect(suggestionSource('   ')).toBeNull();
    expect(suggestionSource('#')).toBeNull();
    expect(suggestionSource(' ## ')).toBeNull();
  });

  it('asks the typeahead for a term, trimmed', () => {
    expect(suggestionSource('  brass lan ')).toEqual({ kind: 'typeahead', term: 'brass lan' });
    expect(suggestionSource('a#b')).toEqual({ kind: 'typeahead', term: 'a#b' });
  });

  it('asks the hashtag autocomplete for a term starting with #', () => {
    expect(suggestionSource(' #tea')).toEqual({ kind: 'hashtags', term: '#tea' });
    expect(suggestionSource('##tea')).toEqual({ kind: 'hashtags', term: '##tea' });
  });
});

describe('the rows', () => {
  const items: TypeaheadItem[] = [
    { type: 'query', query: 'brass lantern' },
    { type: 'query', query: 'brass & copper' },
    { type: 'board', id: 'b1', name: 'Lamps', url: '/Ada/Lamps/', image_cover_url: 'https://img/1.jpg' },
    { type: 'user', id: 'u1', username: 'ada', full_name: 'Ada Lovelace' },
    { type: 'user', id: 'u2', username: 'grace', full_name: '' },
  ];

  it('keeps the typeahead order; queries search pins with rs=typeahead, boards and people open their pages', () => {
    expect(typeaheadSuggestions(items, false)).toEqual([
      { kind: 'query', key: 'query-0', text: 'brass lantern', path: '/search/pins/?q=brass+lantern&rs=typeahead' },
      { kind: 'query', key: 'query-1', text: 'brass & copper', path: '/search/pins/?q=brass+%26+copper&rs=typeahead' },
      { kind: 'board', key: 'board-b1', text: 'Lamps', imageUrl: 'https://img/1.jpg', path: '/Ada/Lamps/' },
      { kind: 'user', key: 'user-u1', text: 'Ada Lovelace', username: 'ada', path: '/ada/' },
      { kind: 'user', key: 'user-u2', text: 'grace', username: 'grace', path: '/grace/' },
    ]);
  });

  it('puts queries first, then boards, then people, whatever the order of the answer', () => {
    const mixed = [items[3]!, items[2]!, items[0]!, items[4]!, items[1]!];
    expect(typeaheadSuggestions(mixed, false).map((row) => row.text)).toEqual(['brass lantern', 'brass & copper', 'Lamps', 'Ada Lovelace', 'grace']);
  });

  it("lowercases a board's address for a visitor, as its card does", () => {
    expect(typeaheadSuggestions(items, true)[2]?.path).toBe('/ada/lamps/');
  });

  it('shows at most 5 hashtags, each with its count, searching it with rs=hashtag', () => {
    const many = ['#tea', '#teatime', '#teapot', '#teal', '#team', '#tear'].map((query, i) => ({ query, pin_count: 10 - i }));
    const rows = hashtagSuggestions(many);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({ kind: 'hashtag', key: 'hashtag-0', text: '#tea', pinCount: 10, path: '/search/pins/?q=%23tea&rs=hashtag' });
    expect(hashtagSuggestions([{ query: 'tea' }])).toEqual([{ kind: 'hashtag', key: 'hashtag-0', text: '#tea', pinCount: null, path: '/search/pins/?q=%23tea&rs=hashtag' }]);
  });
});

describe('requestSuggestions', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const row: Suggestion = { kind: 'query', key: 'query-0', text: 'brass', path: '/search/pins/?q=brass&rs=typeahead' };

  /** Fetchers whose answers the test settles by hand, recording what was asked and its signal. */
  function manualFetchers() {
    const asked: { kind: string; term: string; signal: AbortSignal; resolve: (rows: Suggestion[]) => void; reject: (error: unknown) => void }[] = [];
    const make =
      (kind: string) =>
      (term: string, signal: AbortSignal): Promise<Suggestion[]> =>
        new Promise((resolve, reject) => {
          asked.push({ kind, term, signal, resolve, reject });
        });
    const fetchers: SuggestionFetchers = { typeahead: make('typeahead'), hashtags: make('hashtags') };
    return { asked, fetchers };
  }

  /** Lets the promise callbacks run. */
  const settle = async () => {
    await Promise.resolve();
    await Promise.resolve();
  };

  it('asks once typing pauses (150 ms), then hands on the answer with its term', async () => {
    const { asked, fetchers } = manualFetchers();
    const answers: SuggestionList[] = [];
    requestSuggestions({ kind: 'typeahead', term: 'bra' }, fetchers, (list) => answers.push(list));
    jest.advanceTimersByTime(149);
    expect(asked).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(asked.map((a) => [a.kind, a.term])).toEqual([['typeahead', 'bra']]);
    asked[0]!.resolve([row]);
    await settle();
    expect(answers).toEqual([{ kind: 'typeahead', term: 'bra', items: [row] }]);
  });

  it('asks the hashtag autocomplete for a hashtag source', () => {
    const { asked, fetchers } = manualFetchers();
    requestSuggestions({ kind: 'hashtags', term: '#tea' }, fetchers, () => undefined);
    jest.advanceTimersByTime(150);
    expect(asked.map((a) => [a.kind, a.term])).toEqual([['hashtags', '#tea']]);
  });

  it('asks nothing when cancelled before the pause is over', () => {
    const { asked, fetchers } = manualFetchers();
    const cancel = requestSuggestions({ kind: 'typeahead', term: 'b' }, fetchers, () => undefined);
    jest.advanceTimersByTime(100);
    cancel();
    jest.advanceTimersByTime(1000);
    expect(asked).toHaveLength(0);
  });

  it('aborts a request a newer keystroke cancels, and ignores what it still answers', async () => {
    const { asked, fetchers } = manualFetchers();
    const answers: SuggestionList[] = [];
    const cancelOld = requestSuggestions({ kind: 'typeahead', term: 'bra' }, fetchers, (list) => answers.push(list));
    jest.advanceTimersByTime(150);
    cancelOld();
    requestSuggestions({ kind: 'typeahead', term: 'bras' }, fetchers, (list) => answers.push(list));
    jest.advanceTimersByTime(150);
    expect(asked[0]!.signal.aborted).toBe(true);
    expect(asked[1]!.signal.aborted).toBe(false);
    // The new answer first, then the old one, late (a server that did not stop): only the new counts.
    asked[1]!.resolve([row]);
    asked[0]!.resolve([{ ...row, text: 'old' }]);
    await settle();
    expect(answers).toEqual([{ kind: 'typeahead', term: 'bras', items: [row] }]);
  });

  it('ignores the error of an aborted request (never an error, never rows)', async () => {
    const { asked, fetchers } = manualFetchers();
    const answers: SuggestionList[] = [];
    const cancel = requestSuggestions({ kind: 'typeahead', term: 'bra' }, fetchers, (list) => answers.push(list));
    jest.advanceTimersByTime(150);
    cancel();
    asked[0]!.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await settle();
    expect(answers).toEqual([]);
  });

  it('answers no rows when the request fails (the flyout hides)', async () => {
    const { asked, fetchers } = manualFetchers();
    const answers: SuggestionList[] = [];
    requestSuggestions({ kind: 'hashtags', term: '#tea' }, fetchers, (list) => answers.push(list));
    jest.advanceTimersByTime(150);
    asked[0]!.reject(new Error('503'));
    await settle();
    expect(answers).toEqual([{ kind: 'hashtags', term: '#tea', items: [] }]);
  });
});
