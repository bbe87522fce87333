import { isLastPage, type PageMeta } from '@pinhive/contracts';
import type { z } from 'zod';
import { apiRequest, apiRequestWithBookmarks } from './client';

/**
 * The pins-boards resources (`/resource/<Name>/<action>/`). Reads put their options, as JSON, in
 * the `data` query parameter; writes send `{ "options": {...} }`.
 */
export function resourceGetPath(name: string, options: Record<string, unknown>): string {
  return `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`;
}

export function resourceGet<T>(name: string, options: Record<string, unknown>, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return apiRequest(resourceGetPath(name, options), { schema, signal });
}

export function resourceWrite<T>(
  name: string,
  action: 'create' | 'update' | 'delete',
  options: Record<string, unknown>,
  schema: z.ZodType<T>,
  headers?: Record<string, string>,
): Promise<T> {
  return apiRequest(`/resource/${name}/${action}/`, { method: 'POST', body: { options }, schema, ...(headers ? { headers } : {}) });
}

/** One page of a paged list, the bookmark of the next one (`null` after the last page), and what the page says about itself (`meta`, when anything). */
export interface Page<T> {
  items: T[];
  next: string | null;
  meta?: PageMeta;
}

/** The options of a page: the first page sends no bookmark. */
export function pageOptions(options: Record<string, unknown>, pageSize: number, bookmark: string | null): Record<string, unknown> {
  return { ...options, page_size: pageSize, ...(bookmark ? { bookmarks: [bookmark] } : {}) };
}

/** The bookmark to send for the next page, or `null` when the answer said it was the last. */
export function nextBookmark(bookmarks: readonly string[] | undefined): string | null {
  return isLastPage(bookmarks) ? null : (bookmarks?.[0] ?? null);
}

export async function resourcePage<T>(
  name: string,
  options: Record<string, unknown>,
  pageSize: number,
  bookmark: string | null,
  schema: z.ZodType<T[]>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const answer = await apiRequestWithBookmarks(resourceGetPath(name, pageOptions(options, pageSize, bookmark)), { schema, signal });
  return { items: answer.data, next: nextBookmark(answer.bookmarks), ...(answer.meta ? { meta: answer.meta } : {}) };
}

/**
 * How many more pages a filled read asks for after an empty page that still has a bookmark (the
 * spec's "Resource fetch helper": retries up to a limit). A server may answer an empty page and
 * a bookmark when what it read for that page was all filtered out (secret boards, removed pins);
 * a few such pages in a row are worth reading through at once, so that a person does not see an
 * empty page with more behind it. Three, not more: each retry is a full request the person waits
 * for, and a longer run of empty pages means the rest is mostly filtered out. The answer then
 * keeps its bookmark, and the list's "more" (scroll or button) goes on from there.
 */
export const EMPTY_PAGE_RETRY_LIMIT = 3;

/**
 * Reads the page at `bookmark` with `fetchPage`; while the page read is empty and has a next
 * bookmark, reads that one instead, at most `limit` more times. Returns the first page with
 * items, the last page, or the last empty one read (with its bookmark, to go on later).
 */
export async function fillEmptyPages<T>(
  fetchPage: (bookmark: string | null) => Promise<Page<T>>,
  bookmark: string | null,
  limit = EMPTY_PAGE_RETRY_LIMIT,
): Promise<Page<T>> {
  let page = await fetchPage(bookmark);
  for (let retry = 0; retry < limit && page.items.length === 0 && page.next !== null; retry += 1) {
    page = await fetchPage(page.next);
  }
  return page;
}

/** As `resourcePage`, reading on through empty pages that still have a bookmark (`fillEmptyPages`). */
export function resourcePageFilled<T>(
  name: string,
  options: Record<string, unknown>,
  pageSize: number,
  bookmark: string | null,
  schema: z.ZodType<T[]>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return fillEmptyPages((at) => resourcePage(name, options, pageSize, at, schema, signal), bookmark);
}
