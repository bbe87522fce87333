import { z } from 'zod';
import { feedPinSchema, HOME_FEED_PAGE_SIZE, POPULAR_PINS_PAGE_SIZE, type FeedPin, type PaletteColor } from '@pinhive/contracts';
import { resourceGet, resourcePage, resourcePageFilled, type Page } from '../api/resource';

/**
 * HomeFeedResource get: pins saved to the boards the viewer follows, newest first, a page at a
 * time; with `colors`, only those of the named colours (a page may then come back empty with more
 * behind it: read on through a few). With `ads`, the page carries that many promoted pins for the
 * viewer in its `meta.promoted` (promoted/queries.ts pageCarryingPromoted).
 */
export function fetchHomeFeed(bookmark: string | null, colors: readonly PaletteColor[], signal?: AbortSignal, ads = 0): Promise<Page<FeedPin>> {
  if (colors.length === 0) return resourcePage('HomeFeedResource', ads > 0 ? { ads } : {}, HOME_FEED_PAGE_SIZE, bookmark, z.array(feedPinSchema), signal);
  return resourcePageFilled('HomeFeedResource', { colors }, HOME_FEED_PAGE_SIZE, bookmark, z.array(feedPinSchema), signal);
}

/** PopularPinsResource get: pins of public boards most saved of late (for a home feed still empty). */
export function fetchPopularPins(signal?: AbortSignal): Promise<FeedPin[]> {
  return resourceGet('PopularPinsResource', { page_size: POPULAR_PINS_PAGE_SIZE }, z.array(feedPinSchema), signal);
}
