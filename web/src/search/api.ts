import { SEARCH_PAGE_SIZE, searchResultsSchema, type SearchOptions, type SearchResult } from '@pinhive/contracts';
import { resourcePageFilled, type Page } from '../api/resource';

/**
 * BaseSearchResource get: a page of results for the search options (section 7), 25 at a time,
 * reading on through pages that came back empty with a bookmark (`resourcePageFilled`).
 */
export function fetchSearchPage(options: SearchOptions, bookmark: string | null, signal?: AbortSignal): Promise<Page<SearchResult>> {
  return resourcePageFilled('BaseSearchResource', options, SEARCH_PAGE_SIZE, bookmark, searchResultsSchema, signal);
}
