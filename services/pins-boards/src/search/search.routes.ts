import {
  hashtagAutocompleteQuerySchema, hashtagSuggestionsSchema, pageAdsOptionSchema, searchAdvisoryOptionsSchema, sensitivitySchema, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX_LENGTH, SEARCH_PAGE_SIZE, searchOptionsSchema, searchResultsSchema, typeaheadItemsSchema, typeaheadOptionsSchema,
  type SearchPageMeta,
} from '@pinhive/contracts';
import { defineResource, defineRoute, nextBookmark, pagedOptions } from '@pinhive/kit';
import { z } from 'zod';
import { pageMetaWith, type PromotedJson } from '../promoted/page-meta';
import type { Advisories } from './advisories';
import type { SearchService } from './search.service';

/** Where a page of results starts: after this score and id, of the corrected query if any (search.index.ts ResultKey). */
const resultKey = z.object({ score: z.number(), id: z.string().max(64), query: z.string().max(SEARCH_QUERY_MAX_LENGTH).optional() });

/** A search page's promoted pins for a viewer (or someone signed out): only pins the query's words answer (promoted/promoted.service.ts). */
export type PromotedBeside = (userId: string | undefined, count: number, query: string) => Promise<PromotedJson>;

export function searchRoutes(search: SearchService, advisories: Pick<Advisories, 'match'>, promoted?: PromotedBeside) {
  return [
    defineResource({
      resource: 'BaseSearchResource', action: 'get', auth: 'optional', paged: true,
      summary: 'Search pins, your pins, boards or people (scope); the scopes of things the product has none of answer an empty page',
      options: pagedOptions(searchOptionsSchema.extend(pageAdsOptionSchema.shape), { key: resultKey, defaultLimit: SEARCH_PAGE_SIZE, maxLimit: SEARCH_PAGE_MAX }),
      response: searchResultsSchema,
      handler: async ({ viewer, options }) => {
        const { items, next, corrected } = await search.search(viewer, options);
        // Promoted pins asked for come with the page (`meta.promoted`): beside the pins scope only,
        // not with a colour filter (an ad is not of the colours chosen), answering the words searched
        // (the corrected ones when the results are of those).
        const adsWanted = promoted && options.ads && options.scope === 'pins' && !options.colors?.length ? options.ads : 0;
        const ads = adsWanted > 0 ? await promoted!(viewer?.userId, adsWanted, corrected ?? options.query) : undefined;
        const meta = pageMetaWith<SearchPageMeta>(corrected ? { corrected_query: corrected } : {}, ads);
        return { items, bookmark: nextBookmark(next && { score: next.score, id: next.id, ...(next.query ? { query: next.query } : {}) }), ...(meta ? { meta } : {}) };
      },
    }),
    defineResource({
      resource: 'SearchTypeaheadResource', action: 'get', auth: 'optional',
      summary: 'Suggestions for a term being typed: queries (titles of pins the viewer may see), then boards and people unless pin_scope',
      options: typeaheadOptionsSchema, response: typeaheadItemsSchema,
      handler: ({ viewer, options }) => search.typeahead(viewer, options),
    }),
    defineResource({
      resource: 'SearchAdvisoryResource', action: 'get', auth: 'optional',
      summary: "The advisory an operator set for a query (its sensitivity and the notice shown above the results and in a modal), or null",
      options: searchAdvisoryOptionsSchema, response: sensitivitySchema.nullable(),
      handler: ({ options }) => advisories.match(options.query),
    }),
    defineRoute({
      method: 'get', path: '/v3/search/autocomplete/', auth: 'optional',
      summary: 'Hashtags beginning with q (at most 5), the most used first; with show_pin_count=true each with its pins the viewer may see (counted up to 10,000)',
      query: hashtagAutocompleteQuerySchema, response: hashtagSuggestionsSchema,
      handler: ({ viewer, query }) => search.hashtags(viewer, query.q, query.show_pin_count),
    }),
  ];
}
