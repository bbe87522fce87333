import type { EventEnvelope } from '@pinhive/contracts';
import { createLogger, docWithEvents, ensureIndexes, explainFind, KafkaBus, KIT_STATE_COLLECTION, newEvent, OutboxRelay, updateWithEvents, type EventBus } from '@pinhive/kit';
import { servers, startServer, stopServer, scratchDatabase, uniqueName, waitFor } from '../../../test/support/servers';

/** The outbox on the real store: the `outboxPending` flag is what the sweep finds, and it never strands an event. */
const logger = createLogger('outbox-test', 'silent');
const THINGS = 'things';
type Thing = { _id: string; n: number; pendingEvents?: EventEnvelope[]; outboxPending?: true };

const event = (id: string) => newEvent('auth', 'auth.user.registered.v1', id, {
  userId: id, username: id, email: `${id}@example.com`, firstName: '', lastName: '', country: null, registeredAt: new Date().toISOString(),
});

const scratch = scratchDatabase('outbox');

const things = () => scratch().collection<Thing>(THINGS);

/** A bus that records what it was asked to publish and can run a write in the middle of a publish. */
function recordingBus() {
  const published: string[] = [];
  let duringPublish: (() => Promise<unknown>) | undefined;
  const bus: Pick<EventBus, 'publish'> = {
    publish: async (events) => {
      published.push(...events.map((e) => e.id));
      const write = duringPublish;
      duringPublish = undefined;
      await write?.();
    },
  };
  return { bus, published, whilePublishing: (write: () => Promise<unknown>) => { duringPublish = write; } };
}

it('a writer that adds an event while the relay publishes keeps the flag, and its event goes out next', async () => {
  const { bus, published, whilePublishing } = recordingBus();
  const relay = new OutboxRelay({ conn: scratch(), collections: [THINGS], bus, logger, pollMs: 60_000 });
  await ensureIndexes(scratch(), relay.indexes);
  expect((await things().indexes()).map((i) => i.name)).toContain('outboxPending_1');

  const [first, second] = [event(uniqueName('first')), event(uniqueName('second'))];
  await things().insertOne(docWithEvents({ _id: 'raced', n: 1 }, [first]));
  whilePublishing(() => things().updateOne({ _id: 'raced' }, updateWithEvents({ $set: { n: 2 } }, [second])));
  await relay.drain();
  // The first event is out; the second arrived after the relay read the document: still flagged.
  expect(await things().findOne({ _id: 'raced' })).toMatchObject({ n: 2, pendingEvents: [{ id: second.id }], outboxPending: true });

  await relay.drain();
  expect(published).toEqual([first.id, second.id]);
  const done = await things().findOne({ _id: 'raced' });
  expect(done?.pendingEvents).toEqual([]);
  expect(done).not.toHaveProperty('outboxPending'); // absent, not false: the index holds pending documents only
});

it('the sweep reads only the flagged documents, from the index', async () => {
  const collection = uniqueName('many');
  const relay = new OutboxRelay({ conn: scratch(), collections: [collection], bus: recordingBus().bus, logger, pollMs: 60_000 });
  await ensureIndexes(scratch(), relay.indexes);
  // Enough published documents that a store would rather scan than use an index that cannot serve the query.
  const idle = Array.from({ length: 3000 }, (_, i) => ({ _id: `idle-${i}`, n: i, pendingEvents: [] as EventEnvelope[] }));
  const pending = [1, 2, 3].map((i) => docWithEvents({ _id: `pending-${i}`, n: i }, [event(uniqueName('p'))]));
  await scratch().collection<Thing>(collection).insertMany([...idle, ...pending], { ordered: false });
  const plan = await explainFind(scratch(), collection, { outboxPending: true });
  expect({ indexed: plan.indexed, reads: plan.reads, plan: plan.summary }).toEqual({ indexed: true, reads: 3, plan: plan.summary });
});

