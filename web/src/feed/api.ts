import { z } from 'zod';
import { feedPinSchema, HOME_FEED_PAGE_SIZE, POPULAR_PINS_PAGE_SIZE, type FeedPin } from '@pinhive/contracts';
import { resourceGet, resourcePage, type Page } from '../api/resource';

/** HomeFeedResource get: pins saved to the boards the viewer follows, newest first, a page at a time. */
export function fetchHomeFeed(bookmark: string | null, signal?: AbortSignal): Promise<Page<FeedPin>> {
  return resourcePage('HomeFeedResource', {}, HOME_FEED_PAGE_SIZE, bookmark, z.array(feedPinSchema), signal);
}

/** PopularPinsResource get: pins of public boards most saved of late (for a home feed still empty). */
export function fetchPopularPins(signal?: AbortSignal): Promise<FeedPin[]> {
  return resourceGet('PopularPinsResource', { page_size: POPULAR_PINS_PAGE_SIZE }, z.array(feedPinSchema), signal);
}
