import type { BoardFacts } from '../boards/board.model';
import type { PinRepository } from '../pins/pin.repository';
import type { FeedCard } from './feed.model';
import { cardOfPin } from './feed.presenter';
import { inFeeds } from './feed.rules';
import { GONE, type FeedStore } from './feed.store';

export interface FeedCardsDeps {
  store: FeedStore;
  pins: PinRepository;
  /** A board's facts from the read cache (BoardService.factsOf). */
  facts: (boardId: string) => Promise<BoardFacts | null>;
}

/**
 * Pins as every feed shows them (the home feed, popular pins): their cards from Redis in one
 * `MGET`; a pin whose card expired is read from the store and its card written again; a pin that
 * left the feeds (a tombstone, or not on a public board any more) has none.
 */
export class FeedCards {
  constructor(private readonly deps: FeedCardsDeps) {}

  /** Each pin's card JSON, or undefined when it is not to be shown. */
  async json(pinIds: readonly string[]): Promise<(string | undefined)[]> {
    const lookups = await this.deps.store.cards(pinIds);
    const fresh: FeedCard[] = [];
    const out = await Promise.all(lookups.map(async (card, i) => {
      const pinId = pinIds[i];
      if (card === GONE || !pinId) return undefined;
      if (card !== undefined) return card;
      const read = await this.fromStore(pinId);
      if (read) fresh.push(read);
      return read && JSON.stringify(read.pin);
    }));
    await this.deps.store.putCards(fresh);
    return out;
  }

  /** A pin's card from the store, while it is on a public board. */
  private async fromStore(pinId: string): Promise<FeedCard | undefined> {
    const pin = await this.deps.pins.findById(pinId);
    const board = pin && (await this.deps.facts(pin.boardId));
    if (!pin || !inFeeds(board)) return undefined;
    return cardOfPin(pin, board);
  }
}
