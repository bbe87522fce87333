import type { AdEngagedV1 } from '@pinhive/contracts';
import { createLogger, ensureIndexes, newEvent, OutboxRelay, type EventBus } from '@pinhive/kit';
import { adsIndexes } from '../src/indexes';
import { HELD_EVENTS_COLLECTION, HELD_EVENTS_PURGE_DAYS_COLLECTION, type HeldEventsDoc } from '../src/serving/held-events.model';
import { HeldEventsRepository } from '../src/serving/held-events.repository';
import { scratchDatabase } from '../../../test/support/servers';

/**
 * Impressions held in the store while Kafka is away, on the real store with the kit's outbox
 * relay: published once Kafka takes them again, and deleted by the purge of their day only then.
 * Kafka is a bus that fails while `kafka.up` is false (the relay's own outage test stops the real one).
 */
const logger = createLogger('held-events-test', 'silent');
const db = scratchDatabase('ads_held', 'test');
const DAY_MS = 24 * 3600 * 1000;
const heldAt = new Date('2026-03-10T23:30:00Z');
const daysLater = (days: number) => new Date(heldAt.getTime() + days * DAY_MS);

const impression = (viewerKey: string) =>
  newEvent('ads', 'ads.ad.engaged.v1', 'ad-1', { kind: 'impression', adId: 'ad-1', adGroupId: 'group-1', campaignId: 'campaign-1', advertiserId: 'adv-1', viewerKey, placement: 'home_feed' } satisfies AdEngagedV1, heldAt);

function setUp() {
  const kafka = { up: false, published: [] as string[] };
  const bus: Pick<EventBus, 'publish'> = {
    publish: async (events) => {
      if (!kafka.up) throw new Error('kafka: connection refused');
      kafka.published.push(...events.map((e) => e.id));
    },
  };
  const relay = new OutboxRelay({ conn: db(), collections: [HELD_EVENTS_COLLECTION], bus, logger, pollMs: 60_000 });
  // Not started: the test runs its passes (drain); a kick of a stopped relay does nothing.
  const held = new HeldEventsRepository(db(), (target) => relay.kick(target));
  const docs = () => db().collection<HeldEventsDoc>(HELD_EVENTS_COLLECTION).find({}).sort({ _id: 1 }).toArray();
  const days = async () => (await db().collection(HELD_EVENTS_PURGE_DAYS_COLLECTION).find({}).toArray()).map((d) => d._id);
  return { kafka, relay, held, docs, days };
}

beforeEach(async () => {
  await ensureIndexes(db(), adsIndexes.filter((i) => i.collection === HELD_EVENTS_COLLECTION));
});

it('keeps a held batch until the relay published it, then the purge of its day deletes it', async () => {
  const { kafka, relay, held, docs, days } = setUp();
  const events = [impression('v1'), impression('v2')];
  await held.hold(events, heldAt);
  await relay.drain(); // Kafka still away: the pass fails and the events stay
  expect(await docs()).toEqual([expect.objectContaining({ purgeDay: '2026-03-11', outboxPending: true, pendingEvents: events })]);
  expect(await days()).toEqual(['2026-03-11']);

  // Long past its day, but not published: it stays, and so does its day.
  expect(await held.purge(daysLater(5))).toBe(0);
  expect(await docs()).toHaveLength(1);
  expect(await days()).toEqual(['2026-03-11']);

  kafka.up = true;
  await relay.drain();
  expect(kafka.published).toEqual(events.map((e) => e.id));
  const [published] = await docs();
  expect(published?.outboxPending).toBeUndefined();

  // Its purge day is the day after it was held: still kept on that day, gone the day after.
  expect(await held.purge(daysLater(1))).toBe(0);
  expect(await held.purge(daysLater(2))).toBe(1);
  expect(await docs()).toEqual([]);
  expect(await days()).toEqual([]);
});

it('purges the published batches of a day and leaves the one still waiting for Kafka', async () => {
  const { kafka, relay, held, docs, days } = setUp();
  kafka.up = true;
  const first = impression('v1');
  await held.hold([first], heldAt); // Kafka failed the request's publish, and is back for the relay's
  await relay.drain();
  kafka.up = false;
  const second = impression('v2');
  await held.hold([second], heldAt);
  await relay.drain();

  expect(await held.purge(daysLater(2))).toBe(1);
  expect((await docs()).map((d) => d.pendingEvents)).toEqual([[second]]);
  expect(await days()).toEqual(['2026-03-11']);

  kafka.up = true;
  await relay.drain();
  expect(await held.purge(daysLater(2))).toBe(1);
  expect(await docs()).toEqual([]);
  expect(await days()).toEqual([]);
  expect(kafka.published).toEqual([first.id, second.id]);
});
