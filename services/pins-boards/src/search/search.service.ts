import { HASHTAG_SUGGESTIONS_MAX, scopeHasResults, TYPEAHEAD_BOARDS_MAX, TYPEAHEAD_USERS_MAX, type ParsedSearchOptions, type HashtagSuggestion, type SearchResult, type TypeaheadItem } from '@pinhive/contracts';
import { JsonText, type Viewer } from '@pinhive/kit';
import type { SearchResultsCache } from './results-cache';
import type { Found, ResultKey, SearchIndex, SearchRequest } from './search.index';

export interface SearchPageRequest extends ParsedSearchOptions {
  page_size: number;
  /** The key the previous page ended on (its bookmark). */
  bookmarks?: ResultKey;
}

const EMPTY = new JsonText('[]');

/**
 * A list as the JSON text it is sent as (kept answers are sent as these bytes, not serialised
 * again for every request that repeats them), with how many it holds: one that found nothing is
 * not kept (results-cache.ts).
 */
const asJson = (items: readonly unknown[]) => ({ json: new JsonText(JSON.stringify(items)), count: items.length });
const foundAny = (list: { count: number }) => list.count > 0;

/**
 * BaseSearchResource: a scope's page of results for a viewer. Pins, the viewer's pins, boards
 * and people come from the index; the scopes of things the product does not have (products to
 * buy, videos, idea pins) answer an empty page, and so does any search for products only
 * (`commerce_only`, a price bound): no pin here has a price.
 */
export class SearchService {
  constructor(
    private readonly index: SearchIndex,
    private readonly results: SearchResultsCache,
  ) {}

  /**
   * A page of results, as JSON text (asJson): JSON.stringify of a page of 25 pins was the
   * service's dearest step under the search benchmark, for every repeat and once more for its size.
   */
  async search(viewer: Viewer | undefined, options: SearchPageRequest): Promise<{ items: JsonText; next: ResultKey | undefined; corrected?: string }> {
    const scope = options.scope === 'my_content' ? 'my_pins' : options.scope;
    const productsOnly = options.commerce_only || options.price_min !== undefined || options.price_max !== undefined;
    if (!scopeHasResults(scope) || productsOnly || (scope === 'my_pins' && !viewer)) return { items: EMPTY, next: undefined };
    // Everything that changes the answer, and who it is shared by (results-cache.ts).
    const audience = scope === 'my_pins' ? `viewer:${viewer?.userId ?? ''}` : await this.results.audience(viewer?.userId);
    const variant = JSON.stringify(['search', audience, scope, options.query, options.auto_correction_disabled, options.colors, options.domains, options.user, options.page_size, options.bookmarks]);
    const page = await this.results.kept(variant, async () => {
      const found = await this.searchIndex(viewer, { ...options, scope });
      return { ...asJson(found.items), next: found.next, corrected: found.corrected };
    }, foundAny);
    return { items: page.json, next: page.next, ...(page.corrected ? { corrected: page.corrected } : {}) };
  }

  /** A page of results; `corrected` when they are of the corrected query (this page or an earlier one corrected it). */
  private async searchIndex(viewer: Viewer | undefined, options: SearchPageRequest): Promise<{ items: SearchResult[]; next: ResultKey | undefined; corrected?: string }> {
    const { scope } = options;
    const typos = !options.auto_correction_disabled;
    // Later pages of a corrected search go on with the corrected query (their bookmark holds it).
    const request: SearchRequest = { query: options.bookmarks?.query ?? options.query, typos, limit: options.page_size + 1, after: options.bookmarks };
    const searcher = { userId: viewer?.userId };
    let corrected: string | undefined = options.bookmarks?.query;
    let found: Found<SearchResult>;
    if (scope === 'boards') found = await this.index.boards(searcher, request);
    else if (scope === 'users') found = await this.index.users(request);
    else {
      const filters = { colors: options.colors, domains: options.domains, username: options.user, mine: scope === 'my_pins' };
      found = await this.index.pins(searcher, request, filters);
      // Nothing as typed: search the words pins were saved with that are most like the unknown ones.
      if (found.items.length === 0 && !options.bookmarks && typos) {
        const fixed = await this.index.correctQuery(options.query);
        if (fixed) {
          corrected = fixed;
          found = await this.index.pins(searcher, { ...request, query: fixed }, filters);
        }
      }
    }
    const said = corrected ? { corrected } : {};
    if (found.items.length <= options.page_size) return { items: found.items, next: undefined, ...said };
    const last = found.keys[options.page_size - 1];
    return { items: found.items.slice(0, options.page_size), next: last && (corrected ? { ...last, query: corrected } : last), ...said };
  }

  /**
   * The search-typeahead resource: up to `count` queries, then (unless `pin_scope`) a few boards
   * and people, each as the searcher may see them.
   */
  async typeahead(viewer: Viewer | undefined, options: { term: string; pin_scope: boolean; count: number }): Promise<JsonText> {
    const variant = JSON.stringify(['typeahead', await this.results.audience(viewer?.userId), options.term.toLowerCase(), options.pin_scope, options.count]);
    return (await this.results.suggested(variant, async () => asJson(await this.typeaheadFromIndex(viewer, options)), foundAny)).json;
  }

  private async typeaheadFromIndex(viewer: Viewer | undefined, options: { term: string; pin_scope: boolean; count: number }): Promise<TypeaheadItem[]> {
    const searcher = { userId: viewer?.userId };
    const request = (limit: number): SearchRequest => ({ query: options.term, typos: true, limit });
    const [queries, boards, users] = await Promise.all([
      this.index.suggestQueries(searcher, options.term, options.count),
      options.pin_scope ? undefined : this.index.boards(searcher, request(Math.min(TYPEAHEAD_BOARDS_MAX, options.count))),
      options.pin_scope ? undefined : this.index.users(request(Math.min(TYPEAHEAD_USERS_MAX, options.count))),
    ]);
    return [
      ...queries.map((query): TypeaheadItem => ({ type: 'query', query })),
      ...(boards?.items ?? []).map((b): TypeaheadItem => ({ type: 'board', id: b.id, name: b.name, url: b.url, image_cover_url: b.image_cover_url })),
      ...(users?.items ?? []).map((u): TypeaheadItem => ({ type: 'user', id: u.id, username: u.username, full_name: u.full_name })),
    ];
  }

  /** Hashtag suggestions: `q` with or without its `#`; nothing for an empty one. */
  async hashtags(viewer: Viewer | undefined, q: string, showPinCount: boolean): Promise<HashtagSuggestion[]> {
    const prefix = q.trim().replace(/^#+/, '');
    if (prefix === '') return [];
    const variant = JSON.stringify(['hashtags', await this.results.audience(viewer?.userId), prefix.toLowerCase()]);
    const found = await this.results.kept(variant, () => this.index.suggestHashtags({ userId: viewer?.userId }, prefix, HASHTAG_SUGGESTIONS_MAX), (tags) => tags.length > 0);
    return found.map((h) => ({ query: `#${h.tag}`, ...(showPinCount ? { pin_count: h.pinCount } : {}) }));
  }
}
