import { paletteColorOf, type PaletteColor } from '@pinhive/contracts';
import { JsonText } from '@pinhive/kit';
import type { FeedBuilder } from './feed.build';
import type { FeedCards } from './feed.cards';
import { FEED_MAX_ENTRIES, parseMember } from './feed.model';
import { isAfter, type FeedPageKey } from './feed.rules';
import type { FeedEntry, FeedStore } from './feed.store';

/** Entries read beyond a page's own: a few of them may have left the feeds since (their cards are tombstones). */
const SLACK = 8;
/** Reads of one page at most: a page whose entries nearly all left the feeds ends early (its bookmark goes on). */
const MAX_READS = 4;
/**
 * Entries read at once for a page filtered by colour: MAX_READS of them cover a whole feed
 * (FEED_MAX_ENTRIES), so a filtered page reads a bounded set, at most the feed, and a colour
 * few of its pins have ends the feed in one page rather than in many empty ones.
 */
const COLOR_READ = Math.ceil(FEED_MAX_ENTRIES / MAX_READS);

/** Whether a card (its stored JSON) is of one of the colours. */
const ofColors = (json: string, colors: readonly PaletteColor[]): boolean => {
  const color = paletteColorOf((JSON.parse(json) as { dominant_color?: string }).dominant_color ?? '');
  return color !== null && colors.includes(color);
};

export interface FeedPagesDeps {
  store: FeedStore;
  builder: FeedBuilder;
  cards: FeedCards;
}

/** A page as the route answers it: the cards' JSON as stored, and where the next page starts. */
export interface FeedPage {
  items: JsonText;
  next: FeedPageKey | undefined;
}

/**
 * HomeFeedResource's pages from Redis: a range of the reader's entries and their cards, two
 * round trips, the cards' JSON answered as stored. A feed that is missing is built from the
 * store first; an entry whose pin left the feeds is dropped (and taken out); one whose card
 * expired is read from the store and its card written again.
 */
export class FeedPages {
  constructor(private readonly deps: FeedPagesDeps) {}

  /** `colors`: only the pins of these named colours (the web's colour chips); their pages read more entries at once. */
  async page(readerId: string, start: FeedPageKey | undefined, limit: number, colors?: readonly PaletteColor[]): Promise<FeedPage> {
    const from = start?.at ?? '+inf';
    const filtered = colors !== undefined && colors.length > 0;
    const wanted = (missing: number) => (filtered ? COLOR_READ : missing + SLACK);
    // The first range and the feed's lease in one round trip; a missing feed is built first.
    let first = await this.deps.store.touchAndRange(readerId, from, wanted(limit + 1));
    if (!first) {
      await this.deps.builder.rebuild(readerId);
      first = await this.deps.store.range(readerId, from, 0, wanted(limit + 1));
    }
    const shown: { entry: FeedEntry; json: string }[] = [];
    const gone: string[] = [];
    let offset = 0;
    let more = true;
    let lastRead: FeedEntry | undefined;
    for (let reads = 0; more && shown.length <= limit && reads < MAX_READS; reads++) {
      const want = wanted(limit + 1 - shown.length);
      const entries = reads === 0 ? first : await this.deps.store.range(readerId, from, offset, want);
      offset += entries.length;
      more = entries.length === want;
      lastRead = entries[entries.length - 1] ?? lastRead;
      const after = entries.filter((e) => isAfter(e, start));
      const cards = await this.cardsOf(after);
      after.forEach((entry, i) => {
        const json = cards[i];
        if (json === undefined) gone.push(entry.member);
        else if (shown.length <= limit && (!filtered || ofColors(json, colors))) shown.push({ entry, json });
      });
    }
    await this.deps.store.remove(readerId, gone);
    const page = shown.slice(0, limit);
    // A full page goes on below its last entry; one that met MAX_READS of dropped entries, below the last one read.
    const after = shown.length > limit ? page[page.length - 1]?.entry : more ? lastRead : undefined;
    const next = after && { at: after.score, member: after.member };
    return { items: new JsonText(`[${page.map((s) => s.json).join(',')}]`), next };
  }

  private cardsOf(entries: readonly FeedEntry[]): Promise<(string | undefined)[]> {
    return this.deps.cards.json(entries.map((e) => parseMember(e.member)?.pinId ?? ''));
  }
}
