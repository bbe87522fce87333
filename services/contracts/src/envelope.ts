import { z } from 'zod';
import { bookmarksSchema, type Bookmarks } from './paging';

// Paging belongs to the envelope (`bookmarks`); exported from here so the package index stays as it is.
export * from './paging';

/**
 * Every HTTP answer of every service is wrapped in the `resource_response` envelope that the
 * specification's client reads (`resource_response.data`, `resource_response.error`).
 */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  message_detail: z.string().nullable(),
  http_status: z.number().int(),
  /** Extra machine-readable data some errors carry (e.g. `phone_number_end`, `field`). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * What a page of a list may say about itself beside its items, in `resource_response.meta`
 * (e.g. the query a search's results are of, when it corrected a typo: search.ts).
 */
export const pageMetaSchema = z.record(z.string(), z.unknown());
export type PageMeta = z.infer<typeof pageMetaSchema>;

export type ResourceSuccess<T> = {
  /** `bookmarks` only on a paged list: `["<cursor of the next page>"]` or `["-end-"]` (paging.ts); `meta` only on a page that says something about itself. */
  resource_response: { status: 'success'; data: T; bookmarks?: Bookmarks; meta?: PageMeta };
  request_identifier?: string;
};
export type ResourceFailure = {
  resource_response: { status: 'failure'; error: ErrorBody; data?: null };
  request_identifier?: string;
};
export type ResourceResponse<T> = ResourceSuccess<T> | ResourceFailure;

/**
 * Wraps `data` in the success envelope; a page of a list also passes its `bookmarks`
 * (`[cursor]`, or `[BOOKMARK_END]` on the last page), and its `meta` when it has any.
 */
export function success<T>(data: T, requestId?: string, bookmarks?: Bookmarks, meta?: PageMeta): ResourceSuccess<T> {
  return {
    resource_response: { status: 'success', data, ...(bookmarks ? { bookmarks } : {}), ...(meta ? { meta } : {}) },
    ...(requestId ? { request_identifier: requestId } : {}),
  };
}

/** Wraps an error body in the failure envelope. */
export function failure(error: ErrorBody, requestId?: string): ResourceFailure {
  return {
    resource_response: { status: 'failure', error },
    ...(requestId ? { request_identifier: requestId } : {}),
  };
}

/** Builds a zod schema for a success envelope around `data` (used by clients and tests). */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    resource_response: z.object({ status: z.literal('success'), data, bookmarks: bookmarksSchema.optional(), meta: pageMetaSchema.optional() }),
    request_identifier: z.string().optional(),
  });
}

/** The success envelope of a page of a list: `bookmarks` is always there. */
export function pagedSuccessSchema<T extends z.ZodType>(data: T) {
  return z.object({
    resource_response: z.object({ status: z.literal('success'), data, bookmarks: bookmarksSchema, meta: pageMetaSchema.optional() }),
    request_identifier: z.string().optional(),
  });
}

export const failureSchema = z.object({
  resource_response: z.object({ status: z.literal('failure'), error: errorBodySchema }),
  request_identifier: z.string().optional(),
});
