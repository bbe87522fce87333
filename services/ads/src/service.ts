import { adTokenSecretOf, interestHandlers, mongoDatabaseOf, runPeriodically, type ServiceDefinition } from '@pinhive/kit';
import type { AdsConfig } from './config';
import { Counter } from './counting/counter';
import { countingHandlers } from './counting/counting.handlers';
import { ReportService } from './reporting/report.service';
import { reportRoutes } from './reporting/report.routes';
import { HELD_EVENTS_COLLECTION } from './serving/held-events.model';
import { HeldEventsRepository } from './serving/held-events.repository';
import { ServingSet } from './serving/serving-set';
import { ServingService } from './serving/serving.service';
import { servingRoutes } from './serving/serving.routes';
import { ADVERTISERS_COLLECTION } from './advertisers/advertiser.model';
import { advertisersModule } from './advertisers/advertisers';
import { adsIndexes } from './indexes';
import { personHandlers } from './people/person.handlers';
import { PersonRepository } from './people/person.repository';
import { CAMPAIGNS_COLLECTION } from './promotions/promotion.model';
import { promotionsModule } from './promotions/promotions';

/** Held events already published are purged hourly; a failed purge is retried sooner. */
const PURGE_EVERY_MS = 3_600_000;
const PURGE_RETRY_MS = 60_000;

/**
 * The ads service: advertisers and the people who may act for them (saving-boards-ads.md
 * section 6), with people known from auth's account events, and quick-promote: campaigns, their
 * ad groups and ads, and the business and billing details they need (sections 5, 7 and 9).
 */
/** What tests put in place of the real thing: the clock (budgets and end dates by day). */
export interface AdsParts {
  now?: () => Date;
}

export function adsService(config: AdsConfig, parts: AdsParts = {}): ServiceDefinition<AdsConfig> {
  const now = parts.now ?? (() => new Date());
  return {
    name: 'ads',
    config,
    indexes: adsIndexes,
    outboxCollections: [ADVERTISERS_COLLECTION, CAMPAIGNS_COLLECTION, HELD_EVENTS_COLLECTION],
    redisUrl: config.REDIS_URL,
    setup: (ctx) => {
      const people = new PersonRepository(ctx.mongo);
      const kick = ctx.outbox.kick.bind(ctx.outbox);
      const advertisers = advertisersModule({ mongo: ctx.mongo, people, kick });
      const promotions = promotionsModule({ mongo: ctx.mongo, advertisers: advertisers.repository, pinsBoardsUrl: config.PINS_BOARDS_URL, logger: ctx.logger, kick, now });
      if (!ctx.redis) throw new Error('ads needs Redis for counting and pacing (REDIS_URL)');
      // Keys of this deployment's counting and spend: two deployments (or test files) on one Redis stay apart.
      const namespace = mongoDatabaseOf(config.MONGO_URL);
      const campaigns = promotions.repository;
      const servingSet = new ServingSet({ promotions: campaigns, advertisers: advertisers.repository, redis: ctx.redis, bus: ctx.bus, namespace, logger: ctx.logger, now, refreshMs: config.ADS_SERVING_REFRESH_MS });
      // Impressions and clicks Kafka did not take wait in the store; the relay publishes them, the purge then deletes them by day.
      const held = new HeldEventsRepository(ctx.mongo, kick);
      runPeriodically(ctx.mongo, ctx.logger, 'purging published held ad events', { everyMs: PURGE_EVERY_MS, retryMs: PURGE_RETRY_MS }, async () => ({ deleted: await held.purge(now()) }));
      const serving = new ServingService({ set: servingSet, people, bus: ctx.bus, held, tokenSecret: adTokenSecretOf(config), logger: ctx.logger, now });
      const counter = new Counter({ redis: ctx.redis, mongo: ctx.mongo, namespace, cpmMicro: config.ADS_CPM_MICRO, flushMs: config.ADS_FLUSH_MS, logger: ctx.logger });
      const reports = new ReportService({ mongo: ctx.mongo, advertisers: advertisers.repository, promotions: campaigns, profiles: promotions.profiles, isServing: (id) => servingSet.isServing(id), now });
      servingSet.start();
      counter.start();
      return {
        routes: [...advertisers.routes, ...promotions.routes, ...servingRoutes(serving), ...reportRoutes(reports)],
        handlers: [...personHandlers(people), ...interestHandlers('person-interests-from-save', people), ...advertisers.handlers, ...promotions.handlers, ...countingHandlers(counter)],
        stop: async () => {
          servingSet.stop();
          await counter.stop();
        },
      };
    },
  };
}
