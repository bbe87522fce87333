import type { Logger, Viewer } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import type { FollowFacts } from '../follows/follow.service';
import type { GuardedFetcher } from '../images/guarded-fetch';
import type { People } from '../shared/people';
import { ClaimRepository } from './claim.repository';
import { claimRoutes } from './claim.routes';
import { ClaimService } from './claim.service';
import { CreatorCardService } from './creator-card.service';

export interface ClaimsDeps {
  mongo: Connection;
  logger: Logger;
  fetcher: Pick<GuardedFetcher, 'fetch'>;
  linkOf: (viewer: Viewer | undefined, pinId: string) => Promise<string | null>;
  userFacts: (viewer: Viewer | undefined, userId: string) => Promise<FollowFacts>;
  people: People;
}

/** Verified-domain claims and the creator card they give (docs/decisions/site-claims.md): no events, nothing else consumes them yet. */
export function claimsModule(deps: ClaimsDeps) {
  const claims = new ClaimRepository(deps.mongo);
  const service = new ClaimService({ claims, fetcher: deps.fetcher, logger: deps.logger });
  const cards = new CreatorCardService({ claims, linkOf: deps.linkOf, userFacts: deps.userFacts, people: deps.people });
  return { service, cards, routes: claimRoutes(service, cards) };
}
