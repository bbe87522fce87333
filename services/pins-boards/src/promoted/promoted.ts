import type { Logger } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import type { ProfileRepository } from '../profiles/profile.repository';
import { PromotedCampaignRepository } from './promoted-campaign.repository';
import { promotedHandlers } from './promoted.handlers';
import { PromotedService } from './promoted.service';
import { PromotedSet } from './promoted-set';

/** The promoted pins home feed and search pages carry (issue 25): ads' serving records kept here, chosen per viewer. */
export function promotedModule(deps: { mongo: Connection; profiles: ProfileRepository; logger: Logger; tokenSecret: string; refreshMs: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const campaigns = new PromotedCampaignRepository(deps.mongo);
  const set = new PromotedSet({ campaigns, logger: deps.logger, now, refreshMs: deps.refreshMs });
  return {
    set,
    service: new PromotedService({ set, profiles: deps.profiles, tokenSecret: deps.tokenSecret, logger: deps.logger, now }),
    handlers: promotedHandlers({ campaigns, profiles: deps.profiles }),
  };
}
