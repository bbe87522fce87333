import { dayAfter, defineIndexes, OUTBOX_PENDING, type HotQuerySet } from '@pinhive/kit';
import { ADVERTISERS_PER_PERSON_MAX } from '@pinhive/contracts';
import { ADVERTISER_MEMBERS_COLLECTION, ADVERTISERS_COLLECTION, memberRowId } from './advertisers/advertiser.model';
import { adsIndexes } from './indexes';
import { PEOPLE_COLLECTION } from './people/person.model';

const N = 5_000;
const at = new Date('2026-01-01T00:00:00Z');
/** Records spread over 40 days: a purge deletes one day's worth. */
const DAYS = 40;
/** Advertisers of the seed have 10 people each; person i acts for PER_PERSON of them. */
const PER_ADVERTISER = 10;
const PER_PERSON = 20;
const PEOPLE = (N * PER_ADVERTISER) / PER_PERSON;
const advertiserId = (i: number) => String(1_000_000 + i);
const memberOf = (i: number, k: number) => `user-${(i * PER_ADVERTISER + k) % PEOPLE}`;
/** One advertiser in this many has an event not yet published (the sweep reads those). */
const PENDING_EVERY = 100;

/** ads' hot queries as its repositories send them (the guard: test/integration/hot-queries.int.test.ts). */
export const adsHotQueries: HotQuerySet = {
  service: 'ads',
  // The kit's indexes on ads' collections: the outbox flag, and processed_events' day (ads consumes events).
  indexes: [...adsIndexes, ...defineIndexes(ADVERTISERS_COLLECTION, [{ key: { [OUTBOX_PENDING]: 1 } }]), ...defineIndexes('processed_events', [{ key: { day: 1 } }])],
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
  },
  queries: [
    { name: 'processed-event check (every account event)', collection: 'processed_events', filter: { _id: 'person-registered:event-4321' } },
    { name: 'processed events of a day (purge)', collection: 'processed_events', filter: { day: dayAfter(at, 7) }, reads: N / DAYS },
    { name: 'person by username (an owner adds someone)', collection: PEOPLE_COLLECTION, filter: { username: 'user4321' } },
    { name: "person by id (a member list's names)", collection: PEOPLE_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'person part set unless newer (every account event)', collection: PEOPLE_COLLECTION, filter: { _id: 'user-4321', $or: [{ namesChangedAt: null }, { namesChangedAt: { $lt: at } }] } },
    { name: 'advertiser by id (every call, every membership sync)', collection: ADVERTISERS_COLLECTION, filter: { _id: advertiserId(4321) } },
    { name: 'the advertiser of a retried creation (Idempotency-Key)', collection: ADVERTISERS_COLLECTION, filter: { requestKey: `${memberOf(4321, 0)}:${advertiserId(4321)}` } },
    { name: 'a person added once, while there is room', collection: ADVERTISERS_COLLECTION, filter: { _id: advertiserId(4321), memberIds: { $ne: 'user-7' }, memberCount: { $lt: 50 } } },
    { name: 'a person taken out once (removed, or leaving)', collection: ADVERTISERS_COLLECTION, filter: { _id: advertiserId(4321), memberIds: memberOf(4321, 3) } },
    { name: 'outbox sweep of advertisers', collection: ADVERTISERS_COLLECTION, filter: { [OUTBOX_PENDING]: true }, reads: N / PENDING_EVERY },
    { name: "a person's advertisers (their list, their cap)", collection: ADVERTISER_MEMBERS_COLLECTION, filter: { userId: 'user-7' }, reads: ADVERTISERS_PER_PERSON_MAX },
    { name: "a person's row made, changed or removed (every membership sync)", collection: ADVERTISER_MEMBERS_COLLECTION, filter: { _id: memberRowId(advertiserId(4321), memberOf(4321, 3)) } },
  ],
};
