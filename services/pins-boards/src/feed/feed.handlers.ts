import type { EventEnvelope, PinSavedV1 } from '@pinhive/contracts';
import { defineHandler, type Logger, mapLimit } from '@pinhive/kit';
import type { BoardFacts } from '../boards/board.model';
import type { BoardFollowRepository } from '../follows/board-follow.repository';
import type { FeedBuilder } from './feed.build';
import type { FeedFanOut } from './feed.fanout';
import { inFeeds } from './feed.rules';
import type { FeedStore } from './feed.store';
import type { PopularPins } from './popular';

export interface FeedHandlerDeps {
  fanOut: FeedFanOut;
  builder: FeedBuilder;
  store: FeedStore;
  boardFollows: BoardFollowRepository;
  popular: PopularPins;
  /** A board's facts from the read cache (BoardService.factsOf). */
  facts: (boardId: string) => Promise<BoardFacts | null>;
  logger: Logger;
}

/**
 * Home feeds follow the pins', boards' and follows' events. Every handler is one or a few
 * atomic Redis writes that a second delivery repeats without effect (an entry added again is
 * the same member, a tombstone written again the same value), so each is `idempotent`: the
 * dispatcher keeps no processed record for them.
 */
export function feedHandlers(deps: FeedHandlerDeps) {
  // Saves onto public boards make their pictures popular (feed/popular.ts), each event once.
  const countPopular = async (events: readonly EventEnvelope<PinSavedV1>[]) => {
    const open = await mapLimit(events, 8, async (e) => inFeeds(await deps.facts(e.data.boardId)));
    await deps.popular.count(events.filter((_, i) => open[i]).map((e) => ({ eventId: e.id, save: e.data, at: Date.parse(e.occurredAt) })));
  };
  return [
    defineHandler({
      name: 'fan-out-saved-pin',
      idempotent: true,
      type: 'pins.pin.saved.v1',
      handle: async ({ data }) => {
        const { entries } = await deps.fanOut.saved(data);
        if (entries > 0) deps.logger.debug({ pinId: data.pinId, boardId: data.boardId, entries }, 'save fanned out to home feeds');
      },
      // What one fetch brought: each board's followers read once, every card and entry in one round trip.
      handleBatch: async (events) => {
        const { entries } = await deps.fanOut.savedMany(events.map((e) => e.data));
        if (entries > 0) deps.logger.debug({ saves: events.length, entries }, 'saves fanned out to home feeds');
      },
    }),
    defineHandler({
      name: 'popular-saved-pin',
      idempotent: true,
      type: 'pins.pin.saved.v1',
      handle: (event) => countPopular([event]),
      handleBatch: countPopular,
    }),
    defineHandler({
      name: 'feed-followed-board',
      idempotent: true,
      type: 'pins.board.followed.v1',
      handle: async ({ data }) => {
        // Its newest pins come in at once: a feed does not wait for the board's next save.
        await deps.builder.followed(data.followerId, data.boardId);
      },
    }),
    defineHandler({
      name: 'feed-unfollowed-board',
      idempotent: true,
      type: 'pins.board.unfollowed.v1',
      handle: async ({ data }) => {
        // Followed again since (the events of the two are on different topics): its pins stay.
        if (await deps.boardFollows.isFollowing(data.followerId, data.boardId)) return;
        await deps.store.removeBoard(data.followerId, data.boardId);
      },
    }),
    defineHandler({
      name: 'feed-deleted-pin',
      idempotent: true,
      type: 'pins.pin.deleted.v1',
      handle: async ({ data }) => {
        await deps.store.tombstone([data.pinId]);
      },
    }),
    defineHandler({
      name: 'feed-moved-pins',
      idempotent: true,
      type: 'pins.pin.moved.v1',
      handle: async ({ data }) => {
        // Into a board not everyone may see: out of every feed. Into a public board they stay, shown with their new board.
        if (data.toPrivacy === 'public') await deps.store.forgetCards(data.pinIds);
        else await deps.store.tombstone(data.pinIds);
      },
    }),
    defineHandler({
      name: 'feed-board-privacy',
      idempotent: true,
      type: 'pins.board.privacy-changed.v1',
      handle: async ({ data }) => {
        // Made public again, its pins still in feeds show again; made secret, they are dropped when next read.
        if (data.privacy === 'public') await deps.store.showBoard(data.boardId);
        else await deps.store.hideBoard(data.boardId);
      },
    }),
    defineHandler({
      name: 'feed-deleted-board',
      idempotent: true,
      type: 'pins.board.deleted.v1',
      handle: async ({ data }) => {
        // At once, rather than a pin at a time as delete-board-pins deletes them.
        await deps.store.hideBoard(data.boardId);
      },
    }),
  ];
}
