import { dayAfter, defineIndexes, NOTHING_PENDING, OUTBOX_PENDING, type HotQuerySet } from '@pinhive/kit';
import { ADVERTISERS_PER_PERSON_MAX } from '@pinhive/contracts';
import { ADVERTISER_MEMBERS_COLLECTION, ADVERTISERS_COLLECTION, memberRowId } from './advertisers/advertiser.model';
import { adsIndexes } from './indexes';
import { PEOPLE_COLLECTION } from './people/person.model';
import { AD_GROUPS_COLLECTION, ADS_COLLECTION, CAMPAIGNS_COLLECTION } from './promotions/promotion.model';
import { ADVERTISER_PROFILES_COLLECTION } from './promotions/profile.model';
import { HELD_EVENTS_COLLECTION } from './serving/held-events.model';
import { AD_STATS_COLLECTION, ADVERTISER_STATS_COLLECTION } from './counting/stats.model';

const N = 5_000;
const at = new Date('2026-01-01T00:00:00Z');
/** Records spread over 40 days: a purge deletes one day's worth. */
const DAYS = 40;
/** Advertisers of the seed have 10 people each; person i acts for PER_PERSON of them. */
const PER_ADVERTISER = 10;
const PER_PERSON = 20;
const PEOPLE = (N * PER_ADVERTISER) / PER_PERSON;
const advertiserId = (i: number) => String(1_000_000 + i);
const campaignId = (i: number) => String(2_000_000 + i);
/** One campaign in this many is live (serving reads those). */
const LIVE_EVERY = 10;
const memberOf = (i: number, k: number) => `user-${(i * PER_ADVERTISER + k) % PEOPLE}`;
/** One advertiser in this many has an event not yet published (the sweep reads those). */
const PENDING_EVERY = 100;
/** The event a held batch still waits to publish. */
const heldEvent = (i: number) => ({ id: `held-event-${i}`, type: 'ads.ad.engaged.v1', key: campaignId(i) });

