import { randomUUID } from 'node:crypto';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';
import { defineHandler, newEvent } from './bus';
import { Dispatcher } from './dispatcher';

const registered = () =>
  newEvent('auth', 'auth.user.registered.v1', 'u1', {
    userId: 'u1', username: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: '', country: null, registeredAt: new Date().toISOString(),
  });

function setup(handle: () => Promise<void>, opts: { idempotent?: true } = {}, metrics?: ReturnType<typeof createMetrics>) {
  const processed = new Set<string>();
  const deadLetters: { topic: string; headers: Record<string, string> }[] = [];
  const calls: string[] = [];
  const failed: unknown[] = [];
  const dispatcher = new Dispatcher({
    handlers: [
      defineHandler({
        name: 'h',
        type: 'auth.user.registered.v1',
        handle: async (e) => { calls.push(e.id); await handle(); },
        onFailed: async (_e, err) => { failed.push(err); },
        ...opts,
      }),
    ],
    processed: {
      has: async (id, h) => processed.has(`${h}:${id}`),
      mark: async (id, h) => { processed.add(`${h}:${id}`); },
    },
    deadLetter: async (topic, _key, _value, headers) => { deadLetters.push({ topic, headers }); },
    maxAttempts: 3,
    retryBaseMs: 1,
    logger: createLogger('test', 'silent'),
    metrics,
  });
  return { dispatcher, processed, deadLetters, calls, failed };
}

/** What the mongo driver throws while the store is away. */
const storeAway = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27117'), { name: 'MongoNetworkError' });

