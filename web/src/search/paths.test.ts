import { describe, expect, it } from '@jest/globals';
import { SEARCH_STRINGS } from '@pinhive/contracts';
import en from '../i18n/en.json';
import { ApiError, NetworkError } from '../api/apiError';
import { asTypedPath, hashtagPath, readableSearch, scopeOfPath, searchErrorText, searchPath, selectedColors, tabPath, toggleColor } from './paths';

describe('search addresses', () => {
  it('builds the search page address, encoding the query', () => {
    expect(searchPath('lamp', 'typed')).toBe('/search/pins/?q=lamp&rs=typed');
    expect(searchPath('brass & paper lamps?', 'typed', 'boards')).toBe('/search/boards/?q=brass+%26+paper+lamps%3F&rs=typed');
    expect(hashtagPath('lamps')).toBe('/search/pins/?q=%23lamps&rs=hashtag');
    expect(new URLSearchParams(hashtagPath('東京').split('?')[1]).get('q')).toBe('#東京');
  });

  it('knows a search page and its scope', () => {
    expect(scopeOfPath('/search/pins/')).toBe('pins');
    expect(scopeOfPath('/search/users')).toBe('users');
    expect(scopeOfPath('/search/everything/')).toBeNull();
    expect(scopeOfPath('/ada/search/')).toBeNull();
    expect(scopeOfPath('/')).toBeNull();
  });

  it('switches tabs keeping the query and how it started, not the filters', () => {
    expect(tabPath('boards', new URLSearchParams('q=lamp&rs=typed&colors=red'))).toBe('/search/boards/?q=lamp&rs=typed');
    expect(tabPath('users', new URLSearchParams('q=ada'))).toBe('/search/users/?q=ada');
  });

  it('searches as typed, every parameter kept, the correction of a typo turned off', () => {
    expect(asTypedPath('pins', new URLSearchParams('q=lmap&rs=typed&colors=red'))).toBe('/search/pins/?q=lmap&rs=typed&colors=red&auto_correction_disabled=true');
    expect(asTypedPath('pins', new URLSearchParams('q=lmap&auto_correction_disabled=false'))).toBe('/search/pins/?q=lmap&auto_correction_disabled=true');
  });
});

describe('the colour filter', () => {
  it('reads palette colours only, once each, in palette order', () => {
    expect(selectedColors(new URLSearchParams('colors=blue,red,blue, Teal,magenta'))).toEqual(['red', 'teal', 'blue']);
    expect(selectedColors(new URLSearchParams('q=a'))).toEqual([]);
  });

  it('toggles a colour in colors=, keeping the other parameters', () => {
    const red = toggleColor(new URLSearchParams('q=lamp&rs=typed'), 'red');
    expect(red.toString()).toBe('q=lamp&rs=typed&colors=red');
    const both = toggleColor(red, 'blue');
    expect(both.get('colors')).toBe('red,blue');
    expect(toggleColor(both, 'red').get('colors')).toBe('blue');
    expect(toggleColor(toggleColor(both, 'red'), 'blue').has('colors')).toBe(false);
    expect(toggleColor(both, 'red').get('q')).toBe('lamp');
  });

  it('writes colors=red,blue with its commas in the address, and reads it back', () => {
    const params = toggleColor(toggleColor(new URLSearchParams('q=a, b'), 'red'), 'blue');
    expect(readableSearch(params)).toBe('?q=a,+b&colors=red,blue');
    expect(selectedColors(new URLSearchParams(readableSearch(params)))).toEqual(['red', 'blue']);
    expect(new URLSearchParams(readableSearch(params)).get('q')).toBe('a, b');
    expect(readableSearch(new URLSearchParams())).toBe('');
  });
});

describe('the error state', () => {
  const refused = new ApiError({ code: 'bad_request', message: 'Searches can be at most 200 characters.', message_detail: 'query: too long', http_status: 400 });
  it("shows the server's message for a refused search, the generic words otherwise", () => {
    expect(searchErrorText(refused, 'generic')).toBe('Searches can be at most 200 characters.');
    expect(searchErrorText(new ApiError({ code: 'internal', message: 'Boom', message_detail: null, http_status: 500 }), 'generic')).toBe('generic');
    expect(searchErrorText(new ApiError({ code: 'bad_response', message: 'x', message_detail: 'Answer does not match', http_status: 200 }), 'generic')).toBe('generic');
    expect(searchErrorText(new NetworkError(new Error('offline')), 'generic')).toBe('generic');
    expect(searchErrorText(new Error('fault'), 'generic')).toBe('generic');
  });
});

describe('the search strings', () => {
  it("say the contracts' words when there is no query", () => {
    expect(en.search.noQuery).toBe(SEARCH_STRINGS.queryRequired);
  });
});
