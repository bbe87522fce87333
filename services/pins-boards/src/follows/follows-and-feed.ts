import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { Logger, OutboxTarget, ReadCache } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardFacts } from '../boards/board.model';
import type { BoardRepository } from '../boards/board.repository';
import { FeedBuilder } from '../feed/feed.build';
import { FeedCards } from '../feed/feed.cards';
import { FeedFanOut } from '../feed/feed.fanout';
import { feedHandlers } from '../feed/feed.handlers';
import { feedKeys } from '../feed/feed.model';
import { FeedPages } from '../feed/feed.pages';
import { feedRoutes, type PromotedFor } from '../feed/feed.routes';
import { FeedStore } from '../feed/feed.store';
import { PopularPins } from '../feed/popular';
import { popularRoutes } from '../feed/popular.routes';
import type { PinRepository } from '../pins/pin.repository';
import type { ProfileRepository } from '../profiles/profile.repository';
import { ListNumbers } from '../shared/list-numbers';
import type { People } from '../shared/people';
import { BoardFollowRepository } from './board-follow.repository';
import { FollowCountsRepository } from './follow-counts.repository';
import { followHandlers } from './follow.handlers';
import { followRoutes } from './follow.routes';
import { FollowService } from './follow.service';
import { UserFollowRepository } from './user-follow.repository';

export interface FollowsAndFeedDeps {
  mongo: Connection;
  kick: (target: OutboxTarget) => void;
  logger: Logger;
  handled: (eventId: string, handler: string) => Promise<boolean>;
  profiles: ProfileRepository;
  people: People;
  boards: BoardRepository;
  boardLists: BoardListRepository;
  pins: PinRepository;
  /** A board's facts from the read cache (BoardService.factsOf); called only once the service is wired. */
  facts: (boardId: string) => Promise<BoardFacts | null>;
  /** Where the home feeds live (feed/feed.store.ts), under `namespace`: the store's database name. */
  redis: Redis;
  namespace: string;
  /** Boards' follower lists as the fan-out reads them, until a follow of the board changes (feed/feed.fanout.ts). */
  boardFollowers?: ReadCache<string[]>;
  /** The home feed's promoted pins, when a page asks for them (promoted/promoted.service.ts). */
  promoted?: PromotedFor;
}

/** Follows of boards and people, and the home feeds made of what followed boards save: their repositories, routes and handlers. */
export function followsAndFeed(deps: FollowsAndFeedDeps) {
  const lists = new ListNumbers(deps.mongo);
  const boardFollows = new BoardFollowRepository(deps.mongo, lists, deps.kick, async (boardId) => deps.boardFollowers?.changed(boardId));
  const userFollows = new UserFollowRepository(deps.mongo, lists, deps.kick);
  const counts = new FollowCountsRepository(deps.mongo);
  const store = new FeedStore(deps.redis, feedKeys(deps.namespace));
  const builder = new FeedBuilder({ store, follows: boardFollows, boards: deps.boards, pins: deps.pins });
  const cards = new FeedCards({ store, pins: deps.pins, facts: deps.facts });
  const popular = new PopularPins(deps.redis, deps.namespace);
  const follows = new FollowService({ boardFollows, userFollows, counts, lists, profiles: deps.profiles, people: deps.people, facts: deps.facts });
  const fanOut = new FeedFanOut({ lists, counts, follows: boardFollows, feed: store, pins: deps.pins, facts: deps.facts, logger: deps.logger, followers: deps.boardFollowers });
  return {
    follows,
    // Whom someone follows, for sends (sends/: only to people one follows).
    userFollows,
    feed: { store, builder },
    routes: [...followRoutes(follows), ...feedRoutes(new FeedPages({ store, builder, cards }), deps.promoted), ...popularRoutes(popular, cards)],
    handlers: [
      ...followHandlers({ boardFollows, userFollows, counts, lists, boardLists: deps.boardLists, boards: deps.boards, handled: deps.handled }),
      ...feedHandlers({ fanOut, builder, store, boardFollows, popular, facts: deps.facts, logger: deps.logger }),
    ],
  };
}
