import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { createLogger, defineHandler, Dispatcher, KafkaBus, newEvent, ProcessedEvents } from '@pinhive/kit';
import { servers, uniqueName, waitFor } from '../../../test/support/servers';
import { publishEvents } from '../../../test/support/events';

/** A registration event of `username`, on the partition of `key`. */
function registered(username: string, key: string) {
  return newEvent('auth', 'auth.user.registered.v1', key, {
    userId: username, username, email: `${username}@example.com`, firstName: '', lastName: '', country: null, registeredAt: new Date().toISOString(),
  });
}

/** On the real broker: an event whose handler keeps failing is parked on `<type>.dlq`, with why. */
it('parks an event on the dead-letter topic after the retries, and handles the next one', async () => {
  const prefix = `${uniqueName('dlq')}.`;
  const logger = createLogger('dlq-test', 'silent');
  const conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('dlq')), { retryWrites: false }).asPromise();
  const handled: string[] = [];
  const bus = new KafkaBus({
    service: 'dlq-test', brokers: [servers.kafkaBrokers()], topicPrefix: prefix, logger,
    dispatcher: (handlers, deadLetter) => new Dispatcher({ handlers, processed: new ProcessedEvents(conn, { retentionDays: 7 }), deadLetter, maxAttempts: 3, retryBaseMs: 10, logger }),
  });
  bus.subscribe([
    defineHandler({
      name: 'picky',
      type: 'auth.user.registered.v1',
      handle: async ({ data }) => {
        if (data.username === 'poison') throw new Error('cannot handle poison');
        handled.push(data.username);
      },
    }),
  ]);
  const event = (username: string) => registered(username, username);
  const poison = event('poison');
  const kafka = new Kafka({ clientId: 'dlq-reader', brokers: [servers.kafkaBrokers()], logLevel: logLevel.NOTHING });
  const reader = kafka.consumer({ groupId: uniqueName('reader') });
  const parked: { value: string; headers: Record<string, string> }[] = [];
  try {
    await bus.start();
    await publishEvents(bus, [poison, event('fine')]);
    // The dead-letter topic is made when its first event is parked, with one partition.
    const dlq = `${prefix}auth.user.registered.v1.dlq`;
    const admin = kafka.admin();
    await admin.connect();
    try {
      await waitFor(async () => ((await admin.listTopics()).includes(dlq) ? true : undefined), 'the dead-letter topic to be made', 45_000);
      expect((await admin.fetchTopicMetadata({ topics: [dlq] })).topics[0]!.partitions).toHaveLength(1);
    } finally {
      await admin.disconnect();
    }
    await reader.connect();
    await reader.subscribe({ topic: dlq, fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) => {
        const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
        parked.push({ value: message.value?.toString() ?? '', headers });
      },
    });
    await waitFor(async () => (parked.length > 0 && handled.includes('fine') ? true : undefined), 'the poison event parked and the next one handled', 45_000);
    expect(JSON.parse(parked[0]!.value).id).toBe(poison.id);
    expect(parked[0]!.headers).toMatchObject({ 'x-handler': 'picky', 'x-attempts': '3', 'x-error': 'cannot handle poison' });
    expect(handled).toEqual(['fine']);
  } finally {
    await reader.disconnect();
    await bus.stop();
    await conn.close();
  }
});

/**
 * On the real broker: what one fetch of a partition brought goes to a handler's `handleBatch`
 * together, in order; a batch with a bad event is handled one at a time, the bad one parked.
 */