it('carries documents written before the flag over once, then sweeps them', async () => {
  const { bus, published } = recordingBus();
  const collection = uniqueName('legacy');
  const relay = new OutboxRelay({ conn: scratch(), collections: [collection], bus, logger, pollMs: 60_000 });
  const legacy = event(uniqueName('legacy'));
  await scratch().collection<Thing>(collection).insertMany([{ _id: 'old', n: 1, pendingEvents: [legacy] }, { _id: 'idle', n: 1, pendingEvents: [] }]);

  await relay.drain();
  expect(published).toEqual([]); // without the flag the sweep does not see it

  await relay.carryOver();
  expect(await scratch().collection<Thing>(collection).countDocuments({ outboxPending: true })).toBe(1);
  await relay.drain();
  expect(published).toEqual([legacy.id]);
  expect(await scratch().collection<Thing>(collection).countDocuments({ outboxPending: true })).toBe(0);

  // Recorded as done: a later start does not scan the collection again.
  expect(await scratch().collection(KIT_STATE_COLLECTION).countDocuments({ _id: `outbox-flag:${collection}` } as never)).toBe(1);
  await scratch().collection<Thing>(collection).insertOne({ _id: 'later', n: 1, pendingEvents: [event(uniqueName('later'))] });
  await relay.carryOver();
  expect(await scratch().collection<Thing>(collection).countDocuments({ outboxPending: true })).toBe(0);
});

it('an event written while Kafka is down is published by the sweep when Kafka returns', async () => {
  const kafka = new KafkaBus({ service: 'outbox-test', brokers: [servers.kafkaBrokers()], topicPrefix: `${uniqueName('ob')}.`, logger, dispatcher: () => { throw new Error('no consumers here'); } });
  let failures = 0;
  const acknowledged: string[] = [];
  const bus: Pick<EventBus, 'publish'> = {
    publish: async (events) => {
      try {
        await kafka.publish(events);
      } catch (err) {
        failures += 1;
        throw err;
      }
      acknowledged.push(...events.map((e) => e.id));
    },
  };
  const relay = new OutboxRelay({ conn: scratch(), collections: [THINGS], bus, logger, pollMs: 200 });
  const outage = event(uniqueName('outage'));
  relay.start();
  stopServer('kafka');
  try {
    await things().insertOne(docWithEvents({ _id: 'outage', n: 1 }, [outage]));
    relay.kick({ collection: THINGS, id: 'outage' });
    // The publish right after the write failed: from here on only a sweep can publish it.
    await waitFor(async () => (failures > 0 ? true : undefined), 'a failed publish', 30_000);
    expect(await things().findOne({ _id: 'outage' })).toMatchObject({ pendingEvents: [{ id: outage.id }], outboxPending: true });
    startServer('kafka');
    await waitFor(async () => (acknowledged.includes(outage.id) ? true : undefined), 'the event acknowledged by Kafka', 60_000);
    await waitFor(async () => {
      const doc = await things().findOne({ _id: 'outage' });
      return doc?.pendingEvents?.length === 0 && !('outboxPending' in doc) ? true : undefined;
    }, 'the event removed and the flag dropped');
  } finally {
    startServer('kafka'); // no-op when already running
    await relay.stop();
    await kafka.stop();
  }
});

