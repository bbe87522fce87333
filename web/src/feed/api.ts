import { z } from 'zod';
import { feedPinSchema, HOME_FEED_PAGE_SIZE, type FeedPin } from '@pinhive/contracts';
import { resourcePage, type Page } from '../api/resource';

/** HomeFeedResource get: pins saved to the boards the viewer follows, newest first, a page at a time. */
export function fetchHomeFeed(bookmark: string | null, signal?: AbortSignal): Promise<Page<FeedPin>> {
  return resourcePage('HomeFeedResource', {}, HOME_FEED_PAGE_SIZE, bookmark, z.array(feedPinSchema), signal);
}
