import type { ChainableCommander, Redis, Result } from 'ioredis';
import { BUILT, CARD_SECONDS, FEED_IDLE_SECONDS, FEED_MAX_ENTRIES, feedMember, TOMBSTONE, type FeedCard, type FeedKeys } from './feed.model';

/**
 * Adds entries to a feed only while the feed exists (a feed nobody reads is not kept: it is
 * rebuilt from the store on its next read), then trims it to the newest ARGV[1] entries (rank 0
 * is the BUILT mark, below every save). Answers how many entries were new: a redelivered save
 * adds none. KEYS[1] the feed; ARGV[2..] score, member pairs.
 */
const ADD_IF_BUILT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local added = redis.call('ZADD', KEYS[1], unpack(ARGV, 2))
redis.call('ZREMRANGEBYRANK', KEYS[1], 1, -(tonumber(ARGV[1]) + 1))
return added`;

/**
 * Writes a pin's card unless the pin left the feeds (its card is a tombstone) or its board is
 * hidden, and lists it under its board. A clean-up runs after its store write, so whichever of
 * the two comes second, no card of a deleted pin or a hidden board survives both.
 * KEYS[1] the card, KEYS[2] the board's hidden mark, KEYS[3] the board's carded pins; ARGV[1]
 * the card's JSON, ARGV[2] its lifetime in seconds, ARGV[3] the pin id.
 */
const PUT_CARD = `
if redis.call('GET', KEYS[1]) == '${TOMBSTONE}' or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
redis.call('EXPIRE', KEYS[3], ARGV[2])
return 1`;

/** Takes a board's entries out of one feed: its members end in `:<boardId>`. KEYS[1] the feed; ARGV[1] `:<boardId>`. */
const REMOVE_BOARD = `
local suffix = ARGV[1]
local gone = {}
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if string.sub(m, -#suffix) == suffix then gone[#gone + 1] = m end
end
if #gone > 0 then redis.call('ZREM', KEYS[1], unpack(gone)) end
return #gone`;

// The scripts above as commands of every client and pipeline (ioredis's `defineCommand`, typed
// as its documentation shows), defined once per connection by the FeedStore.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    feedAddIfBuilt(feed: string, max: number, ...scoresAndMembers: (string | number)[]): Result<number, Context>;
    feedPutCard(card: string, hidden: string, carded: string, json: string, seconds: number, pinId: string): Result<number, Context>;
    feedRemoveBoard(feed: string, suffix: string): Result<number, Context>;
  }
}

/** Connections the feed's scripts are defined on (once each: several stores may share one). */
const withFeedCommands = new WeakSet<Redis>();

/** An entry as a page reads it. */
export interface FeedEntry {
  member: string;
  score: number;
}

/** Entries from a `ZRANGE ... WITHSCORES` answer (member, score, member, score...). */
function entriesOf(flat: readonly string[]): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) entries.push({ member: flat[i] as string, score: Number(flat[i + 1]) });
  return entries;
}

/** A card that is a tombstone: its pin left the feeds. */
export const GONE = Symbol('gone');

/** Card lookups: the card's JSON, GONE, or undefined (no card: read the store). */
export type CardLookup = string | typeof GONE | undefined;

/** Entries of one reader's feed to add: their cards, and the board each was saved to. */
export interface ReaderEntries {
  readerId: string;
  cards: readonly FeedCard[];
}

/**
 * The home feeds in Redis (feed.model.ts): every command a feed needs, each an atomic Redis
 * command or script, so a redelivered event or a retried clean-up changes nothing more.
 */
export class FeedStore {
  private readonly redis: Redis;

  constructor(redis: Redis, readonly keys: FeedKeys) {
    if (!withFeedCommands.has(redis)) {
      withFeedCommands.add(redis);
      redis.defineCommand('feedAddIfBuilt', { numberOfKeys: 1, lua: ADD_IF_BUILT });
      redis.defineCommand('feedPutCard', { numberOfKeys: 3, lua: PUT_CARD });
      redis.defineCommand('feedRemoveBoard', { numberOfKeys: 1, lua: REMOVE_BOARD });
    }
    this.redis = redis;
  }

