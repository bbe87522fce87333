import { isLastPage } from '@pinhive/contracts';
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

/** One page of a paged list and the bookmark of the next one (`null` after the last page). */
export interface Page<T> {
  items: T[];
  next: string | null;
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
  return { items: answer.data, next: nextBookmark(answer.bookmarks) };
}
