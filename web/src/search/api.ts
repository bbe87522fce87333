import {
  hashtagSuggestionsSchema, SEARCH_PAGE_SIZE, SEARCH_TYPEAHEAD_COUNT_DEFAULT, searchResultsSchema, sensitivitySchema, typeaheadItemsSchema,
  type HashtagSuggestion, type SearchOptions, type SearchResult, type Sensitivity, type TypeaheadItem,
} from '@pinhive/contracts';
import { apiRequest } from '../api/client';
import { resourceGet, resourcePageFilled, type Page } from '../api/resource';

/**
 * BaseSearchResource get: a page of results for the search options (section 7), 25 at a time,
 * reading on through pages that came back empty with a bookmark (`resourcePageFilled`).
 */
export function fetchSearchPage(options: SearchOptions, bookmark: string | null, signal?: AbortSignal, ads = 0): Promise<Page<SearchResult>> {
  return resourcePageFilled('BaseSearchResource', ads > 0 ? { ...options, ads } : options, SEARCH_PAGE_SIZE, bookmark, searchResultsSchema, signal);
}

/** The search-typeahead resource (section 7): queries, then boards and people, for a term being typed. */
export function fetchTypeahead(term: string, signal?: AbortSignal): Promise<TypeaheadItem[]> {
  return resourceGet('SearchTypeaheadResource', { term, count: SEARCH_TYPEAHEAD_COUNT_DEFAULT }, typeaheadItemsSchema, signal);
}

/** `GET /v3/search/autocomplete/` (section 7): the hashtags beginning with `q` (at most 5), each with its pin count. */
export function fetchHashtagSuggestions(q: string, signal?: AbortSignal): Promise<HashtagSuggestion[]> {
  const query = new URLSearchParams({ q, show_pin_count: 'true' });
  return apiRequest(`/v3/search/autocomplete/?${query.toString()}`, { schema: hashtagSuggestionsSchema, signal });
}

/**
 * SearchAdvisoryResource get (section 4 "Search advisory"): the sensitivity of a query, with the
 * notice to show above its results, or null when no advisory matches it.
 */
export function fetchSearchAdvisory(query: string, signal?: AbortSignal): Promise<Sensitivity | null> {
  return resourceGet('SearchAdvisoryResource', { query }, sensitivitySchema.nullable(), signal);
}
