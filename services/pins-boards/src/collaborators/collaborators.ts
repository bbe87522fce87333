import type { Connection } from 'mongoose';
import { runPeriodically, type Logger, type OutboxTarget } from '@pinhive/kit';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardRepository } from '../boards/board.repository';
import type { BoardService } from '../boards/board.service';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { SearchIndex } from '../search/search.index';
import type { People } from '../shared/people';
import { collaboratorHandlers } from './collaborator.handlers';
import { collaboratorRoutes } from './collaborator.routes';
import { CollaboratorService } from './collaborator.service';
import { InviteRepository } from './invite.repository';
import { ShareSuggestions } from './share-suggestions';

/** Lapsed invitations are purged hourly; a failed purge is retried sooner. */
const PURGE_EVERY_MS = 3_600_000;
const PURGE_RETRY_MS = 60_000;

export interface CollaboratorsDeps {
  mongo: Connection;
  logger: Logger;
  kick: (target: OutboxTarget) => void;
  boards: BoardRepository;
  boardService: BoardService;
  /** The member board lists (member-lists.ts), so a change of the owner's entry reaches every member's. */
  lists: BoardListRepository;
  profiles: ProfileRepository;
  people: People;
  /** Who may act for which advertiser: a board made for one takes invitations from its owner alone. */
  advertisers: Pick<AdvertiserAccess, 'withRole'>;
  /** Whom a person follows, the newest first (the share suggestions offer them first). */
  following: (userId: string, max: number) => Promise<string[]>;
  /** People by the start of their words, for the share suggestions. */
  index: Pick<SearchIndex, 'peopleByPrefix'>;
}

/** Collaborators and invitations: their routes and handlers, and the purge of lapsed invitations. */
export function collaborators(deps: CollaboratorsDeps) {
  const invites = new InviteRepository(deps.mongo);
  const service = new CollaboratorService({
    boards: deps.boards,
    boardService: deps.boardService,
    lists: deps.lists,
    invites,
    profiles: deps.profiles,
    people: deps.people,
    kick: deps.kick,
    advertisers: deps.advertisers,
  });
  const suggestions = new ShareSuggestions({
    lists: deps.lists, facts: (id) => deps.boardService.factsOf(id), profiles: deps.profiles, people: deps.people, advertisers: deps.advertisers,
    following: deps.following, index: deps.index, logger: deps.logger,
  });
  runPeriodically(deps.mongo, deps.logger, 'purging lapsed board invitations', { everyMs: PURGE_EVERY_MS, retryMs: PURGE_RETRY_MS }, async () => ({ deleted: await invites.purge(new Date()) }));
  return {
    service,
    routes: collaboratorRoutes(service, suggestions),
    handlers: collaboratorHandlers({ collaborators: service, boards: deps.boards, lists: deps.lists, invites }),
  };
}
