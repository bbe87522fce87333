import { dayAfter, defineIndexes, type HotQuerySet } from '@pinhive/kit';
import { pinsBoardsIndexes } from './indexes';
import { PROFILES_COLLECTION } from './profiles/profile.model';

const N = 5_000;
const at = new Date('2026-01-01T00:00:00Z');
/** Records spread over 40 days: a purge deletes one day's worth. */
const DAYS = 40;

/** pins-boards' hot queries as its repositories send them (the guard: test/integration/hot-queries.int.test.ts). */
export const pinsBoardsHotQueries: HotQuerySet = {
  service: 'pins-boards',
  // processed_events' day index is the kit's (ProcessedEvents.indexes): pins-boards consumes events.
  indexes: [...pinsBoardsIndexes, ...defineIndexes('processed_events', [{ key: { day: 1 } }])],
  seeds: {
    [PROFILES_COLLECTION]: { count: N, doc: (i) => ({ _id: `user-${i}`, username: `user${i}`, firstName: 'Ada', lastName: '', imageLargeUrl: null, createdAt: at }) },
    processed_events: { count: N, doc: (i) => ({ _id: `create-profile:event-${i}`, eventId: `event-${i}`, handler: 'create-profile', at, day: dayAfter(at, i % DAYS) }) },
  },
  queries: [
    { name: 'processed-event check (every event handled)', collection: 'processed_events', filter: { _id: 'create-profile:event-4321' } },
    { name: 'processed events of a day (purge)', collection: 'processed_events', filter: { day: dayAfter(at, 7) }, reads: N / DAYS },
    { name: 'profile by username', collection: PROFILES_COLLECTION, filter: { username: 'user4321' } },
    { name: 'profile by id (every update of a profile)', collection: PROFILES_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'profile part set unless newer (every account event)', collection: PROFILES_COLLECTION, filter: { _id: 'user-4321', $or: [{ namesChangedAt: null }, { namesChangedAt: { $lt: at } }] } },
  ],
};
