import { boardNameKey, EXPERIMENT_NAMES, type ExperimentGroups } from '@pinhive/contracts';
import { adTokenSecretOf, mongoDatabaseOf, type JsonText, type ServiceDefinition } from '@pinhive/kit';
import { offsiteSecretOf, type PinsBoardsConfig } from './config';
import type { KeptRole } from './advertisers/advertiser-access';
import { advertisersModule } from './advertisers/advertisers';
import { BOARDS_COLLECTION, type BoardFacts } from './boards/board.model';
import { BoardNames } from './boards/board-names.repository';
import { BoardRepository } from './boards/board.repository';
import { boardHandlers } from './boards/board.handlers';
import { listCountsBehind } from './boards/list-counts.module';
import { boardRoutes } from './boards/board.routes';
import { BoardService, PICKER_TTL_MS } from './boards/board.service';
import { claimsModule } from './claims/claims';
import { collaborators } from './collaborators/collaborators';
import { INVITES_COLLECTION } from './collaborators/invite.model';
import { MemberBoardLists } from './collaborators/member-lists';
import { BOARD_FOLLOWS_COLLECTION, USER_FOLLOWS_COLLECTION } from './follows/follow.model';
import { dropOldFeedEntries } from './feed/feed.model';
import { followsAndFeed } from './follows/follows-and-feed';
import { GuardedFetcher } from './images/guarded-fetch';
import { ImageRepository, type BandImages } from './images/image.repository';
import { ImageService } from './images/image.service';
import { createBlobStore } from './images/image.store';
import { mediaRouter } from './images/media.router';
import { offsiteModule } from './offsite/offsite';
import { boardColorRoutes } from './search/board-colors.routes';
import { MOVES_COLLECTION } from './moves/move.model';
import { movesModule } from './moves/moves';
import { pinsBoardsIndexes } from './indexes';
import { BOARD_PAGE_TTL_MS, BoardPages, type SharedPage } from './pins/board-pages';
import { pinCreationGate } from './pins/pin-creation.switches';
import { pinHandlers } from './pins/pin.handlers';
import { pinPromotionHandlers } from './pins/pin-promotion.handlers';
import { PINS_COLLECTION, type PinDoc } from './pins/pin.model';
import { PinRepository } from './pins/pin.repository';
import { pinRoutes } from './pins/pin.routes';
import { noVideo, PinBuilderGuard, type ExperimentGroupsOf } from './pin-builder/pin-builder.guard';
import { pinBuilderRoutes } from './pin-builder/pin-builder.routes';
import { PinService } from './pins/pin.service';
import { ProfileRepository } from './profiles/profile.repository';
import { profileHandlers } from './profiles/profile.handlers';
import { profileRoutes } from './profiles/profile.routes';
import { promotedModule } from './promoted/promoted';
import { relatedBoardRoutes } from './related/related-board.routes';
import { moreLikeThisRoutes } from './related/more-like-this.routes';
import { SectionRepository } from './sections/section.repository';
import { sectionRoutes } from './sections/section.routes';
import { SectionService } from './sections/section.service';
import { SEARCH_SESSION } from './search/pg/pg-search.index';
import { prepareSearchSchema } from './search/pg/schema';
import { searchModule } from './search/search';
import { sendsModule } from './sends/sends';
import { SEARCH_CACHE_BYTES, SEARCH_CACHE_TTL_MS, SUGGESTIONS_CACHE_BYTES, SUGGESTIONS_CACHE_TTL_MS, type KeptAnswer } from './search/results-cache';
import { People } from './shared/people';

