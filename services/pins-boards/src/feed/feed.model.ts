import type { Connection } from 'mongoose';
import type { FeedPin } from '@pinhive/contracts';

/**
 * A reader's home feed lives in Redis (docs/decisions/home-feed.md): a sorted set of the newest
 * FEED_MAX_ENTRIES pins of the boards they follow, scored by save time, plus one card per pin
 * shared by every feed it is in. It is derived data: the store (follows, boards, pins) is the
 * truth, and a feed that is missing is rebuilt from it (feed.rebuild.ts).
 */

/** Entries a feed keeps: the newest, as large timeline services keep theirs (68 KB of Redis per reader, measured). */
export const FEED_MAX_ENTRIES = 500;

/** A feed nobody read for this long goes (rebuilt on its next read): Redis holds only active readers' feeds. */
export const FEED_IDLE_SECONDS = 14 * 24 * 60 * 60;

/** A card (and a tombstone) lives this long after its last write; a feed entry whose card expired is read from the store again. */
export const CARD_SECONDS = 30 * 24 * 60 * 60;

/** The newest pins of one board a follow brings into a feed, and a rebuild takes of each followed board. */
export const FEED_PINS_PER_BOARD = 50;

/**
 * The member that marks a feed as built (score 0, below every save): a sorted set cannot be
 * empty, and a fan-out writes only into feeds that exist (a feed built later reads the store).
 */
export const BUILT = '~';

/** Keys of one store's feeds, under its database's name: services and test runs that share a Redis do not meet. */
export interface FeedKeys {
  feed: (readerId: string) => string;
  card: (pinId: string) => string;
  /** The pins of a board that have a card: a board made secret or deleted tombstones them. */
  boardCards: (boardId: string) => string;
  /** A board that is not public (made secret, deleted): no card of it is written while this is there. */
  boardHidden: (boardId: string) => string;
  /** Every feed key (the admin's rebuild drops them). */
  feedPattern: string;
}

export function feedKeys(namespace: string): FeedKeys {
  return {
    feed: (readerId) => `${namespace}:feed:${readerId}`,
    card: (pinId) => `${namespace}:feed-card:${pinId}`,
    boardCards: (boardId) => `${namespace}:feed-board-cards:${boardId}`,
    boardHidden: (boardId) => `${namespace}:feed-board-hidden:${boardId}`,
    feedPattern: `${namespace}:feed:*`,
  };
}

/** A card's value once its pin left the feeds (deleted, moved out of sight, its board hidden): nothing writes the card again. */
export const TOMBSTONE = '-';

/** A feed entry's member: the pin and the board it was saved to (unfollowing a board takes out its members). */
export const feedMember = (pinId: string, boardId: string): string => `${pinId}:${boardId}`;

export function parseMember(member: string): { pinId: string; boardId: string } | undefined {
  const at = member.indexOf(':');
  if (at <= 0) return undefined;
  return { pinId: member.slice(0, at), boardId: member.slice(at + 1) };
}

/** One pin as every feed shows it: its card is the presented JSON, stored once per pin. */
export interface FeedCard {
  pin: FeedPin;
  /** The save time in milliseconds: the entry's score. */
  savedAt: number;
}

/** Where feeds were kept in the store before Redis: dropped once (a carry-over), as they are rebuilt on read. */
const OLD_FEED_ENTRIES = 'feed_entries';

export async function dropOldFeedEntries(conn: Connection): Promise<void> {
  const db = conn.db;
  if (db && (await db.listCollections({ name: OLD_FEED_ENTRIES }, { nameOnly: true }).toArray()).length > 0) await db.dropCollection(OLD_FEED_ENTRIES);
}
