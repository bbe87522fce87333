import { feedPinSchema, HOME_FEED_PAGE_MAX, HOME_FEED_PAGE_SIZE, homeFeedOptionsSchema } from '@pinhive/contracts';
import { defineResource, pagedOptions, pageWithNextKey } from '@pinhive/kit';
import { z } from 'zod';
import { bucketPageKeySchema } from '../shared/bucket-pages';
import { presentFeedPin } from './feed.presenter';
import type { FeedRepository } from './feed.repository';

export function feedRoutes(feed: FeedRepository) {
  return [
    defineResource({
      resource: 'HomeFeedResource', action: 'get', summary: "The viewer's home feed: pins saved to the boards they follow, newest first", auth: 'viewer', paged: true,
      options: pagedOptions(homeFeedOptionsSchema.omit({ page_size: true, bookmarks: true }), { key: bucketPageKeySchema, defaultLimit: HOME_FEED_PAGE_SIZE, maxLimit: HOME_FEED_PAGE_MAX }),
      response: z.array(feedPinSchema),
      handler: async ({ viewer, options }) => {
        const { entries, next } = await feed.page(viewer.userId, options.bookmarks, options.page_size);
        return pageWithNextKey(entries.map(presentFeedPin), next);
      },
    }),
  ];
}