/** Memory each read cache may take (a picker of 500 boards is ~200 KB, a page of 50 pins ~50 KB). */
const READ_CACHE_BYTES = 32 * 1024 * 1024;
/** Boards' facts: about 512 bytes each, 8,000 boards. */
const BOARD_FACTS_BYTES = 4 * 1024 * 1024;
/** Pins by id: about 1 KB each, 8,000 pins. */
const KEPT_PINS_BYTES = 8 * 1024 * 1024;
/** Boards' follower lists for the fan-out: a 10,000-follower board is about 500 KB. */
const BOARD_FOLLOWERS_BYTES = 16 * 1024 * 1024;
/** Near-picture lookups (images/image.repository.ts): a picture's hash and its 4 band reads, about 64 bytes an image. */
const PICTURE_BANDS_BYTES = 8 * 1024 * 1024;
/** The longest a site claim's verification waits for each of its fetches (claims/claim.service.ts). */
const CLAIM_FETCH_TIMEOUT_MS = 10_000;
/** Who may act for which advertiser: about 128 bytes each, 8,000 people and advertisers. */
const ADVERTISER_ACCESS_BYTES = 1024 * 1024;

/** The pins-boards service: wiring of repositories, routes and event handlers. */
export interface PinsBoardsParts {
  /** The viewer's experiment groups (pin-builder.guard.ts), instead of the kit's experiments client's (tests). */
  experiments?: ExperimentGroupsOf;
}

