import { z } from 'zod';
import { BOARD_PRIVACIES } from './saving';
import { idSchema, pinSchema } from './pins-boards';

/*
 * Search (saving-boards-ads.md sections 3, 5 and 7): BaseSearchResource's options, the search
 * page's query-string parameters, and what a result is. Limits the spec leaves open are chosen
 * here and explained in docs/decisions/search.md.
 */

/** Every scope the spec names. */
export const SEARCH_SCOPES = ['pins', 'buyable_pins', 'my_pins', 'videos', 'boards', 'users', 'idea_pins', 'my_content'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
/**
 * The scopes with results. The product has no products to buy, no videos and no idea pins, and
 * "my content" is the pins of my_pins: the others answer an empty page (README, Search).
 */
export const SEARCH_SCOPES_WITH_RESULTS = ['pins', 'my_pins', 'boards', 'users'] as const satisfies readonly SearchScope[];
export const scopeHasResults = (scope: SearchScope): boolean => (SEARCH_SCOPES_WITH_RESULTS as readonly string[]).includes(scope);

/** The longest query searched (not shown in the spec): longer is a 400, not cut silently. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_PAGE_MAX = 50;
/** The search-typeahead resource's default `count` (section 9). */
export const SEARCH_TYPEAHEAD_COUNT_DEFAULT = 5;
/** Hashtag suggestions shown at most (section 9). */
export const HASHTAG_SUGGESTIONS_MAX = 5;

/**
 * The named colours a pin's dominant colour is filed under (`colors=` filters by them). Twelve,
 * as a person names a picture's colour; the mapping is `paletteColorOf` (rules/colors.ts).
 */
export const COLOR_PALETTE = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'black', 'gray', 'white'] as const;
export type PaletteColor = (typeof COLOR_PALETTE)[number];

