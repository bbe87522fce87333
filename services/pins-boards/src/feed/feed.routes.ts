import { feedPinSchema, HOME_FEED_PAGE_MAX, HOME_FEED_PAGE_SIZE, pageAdsOptionSchema, homeFeedOptionsSchema } from '@pinhive/contracts';
import { defineResource, nextBookmark, pagedOptions } from '@pinhive/kit';
import { pageMetaWith, type PromotedJson } from '../promoted/page-meta';
import { z } from 'zod';
import type { FeedPages } from './feed.pages';

/** A feed page's bookmark: the save time and member of the last entry shown (feed.rules.ts FeedPageKey). */
const feedPageKeySchema = z.object({ at: z.number().int().min(0), member: z.string().min(1).max(200) });

/** The home feed's promoted pins for a viewer, each as its JSON (promoted/promoted.service.ts). */
export type PromotedFor = (userId: string, count: number) => Promise<PromotedJson>;

export function feedRoutes(pages: FeedPages, promoted?: PromotedFor) {
  return [
    defineResource({
      resource: 'HomeFeedResource', action: 'get', summary: "The viewer's home feed: pins saved to the boards they follow, newest first", auth: 'viewer', paged: true,
      options: pagedOptions(homeFeedOptionsSchema.omit({ page_size: true, bookmarks: true }).extend(pageAdsOptionSchema.shape), { key: feedPageKeySchema, defaultLimit: HOME_FEED_PAGE_SIZE, maxLimit: HOME_FEED_PAGE_MAX }),
      response: z.array(feedPinSchema),
      handler: async ({ viewer, options }) => {
        // Promoted pins asked for come with the page (`meta.promoted`), chosen while the page is read;
        // none beside a colour filter (an ad is not of the colours chosen).
        const adsWanted = promoted && options.ads && !options.colors?.length ? options.ads : 0;
        const [{ items, next }, ads] = await Promise.all([pages.page(viewer.userId, options.bookmarks, options.page_size, options.colors), adsWanted > 0 ? promoted!(viewer.userId, adsWanted) : undefined]);
        const meta = pageMetaWith({}, ads);
        return { items, bookmark: nextBookmark(next), ...(meta ? { meta } : {}) };
      },
    }),
  ];
}
