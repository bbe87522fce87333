import { JsonText, type ReadCache } from '@pinhive/kit';
import type { BucketPageKey } from '../shared/bucket-pages';
import { presentFeedPin } from './feed.presenter';
import type { FeedRepository } from './feed.repository';

/** How long a kept page may miss a change its writer could not stamp (kit cache/read-cache.ts). */
export const FEED_PAGE_TTL_MS = 30_000;

/** A feed page as JSON (the same for every request of its reader), and where the next one starts. */
export interface KeptFeedPage {
  items: JsonText;
  next: BucketPageKey | undefined;
}

/**
 * HomeFeedResource's pages, kept in memory per reader (kit ReadCache) until their feed changes:
 * a page read from the store is three commands and about 50 entries for FerretDB to decode, the
 * most expensive read of the product, and a feed is read far more often than any one reader's
 * changes. Every write to a reader's entries stamps that reader (FeedRepository's `changed`).
 */
export class FeedPages {
  constructor(
    private readonly feed: FeedRepository,
    private readonly cache: ReadCache<KeptFeedPage>,
  ) {}

  page(readerId: string, start: BucketPageKey | undefined, limit: number): Promise<KeptFeedPage> {
    const variant = `${start ? `${start.bucket}:${start.before}` : 'first'}|${limit}`;
    return this.cache.read(readerId, variant, async () => {
      const { entries, next } = await this.feed.page(readerId, start, limit);
      return { items: new JsonText(JSON.stringify(entries.map(presentFeedPin))), next };
    });
  }
}