export const SEARCH_STRINGS = {
  queryRequired: 'Type something to search for.',
  queryTooLong: `Searches can be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
} as const;

/** Section 5: `commerce_only` and `auto_correction_disabled` are true only when the text equals 'true', case-insensitively. */
export const isTrueText = (value: unknown): boolean => value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

const trueText = z.union([z.boolean(), z.string().max(16)]).optional().transform(isTrueText);

/** A comma-joined list (as the query string sends it) or an array (as the web client sends it). */
function list<T extends z.ZodType<unknown, string>>(item: T, max: number) {
  return z
    .union([z.string().max(2048), z.array(z.string().max(256)).max(max)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s.length > 0))
    .pipe(z.array(item).max(max, `At most ${max} values.`));
}

/** `colors`: named colours of the palette, as a list or comma-separated (search, a board page, the home feed). */
export const colorsOptionSchema = list(z.enum(COLOR_PALETTE, { error: `Colours are ${COLOR_PALETTE.join(', ')}.` }), COLOR_PALETTE.length);

/** A price bound: a number of at least 0 (text from the query string, or a number). */
const price = z.union([z.number(), z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Must be a price (a number of at least 0).').transform(Number)]).pipe(z.number().min(0, 'Must be a price (a number of at least 0).')).optional();

const free = (max: number) => z.string().max(max).optional();

/**
 * BaseSearchResource's options (section 3 "Search options"), plus `colors` (any search filtered by
 * the pins' named colour). Options without an effect here are accepted and ignored, as the web
 * client sends them: `article`, `corpus`, `customized_rerank_type`, `journey_depth` and the
 * source fields describe where the search came from.
 */
export const searchOptionsSchema = z.object({
  query: z.string({ error: SEARCH_STRINGS.queryRequired }).trim().min(1, SEARCH_STRINGS.queryRequired).max(SEARCH_QUERY_MAX_LENGTH, SEARCH_STRINGS.queryTooLong),
  scope: z.enum(SEARCH_SCOPES).default('pins'),
  applied_filters: free(500),
  appliedProductFilters: free(500),
  article: free(100),
  /** Off (the default): a query that finds nothing as typed is searched as its closest words. */
  auto_correction_disabled: trueText,
  /** Only pins that can be bought: this product has none, so true answers an empty page. */
  commerce_only: trueText,
  corpus: free(50),
  customized_rerank_type: free(50),
  /** Only pins linking to these sites (`example.com`, which also matches `www.example.com`). */
  domains: list(z.string().regex(/^[a-z0-9.-]{1,253}$/i, 'Must be a domain name.'), 10).optional(),
  filters: free(500),
  journey_depth: z.coerce.number().int().min(0).max(1000).optional(),
  /** Prices are a product's: with either bound set, no pin here has one, so the page is empty. */
  price_max: price,
  price_min: price,
  query_pin_sigs: list(z.string().max(64), 10).optional(),
  /** How the search started (typed, typeahead, hashtag...): kept for reporting, no effect on results. */
  rs: free(50),
  selected_one_bar_modules: free(500),
  source_id: free(100),
  source_module_id: free(100),
  source_url: free(2048),
  top_pin_id: idSchema.optional(),
  top_pin_ids: list(idSchema, 10).optional(),
  /** Only pins saved by this person (their username). */
  user: z.string().max(30).optional(),
  colors: colorsOptionSchema.optional(),
});
export type SearchOptions = z.input<typeof searchOptionsSchema>;
export type ParsedSearchOptions = z.output<typeof searchOptionsSchema>;

/**
 * The query-string parameters the search page reads (section 3), as text. Those that are search
 * options are passed on; `tab` picks the scope tab shown; the others (brands, category, style,
 * on_sale...) belong to shopping and guided search, which the product does not have, and are
 * kept in the URL untouched.
 */
export const SEARCH_QUERY_PARAMETERS = [
  'auto_correction_disabled', 'b_id', 'brands', 'category', 'colors', 'commerce_only', 'cover_pin_sig', 'deb_d', 'domains', 'filters',
  'guided_search_query', 'interest_id', 'journey_depth', 'on_sale', 'price_max', 'price_min', 'q', 'query_pin_sigs', 'rs',
  'selected_one_bar_modules', 'source_id', 'source_module_id', 'style', 'tab', 'top_pin_ids', 'user',
] as const;
export type SearchQueryParameter = (typeof SEARCH_QUERY_PARAMETERS)[number];

/** Query-string names that are passed to BaseSearchResource as the option of the same name. */
const PASSED_ON = ['auto_correction_disabled', 'colors', 'commerce_only', 'domains', 'filters', 'journey_depth', 'price_max', 'price_min', 'query_pin_sigs', 'rs', 'selected_one_bar_modules', 'source_id', 'source_module_id', 'top_pin_ids', 'user'] as const;

/**
 * The search page's URL (`/search/<scope>/?q=...`) as BaseSearchResource options: `q` is the
 * query, the scope comes from the path (`pins` when it is not one), and each parameter of
 * PASSED_ON is passed on as its text (the options schema parses it: 'TRUE' is true, 'yes' is not).
 * Empty parameters are left out, as if absent.
 */
export function searchOptionsFromUrl(scopeInPath: string | undefined, params: URLSearchParams): SearchOptions & { query: string } {
  const scope = (SEARCH_SCOPES as readonly string[]).includes(scopeInPath ?? '') ? (scopeInPath as SearchScope) : 'pins';
  const options: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = params.get(name);
    if (value !== null && value.trim() !== '') options[name] = value;
  }
  return { ...options, query: (params.get('q') ?? '').trim(), scope };
}

// ---- results ----------------------------------------------------------------------------

export const searchPersonSchema = z.object({ id: z.string(), username: z.string(), full_name: z.string() });

/** A pin found: what a grid card shows, from the index alone (no read of the pins store). */
export const searchPinSchema = pinSchema
  .pick({ id: true, type: true, title: true, description: true, link: true, domain: true, dominant_color: true, images: true, created_at: true })
  .extend({ board: z.object({ id: z.string(), name: z.string(), url: z.string() }), pinner: searchPersonSchema });
export type SearchPin = z.infer<typeof searchPinSchema>;

/**
 * BoardPinsByColorResource get: a board page filtered by colour (`colors`, one or more of the
 * palette), its pins the viewer may see, newest first, paged.
 */
export const boardPinsByColorOptionsSchema = z.object({
  board_id: idSchema,
  colors: colorsOptionSchema.refine((c) => c.length > 0, 'Choose a colour.'),
});
export type BoardPinsByColorOptions = z.input<typeof boardPinsByColorOptionsSchema>;

export const searchBoardSchema = z.object({
  id: z.string(),
  type: z.literal('board'),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  privacy: z.enum(BOARD_PRIVACIES),
  owner: searchPersonSchema,
  pin_count: z.number().int(),
  image_cover_url: z.string().nullable(),
  cover_color: z.string().nullable(),
});
export type SearchBoard = z.infer<typeof searchBoardSchema>;

export const searchUserSchema = searchPersonSchema.extend({ type: z.literal('user'), image_medium_url: z.string().nullable() });
export type SearchUser = z.infer<typeof searchUserSchema>;

export const searchResultSchema = z.discriminatedUnion('type', [searchPinSchema, searchBoardSchema, searchUserSchema]);
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResultsSchema = z.array(searchResultSchema);

/**
 * What a page of results says about itself (the envelope's `meta`): `corrected_query` when the
 * query as typed found nothing and the results are of the words pins were saved with that are most
 * like it (auto_correction_disabled turns that off). The page then says "Showing results for"
 * it, with a link to search as typed.
 */
export const searchPageMetaSchema = z.object({ corrected_query: z.string().optional() });
export type SearchPageMeta = z.infer<typeof searchPageMetaSchema>;

// ---- typeahead ---------------------------------------------------------------------------

/** Boards and people suggested beside the queries (pin_scope leaves them out). */
export const TYPEAHEAD_BOARDS_MAX = 3;
export const TYPEAHEAD_USERS_MAX = 3;

/** The search-typeahead resource (section 7: `term`, `pin_scope`, `count` default 5). */
export const typeaheadOptionsSchema = z.object({
  term: z.string({ error: SEARCH_STRINGS.queryRequired }).trim().min(1, SEARCH_STRINGS.queryRequired).max(SEARCH_QUERY_MAX_LENGTH, SEARCH_STRINGS.queryTooLong),
  /** Only query suggestions (searching pins), no boards or people. */
  pin_scope: trueText,
  count: z.coerce.number().int().min(1).max(20).default(SEARCH_TYPEAHEAD_COUNT_DEFAULT),
});
export type TypeaheadOptions = z.input<typeof typeaheadOptionsSchema>;

export const typeaheadItemSchema = z.discriminatedUnion('type', [
  /** A query to search: a title of pins the viewer may see that begins with the term (folded). */
  z.object({ type: z.literal('query'), query: z.string() }),
  z.object({ type: z.literal('board'), id: z.string(), name: z.string(), url: z.string(), image_cover_url: z.string().nullable() }),
  z.object({ type: z.literal('user'), id: z.string(), username: z.string(), full_name: z.string() }),
]);
export type TypeaheadItem = z.infer<typeof typeaheadItemSchema>;
export const typeaheadItemsSchema = z.array(typeaheadItemSchema);

// ---- hashtag suggestions ----------------------------------------------------------------

/**
 * `GET /v3/search/autocomplete/` (section 7: `q`, `show_pin_count`): the hashtags beginning with
 * `q` (with or without its `#`), at most 5 (section 9). The web asks only for a non-empty query
 * (section 5); an empty one answers an empty list.
 */
export const hashtagAutocompleteQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH, SEARCH_STRINGS.queryTooLong).default(''),
  show_pin_count: trueText,
});
export const hashtagSuggestionSchema = z.object({ query: z.string(), pin_count: z.number().int().optional() });
export type HashtagSuggestion = z.infer<typeof hashtagSuggestionSchema>;
export const hashtagSuggestionsSchema = z.array(hashtagSuggestionSchema).max(HASHTAG_SUGGESTIONS_MAX);

