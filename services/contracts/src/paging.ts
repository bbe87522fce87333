import { z } from 'zod';

/**
 * Lists are paged by an opaque cursor (blueprint "Contracts"). A paged answer carries
 * `resource_response.bookmarks`: one string, the cursor of the next page, which the client sends
 * back as `bookmark`; the last page says so with `["-end-"]`, the marker the spec's client stops on.
 * The cursor is opaque to clients: only the service that issued it reads it.
 */
export const BOOKMARK_END = '-end-';

/** `resource_response.bookmarks` of a paged answer: `["<cursor>"]` or `["-end-"]`. */
export const bookmarksSchema = z.array(z.string()).min(1);
export type Bookmarks = z.infer<typeof bookmarksSchema>;

/** Page size when a list call gives no `limit`, unless its route says otherwise. */
export const PAGE_LIMIT_DEFAULT = 25;
/** The largest `limit` a list call accepts, unless its route says a smaller one. */
export const PAGE_LIMIT_MAX = 100;

/** True when `bookmarks` (from a paged answer) says there is no next page. */
export const isLastPage = (bookmarks: readonly string[] | undefined): boolean =>
  bookmarks === undefined || bookmarks.length === 0 || bookmarks[0] === BOOKMARK_END;