it('hands a fetch of one partition to handleBatch in order, and parks the bad event of a failing batch alone', async () => {
  const prefix = `${uniqueName('batch')}.`;
  const logger = createLogger('batch-test', 'silent');
  const conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('batch')), { retryWrites: false }).asPromise();
  const batches: string[][] = [];
  const oneByOne: string[] = [];
  const parked: string[] = [];
  const bus = new KafkaBus({
    service: 'batch-test', brokers: [servers.kafkaBrokers()], topicPrefix: prefix, logger,
    dispatcher: (handlers) => new Dispatcher({
      handlers, processed: new ProcessedEvents(conn, { retentionDays: 7 }), maxAttempts: 2, retryBaseMs: 10, logger,
      deadLetter: async (_topic, _key, value) => { parked.push((JSON.parse(value) as { data: { username: string } }).data.username); },
    }),
  });
  bus.subscribe([
    defineHandler({
      name: 'batched',
      type: 'auth.user.registered.v1',
      handle: async ({ data }) => {
        if (data.username === 'poison') throw new Error('cannot handle poison');
        oneByOne.push(data.username);
      },
      handleBatch: async (events) => {
        if (events.some((e) => e.data.username === 'poison')) throw new Error('a poison event in the batch');
        batches.push(events.map((e) => e.data.username));
      },
    }),
  ]);
  // One key: one partition, so one order.
  const event = (username: string) => registered(username, 'same-key');
  const names = Array.from({ length: 20 }, (_, i) => `u${i}`);
  try {
    await bus.start();
    await waitFor(async () => ((await bus.ready()) ? true : undefined), 'the consumer to join', 45_000);
    // One publish is one produce request: the partition's fetch brings all of it.
    await publishEvents(bus, names.map(event));
    await waitFor(async () => (batches.flat().length + oneByOne.length >= names.length ? true : undefined), 'the events handled', 45_000);
    expect([...batches.flat(), ...oneByOne]).toEqual(names);
    expect(batches.some((b) => b.length > 1)).toBe(true);

    await publishEvents(bus, ['a', 'poison', 'b'].map(event));
    await waitFor(async () => (oneByOne.includes('b') ? true : undefined), 'the batch with a bad event handled one at a time', 45_000);
    expect(oneByOne.slice(-2)).toEqual(['a', 'b']);
    expect(parked).toEqual(['poison']);
  } finally {
    await bus.stop();
    await conn.close();
  }
});

/**
 * On the real broker, with a gather time (EVENT_GATHER_MS): events published apart reach the
 * handler together, in order, instead of one fetch each.
 */
it('with a gather time, hands events published apart to handleBatch together', async () => {
  const prefix = `${uniqueName('gather')}.`;
  const logger = createLogger('gather-test', 'silent');
  const conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('gather')), { retryWrites: false }).asPromise();
  const deliveries: string[][] = [];
  const bus = new KafkaBus({
    service: 'gather-test', brokers: [servers.kafkaBrokers()], topicPrefix: prefix, logger, gatherMs: 1_500,
    dispatcher: (handlers, deadLetter) => new Dispatcher({ handlers, processed: new ProcessedEvents(conn, { retentionDays: 7 }), deadLetter, maxAttempts: 2, retryBaseMs: 10, logger }),
  });
  bus.subscribe([
    defineHandler({
      name: 'gathered',
      idempotent: true,
      type: 'auth.user.registered.v1',
      handle: async ({ data }) => { deliveries.push([data.username]); },
      handleBatch: async (events) => { deliveries.push(events.map((e) => e.data.username)); },
    }),
  ]);
  const event = (username: string) => registered(username, 'same-key');
  const names = Array.from({ length: 6 }, (_, i) => `g${i}`);
  try {
    await bus.start();
    await waitFor(async () => ((await bus.ready()) ? true : undefined), 'the consumer to join', 45_000);
    // Six produce requests 100 ms apart: without a gather time, a fetch each.
    for (const name of names) {
      await publishEvents(bus, [event(name)]);
      await sleep(100);
    }
    await waitFor(async () => (deliveries.flat().length >= names.length ? true : undefined), 'the events handled', 45_000);
    expect(deliveries.flat()).toEqual(names);
    // The fetch under way when the first came may bring it alone; the next gathers the rest.
    expect(deliveries.length).toBeLessThanOrEqual(2);
  } finally {
    await bus.stop();
    await conn.close();
  }
});
