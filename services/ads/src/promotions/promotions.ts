import type { Connection } from 'mongoose';
import type { Logger, OutboxTarget } from '@pinhive/kit';
import type { AdvertiserRepository } from '../advertisers/advertiser.repository';
import { PinsClient } from './pins.client';
import { promotionHandlers } from './promotion.handlers';
import { PromotionRepository } from './promotion.repository';
import { promotionRoutes } from './promotion.routes';
import { PromotionService } from './promotion.service';
import { ProfileRepository } from './profile.repository';

/** Quick-promote and the advertiser details it needs: routes, and the handler that completes a promotion. */
export function promotionsModule(deps: { mongo: Connection; advertisers: Pick<AdvertiserRepository, 'findById'>; pinsBoardsUrl: string | undefined; logger: Logger; kick: (target: OutboxTarget) => void; now?: () => Date }) {
  const promotions = new PromotionRepository(deps.mongo);
  const profiles = new ProfileRepository(deps.mongo);
  const service = new PromotionService({
    advertisers: deps.advertisers, promotions, profiles,
    pins: new PinsClient({ url: deps.pinsBoardsUrl, logger: deps.logger }), kick: deps.kick, ...(deps.now ? { now: deps.now } : {}),
  });
  return { service, repository: promotions, profiles, routes: promotionRoutes(service), handlers: promotionHandlers(promotions) };
}
