import { defineHandler, type Logger } from '@pinhive/kit';
import type { BoardFollowRepository } from '../follows/board-follow.repository';
import type { FeedFanOut } from './feed.fanout';
import type { FeedRepository } from './feed.repository';

export interface FeedHandlerDeps {
  fanOut: FeedFanOut;
  feed: FeedRepository;
  boardFollows: BoardFollowRepository;
  logger: Logger;
}

/**
 * Home feeds follow the pins' and boards' events. Writing is the fan-out of a save; every
 * clean-up is one indexed equality delete, so a redelivered event deletes nothing more. So each
 * handler is `idempotent` by itself (entries keyed `<reader>:<pin>`, a redelivered fan-out's
 * inserts clash and only leave unused feed numbers): the dispatcher keeps no processed record
 * for them, two store commands fewer on every save.
 */
export function feedHandlers(deps: FeedHandlerDeps) {
  return [
    defineHandler({
      name: 'fan-out-saved-pin',
      idempotent: true,
      type: 'pins.pin.saved.v1',
      handle: async ({ data }) => {
        const { entries } = await deps.fanOut.saved(data);
        if (entries > 0) deps.logger.debug({ pinId: data.pinId, boardId: data.boardId, entries }, 'save fanned out to home feeds');
      },
      // What one fetch brought: each board's followers read once, each reader's numbers reserved once, one insert.
      handleBatch: async (events) => {
        const { entries } = await deps.fanOut.savedMany(events.map((e) => e.data));
        if (entries > 0) deps.logger.debug({ saves: events.length, entries }, 'saves fanned out to home feeds');
      },
    }),
    defineHandler({
      name: 'feed-unfollowed-board',
      idempotent: true,
      type: 'pins.board.unfollowed.v1',
      handle: async ({ data }) => {
        // Followed again since (the events of the two are on different topics): its pins stay.
        if (await deps.boardFollows.isFollowing(data.followerId, data.boardId)) return;
        await deps.feed.removeReaderBoard(data.followerId, data.boardId);
      },
    }),
    defineHandler({
      name: 'feed-deleted-pin',
      idempotent: true,
      type: 'pins.pin.deleted.v1',
      handle: async ({ data }) => {
        await deps.feed.removePin(data.pinId);
      },
    }),
    defineHandler({
      name: 'feed-moved-pins',
      idempotent: true,
      type: 'pins.pin.moved.v1',
      handle: async ({ data }) => {
        // Into a board not everyone may see: out of every feed. Into a public board they stay.
        if (data.toPrivacy === 'public') return;
        for (const pinId of data.pinIds) await deps.feed.removePin(pinId);
      },
    }),
    defineHandler({
      name: 'feed-board-privacy',
      idempotent: true,
      type: 'pins.board.privacy-changed.v1',
      handle: async ({ data }) => {
        // Made public again, its old pins do not come back: its new saves fan out.
        if (data.privacy !== 'public') {
          await deps.feed.removeBoard(data.boardId);
          await deps.fanOut.followersChanged(data.boardId);
        }
      },
    }),
    defineHandler({
      name: 'feed-deleted-board',
      idempotent: true,
      type: 'pins.board.deleted.v1',
      handle: async ({ data }) => {
        // At once, rather than a pin at a time as delete-board-pins deletes them.
        await deps.feed.removeBoard(data.boardId);
        await deps.fanOut.followersChanged(data.boardId);
      },
    }),
  ];
}