describe("a new document's events, published from memory (kick with `created`)", () => {
  async function startedRelay(bus: Pick<EventBus, 'publish'>) {
    const relay = new OutboxRelay({ conn: scratch(), collections: [THINGS], bus, logger, pollMs: 60_000 });
    await ensureIndexes(scratch(), relay.indexes);
    relay.start();
    await relay.drain(); // the first sweep, before the documents of the test
    return relay;
  }

  it('go out, and the document is left with no pending event and no flag', async () => {
    const { bus, published } = recordingBus();
    const relay = await startedRelay(bus);
    const id = uniqueName('created');
    const saved = event(uniqueName('saved'));
    await things().insertOne(docWithEvents({ _id: id, n: 1 }, [saved]));
    relay.kick({ collection: THINGS, id, created: [saved] });
    await relay.drain();
    await relay.stop();
    expect(published).toEqual([saved.id]);
    const done = await things().findOne({ _id: id });
    // Nothing pending: the one write from memory removes the array; when a sweep's pass got to
    // the document in between, the pops leave it empty (both seen in full runs).
    expect(done?.pendingEvents ?? []).toEqual([]);
    expect(done).not.toHaveProperty('outboxPending');
  });

  it('keep their place before an event another write added meanwhile, which goes out after them', async () => {
    const { bus, published, whilePublishing } = recordingBus();
    const relay = await startedRelay(bus);
    const id = uniqueName('created');
    const [saved, deleted] = [event(uniqueName('saved')), event(uniqueName('deleted'))];
    await things().insertOne(docWithEvents({ _id: id, n: 1 }, [saved]));
    whilePublishing(() => things().updateOne({ _id: id }, updateWithEvents({ $set: { n: 2 } }, [deleted])));
    relay.kick({ collection: THINGS, id, created: [saved] });
    await relay.drain();
    await relay.drain();
    await relay.stop();
    expect(published).toEqual([saved.id, deleted.id]);
    const done = await things().findOne({ _id: id });
    expect(done?.pendingEvents).toEqual([]);
    expect(done).not.toHaveProperty('outboxPending');
  });

  it("of several documents in one pass are removed together, and one another write added an event to keeps that event for its own pass", async () => {
    const published: string[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => ({ id: uniqueName(`together-${x}`), saved: event(uniqueName(`saved-${x}`)) })) as [{ id: string; saved: EventEnvelope }, ...{ id: string; saved: EventEnvelope }[]];
    // The first document's publish waits: the others are kicked meanwhile and go out in the next pass, together.
    const bus: Pick<EventBus, 'publish'> = { publish: async (events) => { published.push(events.map((e) => e.id)); if (events.some((e) => e.id === a.saved.id)) await held; } };
    const relay = await startedRelay(bus);
    await things().insertOne(docWithEvents({ _id: a.id, n: 1 }, [a.saved]));
    relay.kick({ collection: THINGS, id: a.id, created: [a.saved] });
    for (const x of [b!, c!, d!]) {
      await things().insertOne(docWithEvents({ _id: x.id, n: 1 }, [x.saved]));
      relay.kick({ collection: THINGS, id: x.id, created: [x.saved] });
    }
    const later = event(uniqueName('later'));
    await things().updateOne({ _id: c!.id }, updateWithEvents({ $set: { n: 2 } }, [later]));
    release();
    await relay.drain();
    await relay.stop();
    expect(published).toEqual([[a.saved.id], [b!.saved.id, c!.saved.id, d!.saved.id], [later.id]]);
    for (const x of [a, b!, c!, d!]) {
      const done = await things().findOne({ _id: x.id });
      expect(done?.pendingEvents ?? []).toEqual([]);
      expect(done).not.toHaveProperty('outboxPending');
    }
  });

  it('stay stored when Kafka refuses them, for the next sweep', async () => {
    let refuse = true;
    const sent: string[] = [];
    const bus: Pick<EventBus, 'publish'> = { publish: async (events) => { if (refuse) throw new Error('kafka away'); sent.push(...events.map((e) => e.id)); } };
    const relay = await startedRelay(bus);
    const id = uniqueName('created');
    const saved = event(uniqueName('saved'));
    await things().insertOne(docWithEvents({ _id: id, n: 1 }, [saved]));
    relay.kick({ collection: THINGS, id, created: [saved] });
    await relay.drain().catch(() => undefined);
    expect(await things().findOne({ _id: id })).toMatchObject({ pendingEvents: [{ id: saved.id }], outboxPending: true });
    refuse = false;
    await relay.drain();
    await relay.stop();
    expect(sent).toEqual([saved.id]);
  });
});
