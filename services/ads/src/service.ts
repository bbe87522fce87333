import type { ServiceDefinition } from '@pinhive/kit';
import type { AdsConfig } from './config';
import { ADVERTISERS_COLLECTION } from './advertisers/advertiser.model';
import { advertisersModule } from './advertisers/advertisers';
import { adsIndexes } from './indexes';
import { personHandlers } from './people/person.handlers';
import { PersonRepository } from './people/person.repository';

/**
 * The ads service: advertisers and the people who may act for them (saving-boards-ads.md
 * section 6), with people known from auth's account events. Campaigns and quick-promote come
 * with their issues.
 */
export function adsService(config: AdsConfig): ServiceDefinition<AdsConfig> {
  return {
    name: 'ads',
    config,
    indexes: adsIndexes,
    outboxCollections: [ADVERTISERS_COLLECTION],
    setup: (ctx) => {
      const people = new PersonRepository(ctx.mongo);
      const advertisers = advertisersModule({ mongo: ctx.mongo, people, kick: ctx.outbox.kick.bind(ctx.outbox) });
      return {
        routes: [...advertisers.routes],
        handlers: [...personHandlers(people), ...advertisers.handlers],
      };
    },
  };
}
