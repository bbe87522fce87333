import { HASHTAG_SUGGESTIONS_MAX, type HashtagSuggestion, type TypeaheadItem } from '@pinhive/contracts';
import { boardHref } from '../boards/rules';
import { searchPath } from './paths';

/**
 * What the top bar's field asks for as the person types: the search-typeahead resource for a
 * term, the hashtag autocomplete for a term starting with `#`, and nothing for an empty one
 * (section 5: suggestions only for non-empty queries; `#` alone is empty).
 */
export interface SuggestionSource {
  kind: 'typeahead' | 'hashtags';
  /** The trimmed text, sent as the typeahead's `term` or the autocomplete's `q`. */
  term: string;
}

export function suggestionSource(text: string): SuggestionSource | null {
  const term = text.trim();
  if (term.startsWith('#')) return term.replace(/^#+/, '').trim() === '' ? null : { kind: 'hashtags', term };
  return term === '' ? null : { kind: 'typeahead', term };
}

/** One row of the flyout, with where choosing it goes. */
export type Suggestion =
  | { kind: 'query'; key: string; text: string; path: string }
  | { kind: 'board'; key: string; text: string; imageUrl: string | null; path: string }
  | { kind: 'user'; key: string; text: string; username: string; path: string }
  | { kind: 'hashtag'; key: string; text: string; pinCount: number | null; path: string };

const KIND_ORDER: readonly Suggestion['kind'][] = ['query', 'board', 'user'];

/**
 * The typeahead's answer as rows: queries, then boards, then people (each in the answer's
 * order). A query searches pins (`rs=typeahead`), a board opens its page (lowercased for a
 * visitor, as a board card's link), a person their profile.
 */
export function typeaheadSuggestions(items: readonly TypeaheadItem[], anonymous: boolean): Suggestion[] {
  const rows = items.map((item, index): Suggestion => {
    switch (item.type) {
      case 'query':
        return { kind: 'query', key: `query-${index}`, text: item.query, path: searchPath(item.query, 'typeahead') };
      case 'board':
        return { kind: 'board', key: `board-${item.id}`, text: item.name, imageUrl: item.image_cover_url, path: boardHref(item.url, anonymous) };
      case 'user':
        return { kind: 'user', key: `user-${item.id}`, text: item.full_name || item.username, username: item.username, path: `/${item.username}/` };
    }
  });
  // The flyout shows them in this order, and the arrow keys follow it, whatever the answer's order.
  return rows.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}


/** The hashtag autocomplete's answer as rows, at most 5 (section 9): each searches its hashtag (`rs=hashtag`). */
export function hashtagSuggestions(items: readonly HashtagSuggestion[]): Suggestion[] {
  return items.slice(0, HASHTAG_SUGGESTIONS_MAX).map((item, index) => {
    const text = item.query.startsWith('#') ? item.query : `#${item.query}`;
    return { kind: 'hashtag', key: `hashtag-${index}`, text, pinCount: item.pin_count ?? null, path: searchPath(text, 'hashtag') };
  });
}

/** The flyout's rows and what they answer (the term is what the highlight is for). */
export interface SuggestionList extends SuggestionSource {
  items: Suggestion[];
}

export interface SuggestionFetchers {
  typeahead: (term: string, signal: AbortSignal) => Promise<Suggestion[]>;
  hashtags: (q: string, signal: AbortSignal) => Promise<Suggestion[]>;
}

/** Typing pauses this long before the suggestions are asked for. */
export const SUGGESTION_DELAY_MS = 150;

/**
 * Asks for the suggestions of `source` once `delayMs` has passed, and hands the answer to
 * `onAnswer`; a failure answers no rows (section 8: "Autocomplete fails: flyout hidden").
 * Returns the cancel: before the delay nothing is asked; afterwards the request is aborted, and
 * whatever it still answers (rows, an error, the abort's own error) is ignored ("cancelled
 * request ignored"). The field cancels the previous request at every keystroke.
 */
export function requestSuggestions(
  source: SuggestionSource,
  fetchers: SuggestionFetchers,
  onAnswer: (list: SuggestionList) => void,
  delayMs = SUGGESTION_DELAY_MS,
): () => void {
  const controller = new AbortController();
  const { kind, term } = source;
  const timer = setTimeout(() => {
    const asked = kind === 'typeahead' ? fetchers.typeahead(term, controller.signal) : fetchers.hashtags(term, controller.signal);
    asked.then(
      (items) => {
        if (!controller.signal.aborted) onAnswer({ kind, term, items });
      },
      () => {
        if (!controller.signal.aborted) onAnswer({ kind, term, items: [] });
      },
    );
  }, delayMs);
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}