describe('Dispatcher', () => {
  it('waits for a store that is away, however long, instead of parking the event, and keeps the consumer alive meanwhile', async () => {
    let failures = 0;
    const t = setup(async () => {
      if (failures < 8) { // more than maxAttempts (3)
        failures += 1;
        throw storeAway();
      }
    });
    const e = registered();
    let heartbeats = 0;
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e), async () => { heartbeats += 1; });
    expect(t.calls).toHaveLength(9);
    expect(t.deadLetters).toEqual([]);
    expect(t.processed.has(`h:${e.id}`)).toBe(true);
    expect(heartbeats).toBe(8);
  });

  it('gives the event back unacknowledged when the consumer stops while its store is away, and never parks it', async () => {
    const t = setup(async () => { throw storeAway(); });
    const e = registered();
    t.dispatcher.stop();
    await expect(t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e))).rejects.toThrow('ECONNREFUSED');
    expect(t.deadLetters).toEqual([]);
    expect(t.processed.size).toBe(0);
  });

  it('handles an event once, even when it is delivered twice', async () => {
    const t = setup(async () => undefined);
    const e = registered();
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    expect(t.calls).toEqual([e.id]);
    expect(t.deadLetters).toEqual([]);
  });

  it("measures each handler's time and how far behind the event it finished, for the handlers that ran", async () => {
    const metrics = createMetrics('test');
    const t = setup(async () => { await new Promise((r) => setTimeout(r, 20)); }, {}, metrics);
    const e = { ...registered(), occurredAt: new Date(Date.now() - 3000).toISOString() };
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e)); // a duplicate: skipped, not measured
    // As a scraper reads them: `<name>_count{...} n` and `<name>_sum{...} seconds`.
    const text = await metrics.registry.metrics();
    const value = (series: string) => Number(new RegExp(`^${series}\\{[^}]*handler="h"[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('event_handler_duration_seconds_count')).toBe(1);
    expect(value('event_handler_duration_seconds_sum')).toBeGreaterThanOrEqual(0.015);
    expect(value('event_handled_lag_seconds_count')).toBe(1);
    expect(value('event_handled_lag_seconds_sum')).toBeGreaterThanOrEqual(3);
  });

  it("runs an event's handlers side by side: neither waits for the other to finish", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    const done: string[] = [];
    const dispatcher = new Dispatcher({
      handlers: [
        // The first finishes only once the second has run: one after the other would never end.
        defineHandler({ name: 'waits', type: 'auth.user.registered.v1', handle: async () => { await released; done.push('waits'); } }),
        defineHandler({ name: 'releases', type: 'auth.user.registered.v1', handle: async () => { release(); done.push('releases'); } }),
      ],
      processed: { has: async () => false, mark: async () => undefined },
      deadLetter: async () => undefined,
      maxAttempts: 1,
      retryBaseMs: 1,
      logger: createLogger('test', 'silent'),
    });
    const e = registered();
    await dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    expect(done).toEqual(['releases', 'waits']);
  });

  it('runs an idempotent handler on every delivery, and keeps no record of it', async () => {
    const t = setup(async () => undefined, { idempotent: true });
    const e = registered();
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    expect(t.calls).toEqual([e.id, e.id]);
    expect(t.processed.size).toBe(0);
  });

  it('retries a failing handler, then parks the event on <type>.dlq and tells the handler', async () => {
    const t = setup(async () => { throw new Error('db down'); });
    const e = registered();
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    expect(t.calls).toHaveLength(3);
    expect(t.deadLetters).toEqual([{ topic: 'auth.user.registered.v1.dlq', headers: expect.objectContaining({ 'x-error': 'db down', 'x-attempts': '3', 'x-handler': 'h' }) }]);
    expect(t.failed).toHaveLength(1);
    expect(t.processed.size).toBe(0);
  });

  it('succeeds on a retry without parking', async () => {
    let n = 0;
    const t = setup(async () => { if (++n < 2) throw new Error('flaky'); });
    const e = registered();
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    expect(t.calls).toHaveLength(2);
    expect(t.deadLetters).toEqual([]);
    expect(t.processed.has(`h:${e.id}`)).toBe(true);
  });

  it('parks malformed messages without running handlers', async () => {
    const t = setup(async () => undefined);
    await t.dispatcher.dispatch('auth.user.registered.v1', 'k', 'not json');
    const e = { ...registered(), data: { userId: 'u1' } };
    await t.dispatcher.dispatch(e.type, e.key, JSON.stringify(e));
    const wrongTopic = registered();
    await t.dispatcher.dispatch('auth.user.other.v1', 'k', JSON.stringify({ ...wrongTopic, id: randomUUID() }));
    expect(t.calls).toEqual([]);
    expect(t.deadLetters.map((d) => d.topic)).toEqual(['auth.user.registered.v1.dlq', 'auth.user.registered.v1.dlq', 'auth.user.other.v1.dlq']);
  });

  it('does not acknowledge when parking fails: the error reaches Kafka, which redelivers', async () => {
    const t = setup(async () => { throw new Error('db down'); });
    const d = new Dispatcher({ ...(t.dispatcher as unknown as { opts: ConstructorParameters<typeof Dispatcher>[0] }).opts, deadLetter: async () => { throw new Error('kafka down'); } });
    const e = registered();
    await expect(d.dispatch(e.type, e.key, JSON.stringify(e))).rejects.toThrow('kafka down');
  });
});

describe('Dispatcher, batches (handleBatch)', () => {
  const raw = (e: ReturnType<typeof registered>) => ({ key: e.key, value: JSON.stringify(e) });
  /** A batch handler recording each call's event ids, failing on the events `fails` names; a single handler beside it. */
  function batchSetup(opts: { fails?: (id: string) => boolean; idempotent?: true; guardsItself?: true; metrics?: ReturnType<typeof createMetrics> } = {}) {
    const processed = new Set<string>();
    const reads: string[] = [];
    const batches: string[][] = [];
    const singles: string[] = [];
    const singleBeside: string[] = [];
    const deadLetters: { key: string; headers: Record<string, string> }[] = [];
    const marks: string[][] = [];
    const fails = opts.fails ?? (() => false);
    const dispatcher = new Dispatcher({
      handlers: [
        defineHandler({
          name: 'b',
          type: 'auth.user.registered.v1',
          ...(opts.idempotent ? { idempotent: opts.idempotent } : {}),
          ...(opts.guardsItself ? { guardsItself: opts.guardsItself } : {}),
          handle: async (e) => { singles.push(e.id); if (fails(e.id)) throw new Error(`bad ${e.id}`); },
          handleBatch: async (events) => { batches.push(events.map((e) => e.id)); if (events.some((e) => fails(e.id))) throw new Error('a bad event in the batch'); },
        }),
        defineHandler({ name: 's', type: 'auth.user.registered.v1', handle: async (e) => { singleBeside.push(e.id); } }),
      ],
      processed: {
        has: async (id, h) => { reads.push(`${h}:${id}`); return processed.has(`${h}:${id}`); },
        mark: async (id, h) => { processed.add(`${h}:${id}`); },
        markMany: async (ids, h) => { marks.push([...ids]); for (const id of ids) processed.add(`${h}:${id}`); },
      },
      deadLetter: async (_topic, key, _value, headers) => { deadLetters.push({ key, headers }); },
      maxAttempts: 2,
      retryBaseMs: 1,
      logger: createLogger('test', 'silent'),
      metrics: opts.metrics,
    });
    return { dispatcher, processed, batches, singles, singleBeside, deadLetters, marks, reads };
  }
  const events = (n: number) => Array.from({ length: n }, (_, i) => ({ ...registered(), key: `u${i}` }));

  it('hands a batch handler the events together, in their order, and records them in one call; other handlers get them one at a time', async () => {
    const t = batchSetup();
    const es = events(4);
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    expect(t.batches).toEqual([es.map((e) => e.id)]);
    expect(t.singles).toEqual([]);
    expect(t.marks).toEqual([es.map((e) => e.id)]);
    expect(t.singleBeside).toEqual(es.map((e) => e.id));
  });

  it('a batch delivered again, whole or in part, hands over only the events not yet processed', async () => {
    const t = batchSetup();
    const es = events(5);
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.slice(0, 3).map(raw));
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw)); // Kafka redelivers from an older offset
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    expect(t.batches).toEqual([es.slice(0, 3).map((e) => e.id), es.slice(3).map((e) => e.id)]);
    expect(t.singles).toEqual([]);
  });

  it('an event twice in one batch (published twice in a row) is handed over once', async () => {
    const t = batchSetup();
    const es = events(2);
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', [raw(es[0]!), raw(es[0]!), raw(es[1]!), raw(es[0]!)]);
    expect(t.batches).toEqual([es.map((e) => e.id)]);
    expect(t.marks).toEqual([es.map((e) => e.id)]);
  });

  it('an idempotent batch handler gets every delivery again, and nothing is recorded', async () => {
    const t = batchSetup({ idempotent: true });
    const es = events(3);
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    expect(t.batches).toEqual([es.map((e) => e.id), es.map((e) => e.id)]);
    expect(t.marks).toEqual([]);
  });

  it('a handler that guards itself is not read for before its batch, and its events are still recorded (one call)', async () => {
    const t = batchSetup({ guardsItself: true });
    const es = events(3);
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw)); // redelivered: the handler's own guard decides
    expect(t.batches).toEqual([es.map((e) => e.id), es.map((e) => e.id)]);
    expect(t.reads.filter((r) => r.startsWith('b:'))).toEqual([]);
    expect(t.marks).toEqual([es.map((e) => e.id), es.map((e) => e.id)]);
    expect([...t.processed].filter((r) => r.startsWith('b:')).sort()).toEqual(es.map((e) => `b:${e.id}`).sort());
  });

  it('a failing batch is handled one event at a time: the bad event is retried and parked alone, the others are handled, in order', async () => {
    const es = events(4);
    const bad = es[1]!.id;
    const t = batchSetup({ fails: (id) => id === bad });
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    expect(t.batches).toEqual([es.map((e) => e.id)]);
    // One at a time in their order; the bad one twice (maxAttempts 2) before the next one.
    expect(t.singles).toEqual([es[0]!.id, bad, bad, es[2]!.id, es[3]!.id]);
    expect(t.deadLetters).toEqual([{ key: 'u1', headers: expect.objectContaining({ 'x-handler': 'b', 'x-attempts': '2', 'x-error': `bad ${bad}` }) }]);
    expect([...t.processed].filter((k) => k.startsWith('b:')).sort()).toEqual([es[0]!, es[2]!, es[3]!].map((e) => `b:${e.id}`).sort());
  });

  it('measures each event of a batch: its share of the batch time, its own lag', async () => {
    const metrics = createMetrics('test');
    const t = batchSetup({ metrics });
    const es = events(4).map((e) => ({ ...e, occurredAt: new Date(Date.now() - 3000).toISOString() }));
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', es.map(raw));
    const text = await metrics.registry.metrics();
    const value = (series: string) => Number(new RegExp(`^${series}\\{[^}]*handler="b"[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('event_handler_duration_seconds_count')).toBe(4);
    expect(value('event_handled_lag_seconds_count')).toBe(4);
    expect(value('event_handled_lag_seconds_sum')).toBeGreaterThanOrEqual(12);
  });

  it('parks a malformed message of a batch and hands over the rest', async () => {
    const t = batchSetup();
    const es = events(2);
    await t.dispatcher.dispatchBatch('auth.user.registered.v1', [raw(es[0]!), { key: 'k', value: 'not json' }, raw(es[1]!)]);
    expect(t.batches).toEqual([es.map((e) => e.id)]);
    expect(t.deadLetters).toEqual([{ key: 'k', headers: { 'x-error': 'invalid event envelope or data' } }]);
  });
});

describe('newEvent', () => {
  it('builds a versioned envelope keyed by the aggregate and rejects bad data', () => {
    const e = registered();
    expect(e).toMatchObject({ type: 'auth.user.registered.v1', version: 1, producer: 'auth', key: 'u1' });
    expect(() => newEvent('auth', 'auth.user.registered.v1', 'u1', { userId: 'u1' } as never)).toThrow();
  });
});