export function pinsBoardsService(config: PinsBoardsConfig, parts: PinsBoardsParts = {}): ServiceDefinition<PinsBoardsConfig> {
  // Made here, so that S3 settings that do not fit together stop the start.
  const store = createBlobStore(config);
  return {
    name: 'pins-boards',
    config,
    indexes: pinsBoardsIndexes,
    // The experiments (ctx.experiments): pin creation switched off by an operator.
    experimentsUrl: config.EXPERIENCES_URL,
    outboxCollections: [PINS_COLLECTION, BOARDS_COLLECTION, BOARD_FOLLOWS_COLLECTION, USER_FOLLOWS_COLLECTION, INVITES_COLLECTION, MOVES_COLLECTION],
    // Redis keeps the read caches' stamps (without it those reads go to the store) and the home
    // feeds (feed/feed.store.ts: without it the feed answers 503 and its handlers wait).
    redisUrl: config.REDIS_URL,
    redisOptional: true,
    // The search index (search/): PostgreSQL's full-text search in a database of its own.
    // Its term walks, prepared statements of one plan whatever the words, go through a pool that plans them once.
    postgres: { url: config.SEARCH_DATABASE_URL, prepare: prepareSearchSchema, settings: SEARCH_SESSION, plannedOnce: true },
    setup: (ctx) => {
      // Hot reads kept in memory until a write changes them (kit cache/read-cache.ts).
      const pickers = ctx.readCache<JsonText>({ name: 'board-picker', ttlMs: PICKER_TTL_MS, maxBytes: READ_CACHE_BYTES, size: (json) => json.bytes.length });
      const boardPages = ctx.readCache<SharedPage>({ name: 'board-pages', ttlMs: BOARD_PAGE_TTL_MS, maxBytes: READ_CACHE_BYTES, size: (page) => page.bytes });
      // Stamped by the board's own writes only: a save into a board changes its pages, not its facts.
      const boardFacts = ctx.readCache<BoardFacts>({ name: 'board-facts', ttlMs: BOARD_PAGE_TTL_MS, maxBytes: BOARD_FACTS_BYTES, size: () => 512 });
      const profiles = new ProfileRepository(ctx.mongo);
      const boards = new BoardRepository(ctx.mongo, async (boardId) => {
        await Promise.all([boardPages.changed(boardId), boardFacts.changed(boardId)]);
      });
      // A board is listed for each of its members: changes of the owner's entry reach the collaborators' (collaborators/member-lists.ts).
      const lists = new MemberBoardLists(ctx.mongo, (ownerId) => pickers.changed(ownerId), (id): Promise<BoardFacts | null> => boardService.factsOf(id));
      const listCounts = listCountsBehind(ctx.mongo, ctx.logger, boards, lists);
      const sections = new SectionRepository(ctx.mongo, (boardId) => boardPages.changed(boardId));
      const keptPins = ctx.readCache<PinDoc>({ name: 'pins', ttlMs: BOARD_PAGE_TTL_MS, maxBytes: KEPT_PINS_BYTES, size: () => 1024 });
      const pins = new PinRepository(ctx.mongo, (boardId) => boardPages.changed(boardId), (pinId) => keptPins.changed(pinId));
      const images = new ImageService({
        // A band holds a few images at most (NEAR_IMAGES_PER_BAND): about 2 KB kept per band read.
        repo: new ImageRepository(ctx.mongo, ctx.readCache<BandImages>({ name: 'picture-bands', ttlMs: BOARD_PAGE_TTL_MS, maxBytes: PICTURE_BANDS_BYTES, size: (images) => 64 + images.length * 64 })),
        store,
        fetcher: new GuardedFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, timeoutMs: config.FETCH_TIMEOUT_MS }),
        logger: ctx.logger,
        maxBytes: config.FETCH_MAX_BYTES,
      });
      const kick = ctx.outbox.kick.bind(ctx.outbox);
      const people = new People(profiles);
      const handled = (eventId: string, handler: string) => ctx.processed.has(eventId, handler);
      const boardFollowers = ctx.readCache<string[]>({ name: 'board-followers', ttlMs: BOARD_PAGE_TTL_MS, maxBytes: BOARD_FOLLOWERS_BYTES, size: (ids) => 64 + ids.length * 48 });
      // Stamped by the membership events' writes (advertisers/advertiser-access.repository.ts).
      const advertisers = advertisersModule({ mongo: ctx.mongo, kept: ctx.readCache<KeptRole>({ name: 'advertiser-access', ttlMs: BOARD_PAGE_TTL_MS, maxBytes: ADVERTISER_ACCESS_BYTES, size: () => 128 }) });
      if (!ctx.redis) throw new Error('pins-boards needs Redis for the home feeds (REDIS_URL)');
      const promoted = promotedModule({ mongo: ctx.mongo, profiles, logger: ctx.logger, tokenSecret: adTokenSecretOf(config), refreshMs: config.PROMOTED_REFRESH_MS });
      promoted.set.start();
      const social = followsAndFeed({ promoted: (userId, count) => promoted.service.serve(userId, 'home_feed', count), mongo: ctx.mongo, kick, logger: ctx.logger, handled, profiles, people, boards, boardLists: lists, pins, facts: (id) => boardService.factsOf(id), redis: ctx.redis, namespace: mongoDatabaseOf(config.MONGO_URL), boardFollowers });
      // A board holds its name while it exists, not deleted, with that name (boards/board-names.repository.ts).
      const names = new BoardNames(ctx.mongo, async (boardId, name) => {
        const held = await boards.findById(boardId);
        return held !== null && !held.deletedAt && boardNameKey(held.name) === boardNameKey(name);
      });
      const boardService = new BoardService({ boards, lists, profiles, people, kick, pickers, facts: boardFacts, follows: (viewer, id) => social.follows.boardFacts(viewer, id), advertisers: advertisers.access, names });
      const moves = movesModule({ mongo: ctx.mongo, logger: ctx.logger, kick, boards, lists, sections, pins, boardService, changed: (boardId) => boardPages.changed(boardId), pinChanged: (pinId) => keptPins.changed(pinId), answerWithinMs: config.MOVE_ANSWER_WITHIN_MS, sweepEveryMs: config.MOVE_SWEEP_MS });
      const sectionService = new SectionService({ sections, boards, boardService, lists, moves: moves.service });
      if (!ctx.postgres) throw new Error('pins-boards needs its search database (SEARCH_DATABASE_URL)');
      const search = searchModule({
        pool: ctx.postgres, plannedOnce: ctx.postgresPlannedOnce, logger: ctx.logger,
        kept: ctx.readCache<KeptAnswer>({ name: 'search', ttlMs: SEARCH_CACHE_TTL_MS, maxBytes: SEARCH_CACHE_BYTES, size: (answer) => answer.bytes }),
        suggested: ctx.readCache<KeptAnswer>({ name: 'search-suggestions', ttlMs: SUGGESTIONS_CACHE_TTL_MS, maxBytes: SUGGESTIONS_CACHE_BYTES, size: (answer) => answer.bytes }),
        promoted: (userId, count, query) => promoted.service.serve(userId, 'search', count, query),
      });
      const pinService = new PinService({
        pins, boards, boardService, sections, sectionService, people, images, kick, kept: keptPins, advertisers: advertisers.access,
        similarBoardNames: (viewer, pinId, text, limit) => search.index.similarBoardNames({ userId: viewer?.userId }, text, pinId, limit),
        ownBoardNames: async (userId) => (await lists.entries(userId)).filter((entry) => !entry.owner).map((entry) => entry.name),
      });
      // The viewer's groups from the kit's experiments client (in memory, changed by operators at run time).
      const groupsOf: ExperimentGroupsOf = (viewer, forced) => Promise.resolve(Object.fromEntries(EXPERIMENT_NAMES.map((name) => [name, ctx.experiments.groupOf(name, viewer.userId, forced)])) as ExperimentGroups);
      // Outside production the `ph_exp` cookie forces groups for every check of a request (tests, demos).
      const allowOverrides = config.NODE_ENV !== 'production';
      const pinBuilder = new PinBuilderGuard({ experiments: parts.experiments ?? groupsOf, canUploadVideo: noVideo, advertisers: advertisers.access });
      const pages = new BoardPages({ boards, sections, pins, people, cache: boardPages });
      const sends = sendsModule({ mongo: ctx.mongo, pins: pinService, profiles, userFollows: social.userFollows, people });
      const members = collaborators({ mongo: ctx.mongo, logger: ctx.logger, kick, boards, boardService, lists, profiles, people, advertisers: advertisers.access,
        following: (userId, max) => social.follows.followeeIds(userId, max), index: search.index });
      const offsite = offsiteModule({ mongo: ctx.mongo, logger: ctx.logger, secret: offsiteSecretOf(config) });
      const claims = claimsModule({
        mongo: ctx.mongo, logger: ctx.logger, people,
        // Its own fetcher: a verification waits at most 10 s for each of its two tries (https, then http).
        fetcher: new GuardedFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, timeoutMs: Math.min(config.FETCH_TIMEOUT_MS, CLAIM_FETCH_TIMEOUT_MS) }),
        linkOf: (viewer, pinId) => pinService.linkOf(viewer, pinId),
        userFacts: (viewer, userId) => social.follows.userFacts(viewer, userId),
      });
      return {
        routes: [...profileRoutes(profiles, (viewer, id) => social.follows.userFacts(viewer, id)), ...boardRoutes(boardService), ...sectionRoutes(sectionService), ...pinRoutes(pinService, pages, images, pinCreationGate(ctx.experiments, { allowOverrides })), ...pinBuilderRoutes({ guard: pinBuilder, images, pins: pinService, allowOverrides }), ...relatedBoardRoutes({ mongo: ctx.mongo, pins, boards, people }), ...moreLikeThisRoutes({ mongo: ctx.mongo, pins, boardService, images, pinService }), ...social.routes, ...members.routes, ...moves.routes, ...search.routes, ...boardColorRoutes(search.index, (viewer, id) => boardService.readable(viewer, id)), ...sends.routes, ...offsite.routes, ...claims.routes],
        handlers: [...profileHandlers(profiles), ...boardHandlers({ boards, lists }), ...pinHandlers({ pins, boards, listCounts, sections, images, kick, logger: ctx.logger, handled, ownerOf: async (id) => (await boardService.factsOf(id))?.ownerId }), ...pinPromotionHandlers({ pins, logger: ctx.logger }), ...social.handlers, ...members.handlers, ...advertisers.handlers, ...search.handlers, ...promoted.handlers],
        extraRouters: [mediaRouter(store, ctx.logger), offsite.router],
        // Home feeds moved to Redis (feed/feed.model.ts): the store's old entries go, once.
        carryOvers: [() => dropOldFeedEntries(ctx.mongo)],
        stop: () => promoted.set.stop(),
      };
    },
  };
}
