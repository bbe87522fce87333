import { COLOR_PALETTE, SEARCH_SCOPES, type PaletteColor, type SearchScope } from '@pinhive/contracts';
import { isApiError } from '../api/apiError';

/**
 * How a search started (`rs`, kept for reporting): typed in the top bar, a typeahead suggestion
 * chosen, or a hashtag followed (in a pin's text or suggested).
 */
export type SearchSource = 'typed' | 'typeahead' | 'hashtag';

/** The tabs of the search page, in order. `my_pins` ("Your Pins") is for signed-in people only. */
export const SEARCH_TABS = ['pins', 'boards', 'users', 'my_pins'] as const satisfies readonly SearchScope[];
export type SearchTab = (typeof SEARCH_TABS)[number];

/** The scopes whose results are pins, shown in the grid with the colour filter. */
export const isPinScope = (scope: SearchScope): boolean => scope === 'pins' || scope === 'my_pins';

export const isSearchScope = (value: string | undefined): value is SearchScope => (SEARCH_SCOPES as readonly string[]).includes(value ?? '');

/** `/search/<scope>/?q=<query>&rs=<source>` */
export function searchPath(query: string, source: SearchSource, scope: SearchScope = 'pins'): string {
  return `/search/${scope}/?${new URLSearchParams({ q: query, rs: source }).toString()}`;
}

/** Where a hashtag in a pin's text leads: `/search/pins/?q=%23word&rs=hashtag`. */
export const hashtagPath = (tag: string): string => searchPath(`#${tag}`, 'hashtag');

/** The scope of a search page's path (`/search/boards/` → boards), or null on any other page. */
export function scopeOfPath(pathname: string): SearchScope | null {
  const scope = /^\/search\/([^/]+)\/?$/.exec(pathname)?.[1];
  return isSearchScope(scope) ? scope : null;
}

/** Another tab of the same search: the query and how it started go along; filters stay behind. */
export function tabPath(scope: SearchScope, params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const name of ['q', 'rs']) {
    const value = params.get(name);
    if (value !== null) next.set(name, value);
  }
  return `/search/${scope}/?${next.toString()}`;
}

/**
 * The same search as typed, not corrected: every parameter kept, `auto_correction_disabled=true`
 * added (the search option that turns the correction of a typo off).
 */
export function asTypedPath(scope: SearchScope, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set('auto_correction_disabled', 'true');
  return `/search/${scope}/?${next.toString()}`;
}

/** The colours chosen in `colors=red,blue` (palette names only, each once, in palette order). */
export function selectedColors(params: URLSearchParams): PaletteColor[] {
  const named = new Set((params.get('colors') ?? '').split(',').map((name) => name.trim().toLowerCase()));
  return COLOR_PALETTE.filter((color) => named.has(color));
}

/** The page's parameters with `color` chosen or, if it was, no longer chosen (no `colors` when none is). */
export function toggleColor(params: URLSearchParams, color: PaletteColor): URLSearchParams {
  const chosen = new Set(selectedColors(params));
  if (chosen.has(color)) chosen.delete(color);
  else chosen.add(color);
  const next = new URLSearchParams(params);
  const colors = COLOR_PALETTE.filter((name) => chosen.has(name));
  if (colors.length > 0) next.set('colors', colors.join(','));
  else next.delete('colors');
  return next;
}

/** `?…` for the address bar, with the commas of lists as they are (`colors=red,blue`, not `red%2Cblue`). */
export function readableSearch(params: URLSearchParams): string {
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}

/**
 * What the error state says: the server's own message when it refused the search (a 4xx in the
 * error envelope: its message is the first problem found, in words for people), else `fallback`.
 */
export function searchErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code !== 'bad_response' && error.http_status >= 400 && error.http_status < 500 && error.message) return error.message;
  return fallback;
}
