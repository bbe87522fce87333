import { useEffect, useState } from 'react';
import { fetchHashtagSuggestions, fetchTypeahead } from './api';
import { hashtagSuggestions, requestSuggestions, suggestionSource, typeaheadSuggestions, type SuggestionList } from './suggestions';

const NONE: SuggestionList = { kind: 'typeahead', term: '', items: [] };

/**
 * The flyout's suggestions for what is typed in the top bar's field, while `enabled` (the person
 * is typing there): asked once typing pauses, each keystroke aborting the request before it; a
 * failed request answers none, an aborted one is ignored (`requestSuggestions`). The rows shown
 * stay until the next answer replaces them, so the flyout does not flicker as one types on; an
 * empty term (or `enabled` off) clears them at once, and rows of the other kind (hashtags, when
 * the `#` was just taken away) are not shown.
 */
export function useSuggestions(text: string, enabled: boolean, anonymous: boolean): SuggestionList {
  const source = enabled ? suggestionSource(text) : null;
  const kind = source?.kind ?? null;
  const term = source?.term ?? '';
  const [list, setList] = useState<SuggestionList>(NONE);
  if (kind === null && list !== NONE) setList(NONE);

  useEffect(() => {
    if (kind === null) return undefined;
    return requestSuggestions(
      { kind, term },
      {
        typeahead: async (t, signal) => typeaheadSuggestions(await fetchTypeahead(t, signal), anonymous),
        hashtags: async (q, signal) => hashtagSuggestions(await fetchHashtagSuggestions(q, signal)),
      },
      setList,
    );
  }, [kind, term, anonymous]);

  return list.kind === kind ? list : NONE;
}
