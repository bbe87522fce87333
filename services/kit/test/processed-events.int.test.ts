import { createLogger, dayOf, defineHandler, Dispatcher, newEvent, ProcessedEvents } from '@pinhive/kit';
import { scratchDatabase, uniqueName } from '../../../test/support/servers';

/** processed_events on the real store: kept for the retention, purged by day after it. */
const DAY_MS = 86_400_000;
const logger = createLogger('processed-test', 'silent');

const scratch = scratchDatabase('processed', 'test');

/** A ProcessedEvents whose clock the test moves. */
function withClock(start: Date) {
  const clock = { now: start };
  return { clock, processed: new ProcessedEvents(scratch(), { retentionDays: 7, now: () => clock.now }) };
}

it('a record older than the retention is gone after a purge; a recent one stays', async () => {
  const now = new Date();
  const { clock, processed } = withClock(new Date(now.getTime() - 10 * DAY_MS));
  await processed.mark('old-event', 'h');
  clock.now = new Date(now.getTime() - 6 * DAY_MS);
  await processed.mark('recent-event', 'h');
  clock.now = now;
  await processed.mark('new-event', 'h');

  expect(await processed.purge()).toBe(1);
  expect(await processed.has('old-event', 'h')).toBe(false);
  expect(await processed.has('recent-event', 'h')).toBe(true);
  expect(await processed.has('new-event', 'h')).toBe(true);
  // The purged day left the list too; the others stay listed for later purges.
  const days = (await scratch().collection('processed_event_days').find().toArray()).map((d) => String(d._id)).sort();
  expect(days).toEqual([dayOf(new Date(now.getTime() - 6 * DAY_MS)), dayOf(now)]);
  expect(await processed.purge()).toBe(0);
});

it('a redelivered event is still skipped within the retention, after a purge too', async () => {
  const { clock, processed } = withClock(new Date());
  let handled = 0;
  const dispatcher = new Dispatcher({
    handlers: [defineHandler({ name: 'count', type: 'auth.user.registered.v1', handle: async () => { handled += 1; } })],
    processed, deadLetter: () => Promise.reject(new Error('nothing should be parked')), maxAttempts: 1, retryBaseMs: 1, logger,
  });
  const id = uniqueName('u');
  const event = newEvent('auth', 'auth.user.registered.v1', id, { userId: id, username: id, email: `${id}@example.com`, firstName: '', lastName: '', country: null, registeredAt: new Date().toISOString() });
  const raw = JSON.stringify(event);
  await dispatcher.dispatch(event.type, id, raw);
  await dispatcher.dispatch(event.type, id, raw);
  clock.now = new Date(clock.now.getTime() + 6 * DAY_MS);
  await processed.purge();
  await dispatcher.dispatch(event.type, id, raw);
  expect(handled).toBe(1);
});

it('lists a day once per process, not once per event', async () => {
  const { processed } = withClock(new Date());
  for (let i = 0; i < 5; i++) await processed.mark(`e${i}`, 'h');
  expect(await scratch().collection('processed_event_days').countDocuments()).toBe(1);
  expect(await scratch().collection('processed_events').countDocuments({ day: dayOf(new Date()) })).toBe(5);
});

it("records a batch's events in one command, each as `mark` records it, and a second time changes nothing", async () => {
  const { processed } = withClock(new Date());
  await processed.mark('e1', 'h');
  await processed.markMany(['e1', 'e2', 'e3'], 'h');
  await processed.markMany(['e2', 'e3'], 'h');
  // Another process (nothing in memory) reads them from the store.
  const fresh = new ProcessedEvents(scratch(), { retentionDays: 7 });
  for (const id of ['e1', 'e2', 'e3']) expect(await fresh.has(id, 'h')).toBe(true);
  expect(await fresh.has('e4', 'h')).toBe(false);
  const records = await scratch().collection('processed_events').find({ day: dayOf(new Date()) }).toArray();
  expect(records.map((r) => String(r._id)).sort()).toEqual(['h:e1', 'h:e2', 'h:e3']);
  expect(records.every((r) => r.handler === 'h' && r.at instanceof Date)).toBe(true);
});

it('carries records written before `day` over once: they expire one retention later', async () => {
  const now = new Date();
  const { clock, processed } = withClock(now);
  const records = scratch().collection('processed_events');
  await records.createIndex({ eventId: 1, handler: 1 }, { unique: true }); // the index before this change
  await records.insertOne({ _id: 'h:legacy', eventId: 'legacy', handler: 'h', at: new Date(now.getTime() - 30 * DAY_MS) } as never);

  await processed.carryOver();
  expect(await records.findOne({ _id: 'h:legacy' } as never)).toMatchObject({ day: dayOf(now) });
  expect((await records.indexes()).map((i) => i.name)).not.toContain('eventId_1_handler_1');

  // Once ever: a record without a day written later is left alone.
  await records.insertOne({ _id: 'h:later', eventId: 'later', handler: 'h', at: now } as never);
  await processed.carryOver();
  expect(await records.findOne({ _id: 'h:later' } as never)).not.toHaveProperty('day');

  clock.now = new Date(now.getTime() + 8 * DAY_MS);
  await processed.purge();
  expect(await processed.has('legacy', 'h')).toBe(false);
});

it('answers a pair this process recorded lately from memory, and asks the store again after an hour', async () => {
  const { clock, processed } = withClock(new Date());
  await processed.mark('remembered', 'h');
  // Gone from the store (as no record is within the retention): only the memory can answer.
  await scratch().collection('processed_events').deleteMany({});
  expect(await processed.has('remembered', 'h')).toBe(true);
  clock.now = new Date(clock.now.getTime() + 3_600_001);
  expect(await processed.has('remembered', 'h')).toBe(false);
});