  /** Whether the reader has a feed (a follow adds to it; a feed built later reads the store anyway). */
  async exists(readerId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.feed(readerId))) === 1;
  }

  /**
   * Marks a feed as being built, before the store is read for it: from then on every fan-out
   * adds to it, so a save the build's reads miss is added by its fan-out.
   */
  async startBuilding(readerId: string): Promise<void> {
    await this.redis.multi().zadd(this.keys.feed(readerId), 'NX', 0, BUILT).expire(this.keys.feed(readerId), FEED_IDLE_SECONDS).exec();
  }

  /**
   * Writes the cards and adds each reader's entries (to the feeds that exist), in one round
   * trip. Answers how many entries were new.
   */
  async add(readers: readonly ReaderEntries[]): Promise<number> {
    const cards = new Map<string, FeedCard>();
    for (const { cards: own } of readers) for (const card of own) cards.set(card.pin.id, card);
    if (cards.size === 0) return 0;
    const pipeline = this.redis.pipeline();
    for (const card of cards.values()) this.putCard(pipeline, card);
    for (const { readerId, cards: own } of readers) {
      if (own.length === 0) continue;
      const pairs = own.flatMap((c) => [c.savedAt, feedMember(c.pin.id, c.pin.board.id)]);
      void pipeline.feedAddIfBuilt(this.keys.feed(readerId), FEED_MAX_ENTRIES, ...pairs);
    }
    const results = (await pipeline.exec()) ?? [];
    let added = 0;
    for (const [err, value] of results.slice(cards.size)) {
      if (err) throw err;
      added += Number(value);
    }
    for (const [err] of results.slice(0, cards.size)) if (err) throw err;
    return added;
  }

  /** Writes cards alone (one read from the store when a page found none). */
  async putCards(cards: readonly FeedCard[]): Promise<void> {
    if (cards.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const card of cards) this.putCard(pipeline, card);
    for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
  }

  private putCard(target: ChainableCommander, card: FeedCard): void {
    const { id, board } = card.pin;
    void target.feedPutCard(this.keys.card(id), this.keys.boardHidden(board.id), this.keys.boardCards(board.id), JSON.stringify(card.pin), CARD_SECONDS, id);
  }

  /**
   * `count` entries of a feed, newest first, from the score `from` down (inclusive), skipping
   * the first `offset` of them; the BUILT mark is never among them.
   */
  async range(readerId: string, from: number | '+inf', offset: number, count: number): Promise<FeedEntry[]> {
    return entriesOf(await this.redis.zrange(this.keys.feed(readerId), from, 1, 'BYSCORE', 'REV', 'LIMIT', offset, count, 'WITHSCORES'));
  }

  /**
   * A page's first range, and the feed kept FEED_IDLE_SECONDS more, in one round trip; undefined
   * when there is no feed (never built, idle too long, Redis wiped).
   */
  async touchAndRange(readerId: string, from: number | '+inf', count: number): Promise<FeedEntry[] | undefined> {
    const key = this.keys.feed(readerId);
    const [[touchErr, touched] = [null, 0], [rangeErr, flat] = [null, []]] = (await this.redis.pipeline()
      .expire(key, FEED_IDLE_SECONDS)
      .zrange(key, from, 1, 'BYSCORE', 'REV', 'LIMIT', 0, count, 'WITHSCORES')
      .exec()) ?? [];
    if (touchErr) throw touchErr;
    if (rangeErr) throw rangeErr;
    return touched === 1 ? entriesOf(flat as string[]) : undefined;
  }

  async cards(pinIds: readonly string[]): Promise<CardLookup[]> {
    if (pinIds.length === 0) return [];
    const values = await this.redis.mget(pinIds.map((id) => this.keys.card(id)));
    return values.map((v) => (v === null ? undefined : v === TOMBSTONE ? GONE : v));
  }

  /** Takes entries out of a feed (their pins left the feeds). */
  async remove(readerId: string, members: readonly string[]): Promise<void> {
    if (members.length > 0) await this.redis.zrem(this.keys.feed(readerId), ...members);
  }

  /** A board the reader unfollowed leaves their feed. */
  removeBoard(readerId: string, boardId: string): Promise<number> {
    return this.redis.feedRemoveBoard(this.keys.feed(readerId), `:${boardId}`);
  }

  /** Pins deleted or moved out of sight leave every feed: their cards become tombstones, and pages drop their entries. */
  async tombstone(pinIds: readonly string[]): Promise<void> {
    if (pinIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of pinIds) pipeline.set(this.keys.card(id), TOMBSTONE, 'EX', CARD_SECONDS);
    for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
  }

  /** Pins moved to another public board: their cards go, and the next page reads them from the store with their new board. */
  async forgetCards(pinIds: readonly string[]): Promise<void> {
    if (pinIds.length > 0) await this.redis.del(...pinIds.map((id) => this.keys.card(id)));
  }

  /**
   * A board made secret or deleted: marked hidden first (no card of it is written while the
   * mark is there), then its pins' cards go, a few hundred at a time. A page that meets one of
   * its entries then reads the pin from the store, finds the board hidden and drops the entry.
   */
  async hideBoard(boardId: string): Promise<number> {
    const carded = this.keys.boardCards(boardId);
    await this.redis.set(this.keys.boardHidden(boardId), '1', 'EX', CARD_SECONDS);
    let cursor = '0';
    let count = 0;
    do {
      const [next, pinIds] = await this.redis.sscan(carded, cursor, 'COUNT', 500);
      await this.forgetCards(pinIds);
      count += pinIds.length;
      cursor = next;
    } while (cursor !== '0');
    await this.redis.del(carded);
    return count;
  }

  /** A board made public again: its pins get cards again (those still in feeds come back to them). */
  async showBoard(boardId: string): Promise<void> {
    await this.redis.del(this.keys.boardHidden(boardId));
  }

  /** Drops every feed (each is rebuilt from the store on its next read): the admin's `feed rebuild`. */
  async dropAll(): Promise<number> {
    let cursor = '0';
    let dropped = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.keys.feedPattern, 'COUNT', 1000);
      if (keys.length > 0) dropped += await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    return dropped;
  }

  /** Drops one reader's feed. */
  async drop(readerId: string): Promise<void> {
    await this.redis.unlink(this.keys.feed(readerId));
  }
}