/** ads' hot queries as its repositories send them (the guard: test/integration/hot-queries.int.test.ts). */
export const adsHotQueries: HotQuerySet = {
  service: 'ads',
  // The kit's indexes on ads' collections: the outbox flag, and processed_events' day (ads consumes events).
  indexes: [
    ...adsIndexes, ...[ADVERTISERS_COLLECTION, CAMPAIGNS_COLLECTION, HELD_EVENTS_COLLECTION].flatMap((c) => defineIndexes(c, [{ key: { [OUTBOX_PENDING]: 1 } }])),
    ...defineIndexes('processed_events', [{ key: { day: 1 } }]),
  ],
  seeds: {
    [PEOPLE_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, username: `user${i}`, firstName: 'Ada', lastName: '' }) },
    processed_events: { count: N, doc: (i) => ({ _id: `person-registered:event-${i}`, eventId: `event-${i}`, handler: 'person-registered', at, day: dayAfter(at, i % DAYS) }) },
    [ADVERTISERS_COLLECTION]: {
      count: N,
      doc: (i) => {
        const memberIds = Array.from({ length: PER_ADVERTISER }, (_, k) => memberOf(i, k));
        return {
          _id: advertiserId(i), name: `Advertiser ${i}`, ownerId: memberIds[0], memberIds, memberCount: PER_ADVERTISER, createdAt: at, requestKey: `${memberIds[0] ?? ''}:${advertiserId(i)}`,
          pendingEvents: [], ...(i % PENDING_EVERY === 0 ? { [OUTBOX_PENDING]: true } : {}),
        };
      },
    },
    [ADVERTISER_MEMBERS_COLLECTION]: {
      count: N * PER_ADVERTISER,
      doc: (j) => {
        const i = Math.floor(j / PER_ADVERTISER);
        const userId = memberOf(i, j % PER_ADVERTISER);
        return { _id: memberRowId(advertiserId(i), userId), advertiserId: advertiserId(i), userId, role: j % PER_ADVERTISER === 0 ? 'owner' : 'member', addedAt: at };
      },
    },
    [CAMPAIGNS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: campaignId(i), advertiserId: advertiserId(i % 500), name: `Campaign ${i}`, objective: 'CONSIDERATION', status: 'ACTIVE', dailyBudgetMicro: 3_000_000, currency: 'USD',
        startDate: '2026-01-01', endDate: null, pinId: String(3_000_000 + i), adGroupId: `${campaignId(i)}1`, adId: `${campaignId(i)}2`, createdBy: memberOf(i % 500, 0), createdAt: at,
        requestKey: `${advertiserId(i % 500)}:${memberOf(i % 500, 0)}:${campaignId(i)}`, advertiserBucket: `${advertiserId(i % 500)}:${Math.floor(i / 500 / 20)}`,
        ...(i % LIVE_EVERY === 0 ? { live: true } : {}), pendingEvents: [], ...(i % PENDING_EVERY === 0 ? { [OUTBOX_PENDING]: true } : {}),
      }),
    },
    [AD_GROUPS_COLLECTION]: { count: N, doc: (i) => ({ _id: `${campaignId(i)}1`, campaignId: campaignId(i), advertiserId: advertiserId(i % 500) }) },
    [ADS_COLLECTION]: { count: N, doc: (i) => ({ _id: `${campaignId(i)}2`, campaignId: campaignId(i), advertiserId: advertiserId(i % 500), pinId: String(3_000_000 + i) }) },
    [AD_STATS_COLLECTION]: {
      count: N,
      doc: (i) => ({ _id: `${campaignId(i % 250)}2:2026-${String(1 + Math.floor(i / 250 / 28)).padStart(2, '0')}-${String(1 + (Math.floor(i / 250) % 28)).padStart(2, '0')}`,
        campaignId: campaignId(i % 250), campaignMonth: `${campaignId(i % 250)}:2026-${String(1 + Math.floor(i / 250 / 28)).padStart(2, '0')}`, impressions: i, clicks: 0, spendMicro: 0 }),
    },
    // An advertiser's days: 200 advertisers with 25 days each, a month at a time.
    [ADVERTISER_STATS_COLLECTION]: {
      count: N,
      doc: (i) => ({ _id: `${advertiserId(i % 200)}:2026-01-${String(1 + Math.floor(i / 200)).padStart(2, '0')}`, advertiserId: advertiserId(i % 200),
        day: `2026-01-${String(1 + Math.floor(i / 200)).padStart(2, '0')}`, advertiserMonth: `${advertiserId(i % 200)}:2026-01`, impressions: i, clicks: 0, spendMicro: 0 }),
    },
    [ADVERTISER_PROFILES_COLLECTION]: { count: N, doc: (i) => ({ _id: advertiserId(i), tagCount: 0 }) },
    // Batches held while Kafka was away (a long outage's worth), over 40 purge days: most published, some still waiting.
    [HELD_EVENTS_COLLECTION]: {
      count: N,
      doc: (i) => ({ _id: `held-${i}`, heldAt: at, purgeDay: dayAfter(at, i % DAYS), ...(i % PENDING_EVERY === 0 ? { pendingEvents: [heldEvent(i)], [OUTBOX_PENDING]: true } : {}) }),
    },
  },
  queries: [
    { name: 'processed-event check (every account event)', collection: 'processed_events', filter: { _id: 'person-registered:event-4321' } },
    { name: 'processed events of a day (purge)', collection: 'processed_events', filter: { day: dayAfter(at, 7) }, reads: N / DAYS },
    { name: 'person by username (an owner adds someone)', collection: PEOPLE_COLLECTION, filter: { username: 'user4321' } },
    { name: "person by id (a member list's names, a viewer's facts when serving)", collection: PEOPLE_COLLECTION, filter: { _id: 'user-4321' } },
    { name: "a saver's interests added (a save whose words mark any)", collection: PEOPLE_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'person part set unless newer (every account event)', collection: PEOPLE_COLLECTION, filter: { _id: 'user-4321', $or: [{ namesChangedAt: null }, { namesChangedAt: { $lt: at } }] } },
    { name: 'advertiser by id (every call, every membership sync)', collection: ADVERTISERS_COLLECTION, filter: { _id: advertiserId(4321) } },
    { name: 'the advertiser of a retried creation (Idempotency-Key)', collection: ADVERTISERS_COLLECTION, filter: { requestKey: `${memberOf(4321, 0)}:${advertiserId(4321)}` } },
    { name: 'a person added once, while there is room', collection: ADVERTISERS_COLLECTION, filter: { _id: advertiserId(4321), memberIds: { $ne: 'user-7' }, memberCount: { $lt: 50 } } },
    { name: 'a person taken out once (removed, or leaving)', collection: ADVERTISERS_COLLECTION, filter: { _id: advertiserId(4321), memberIds: memberOf(4321, 3) } },
    { name: 'outbox sweep of advertisers', collection: ADVERTISERS_COLLECTION, filter: { [OUTBOX_PENDING]: true }, reads: N / PENDING_EVERY },
    { name: "a person's advertisers (their list, their cap)", collection: ADVERTISER_MEMBERS_COLLECTION, filter: { userId: 'user-7' }, reads: ADVERTISERS_PER_PERSON_MAX },
    { name: "a person's row made, changed or removed (every membership sync)", collection: ADVERTISER_MEMBERS_COLLECTION, filter: { _id: memberRowId(advertiserId(4321), memberOf(4321, 3)) } },
    { name: 'campaign by id (its answer, its repair)', collection: CAMPAIGNS_COLLECTION, filter: { _id: campaignId(4321) } },
    { name: 'the campaign of a retried promotion (Idempotency-Key)', collection: CAMPAIGNS_COLLECTION, filter: { requestKey: `${advertiserId(4321 % 500)}:${memberOf(4321 % 500, 0)}:${campaignId(4321)}` } },
    { name: 'outbox sweep of campaigns', collection: CAMPAIGNS_COLLECTION, filter: { [OUTBOX_PENDING]: true }, reads: N / PENDING_EVERY },
    { name: 'the live campaigns (every serving refresh)', collection: CAMPAIGNS_COLLECTION, filter: { live: true }, reads: N / LIVE_EVERY },
    { name: "a bucket of an advertiser's campaigns (reporting)", collection: CAMPAIGNS_COLLECTION, filter: { advertiserBucket: `${advertiserId(7)}:0` }, reads: 20 },
    { name: "a campaign's days of a month (reporting)", collection: AD_STATS_COLLECTION, filter: { campaignMonth: `${campaignId(7)}:2026-01` }, reads: 28 },
    { name: "an advertiser's days of a month, all its campaigns (reporting's chart)", collection: ADVERTISER_STATS_COLLECTION, filter: { advertiserMonth: `${advertiserId(7)}:2026-01` }, reads: 31 },
    { name: 'ad group by id (written unless there)', collection: AD_GROUPS_COLLECTION, filter: { _id: `${campaignId(4321)}1` } },
    { name: 'ad by id (written unless there)', collection: ADS_COLLECTION, filter: { _id: `${campaignId(4321)}2` } },
    { name: "an advertiser's details (every promotion)", collection: ADVERTISER_PROFILES_COLLECTION, filter: { _id: advertiserId(4321) } },
    { name: 'outbox sweep of held ad events (Kafka was away)', collection: HELD_EVENTS_COLLECTION, filter: { [OUTBOX_PENDING]: true }, reads: N / PENDING_EVERY },
    { name: 'a held batch published from memory, then cleared', collection: HELD_EVENTS_COLLECTION, filter: { _id: 'held-4300', 'pendingEvents.0.id': 'held-event-4300', pendingEvents: { $size: 1 } } },
    { name: 'published held ad events of a day (purge)', collection: HELD_EVENTS_COLLECTION, filter: { purgeDay: dayAfter(at, 7), ...NOTHING_PENDING }, reads: N / DAYS },
    { name: 'a conversion tag added while there is room', collection: ADVERTISER_PROFILES_COLLECTION, filter: { _id: advertiserId(4321), tagCount: { $lt: 20 } } },
  ],
};
