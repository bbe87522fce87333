import { feedPinSchema, HOME_FEED_PAGE_MAX, HOME_FEED_PAGE_SIZE, homeFeedOptionsSchema } from '@pinhive/contracts';
import { defineResource, nextBookmark, pagedOptions } from '@pinhive/kit';
import { z } from 'zod';
import type { FeedPages } from './feed.pages';

/** A feed page's bookmark: the save time and member of the last entry shown (feed.rules.ts FeedPageKey). */
const feedPageKeySchema = z.object({ at: z.number().int().min(0), member: z.string().min(1).max(200) });

export function feedRoutes(pages: FeedPages) {
  return [
    defineResource({
      resource: 'HomeFeedResource', action: 'get', summary: "The viewer's home feed: pins saved to the boards they follow, newest first", auth: 'viewer', paged: true,
      options: pagedOptions(homeFeedOptionsSchema.omit({ page_size: true, bookmarks: true }), { key: feedPageKeySchema, defaultLimit: HOME_FEED_PAGE_SIZE, maxLimit: HOME_FEED_PAGE_MAX }),
      response: z.array(feedPinSchema),
      handler: async ({ viewer, options }) => {
        const { items, next } = await pages.page(viewer.userId, options.bookmarks, options.page_size, options.colors);
        return { items, bookmark: nextBookmark(next) };
      },
    }),
  ];
}
