import { defineIndexes } from '@pinhive/kit';
import { ADVERTISER_MEMBERS_COLLECTION, ADVERTISERS_COLLECTION } from './advertisers/advertiser.model';
import { PEOPLE_COLLECTION } from './people/person.model';
import { AD_STATS_COLLECTION, ADVERTISER_STATS_COLLECTION } from './counting/stats.model';
import { CAMPAIGNS_COLLECTION } from './promotions/promotion.model';
import { HELD_EVENTS_COLLECTION } from './serving/held-events.model';

/** Every index ads' queries need, created at start by the kit (the outbox's and processed events' are the kit's). */
export const adsIndexes = [
  ...defineIndexes(PEOPLE_COLLECTION, [
    { key: { username: 1 } }, // an owner adds a person by username (not unique: person.repository.ts)
  ]),
  ...defineIndexes(ADVERTISERS_COLLECTION, [
    { key: { requestKey: 1 }, unique: true }, // a retried creation finds its advertiser (Idempotency-Key)
  ]),
  ...defineIndexes(ADVERTISER_MEMBERS_COLLECTION, [
    { key: { userId: 1 } }, // a person's advertisers: their list and their cap (at most ADVERTISERS_PER_PERSON_MAX)
  ]),
  ...defineIndexes(CAMPAIGNS_COLLECTION, [
    { key: { requestKey: 1 }, unique: true }, // a retried promotion finds its campaign (Idempotency-Key)
    { key: { live: 1 } }, // serving reads the live campaigns (at most LIVE_MAX)
    { key: { advertiserBucket: 1 } }, // an advertiser's campaigns, a bucket at a time (reporting)
  ]),
  ...defineIndexes(AD_STATS_COLLECTION, [
    { key: { campaignMonth: 1 } }, // a campaign's days of a month (reporting)
  ]),
  ...defineIndexes(ADVERTISER_STATS_COLLECTION, [
    { key: { advertiserMonth: 1 } }, // an advertiser's days of a month, all its campaigns added up (reporting's chart)
  ]),
  ...defineIndexes(HELD_EVENTS_COLLECTION, [
    { key: { purgeDay: 1 } }, // the purge of held events already published, by day
  ]),
];