// ---- advisories --------------------------------------------------------------------------

/** Section 4 "Search advisory": severity 0 abusive, 1 sensitive, 2 brand unsafe. */
export const ADVISORY_SEVERITIES = [0, 1, 2] as const;
/** Advisory types: 0 conditional, 4 emotional distress or suicide. */
export const ADVISORY_TYPES = [0, 4] as const;
/** Notice style 2 is the special banner. */
export const NOTICE_STYLE_SPECIAL_BANNER = 2;
/** Notices of these levels show their action buttons. */
export const NOTICE_LEVELS_WITH_ACTIONS = [4, 14] as const;
export const noticeShowsActions = (level: number): boolean => (NOTICE_LEVELS_WITH_ACTIONS as readonly number[]).includes(level);
/** An advisory term: 1 to 3 words, matched as whole words of the query, accents and case folded. */
export const ADVISORY_TERM_MAX_WORDS = 3;

const textTagSchema = z.object({ offset: z.number().int().min(0), length: z.number().int().min(1), link: z.string().max(2048), tag_type: z.string().max(50) });
const noticeActionSchema = z.object({ title: z.string().max(200), description: z.string().max(500), button: z.object({ text: z.string().min(1).max(100), link: z.string().min(1).max(2048) }) });

/** A notice (section 3): shown above the results, and in a modal. */
export const noticeSchema = z.object({
  level: z.number().int().min(0).max(100),
  style: z.number().int().min(0).max(10),
  title: z.string().max(200),
  description: z.object({ text: z.string().max(2000), text_tags: z.array(textTagSchema).max(20) }),
  /** Shown only for levels 4 and 14 (noticeShowsActions); empty otherwise. */
  actions: z.array(noticeActionSchema).max(5),
  footer: z.string().max(500).nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The sensitivity of a query (section 3): which advisory it matched and the notice to show. */
export const sensitivitySchema = z.object({
  advisory: z.string(),
  severity: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  advisory_type: z.union([z.literal(0), z.literal(4)]),
  resource_country: z.string().nullable(),
  advisory_details: z.string().nullable(),
  notices: z.array(noticeSchema),
});
export type Sensitivity = z.infer<typeof sensitivitySchema>;

export const searchAdvisoryOptionsSchema = z.object({
  query: z.string({ error: SEARCH_STRINGS.queryRequired }).trim().min(1, SEARCH_STRINGS.queryRequired).max(SEARCH_QUERY_MAX_LENGTH, SEARCH_STRINGS.queryTooLong),
});
