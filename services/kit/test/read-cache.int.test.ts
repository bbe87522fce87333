import net from 'node:net';
import { connectRedis, createLogger, createMetrics, ReadCache } from '@pinhive/kit';
import type { Redis } from 'ioredis';
import { servers, uniqueName, waitFor } from '../../../test/support/servers';

/** ReadCache against the real Redis: two caches stand for two instances of a service. */
const logger = createLogger('read-cache-test', 'silent');
const clients: Redis[] = [];

function client(url = servers.redisUrl()): Redis {
  const redis = connectRedis(url, logger);
  clients.push(redis);
  return redis;
}

async function ready(redis: Redis): Promise<Redis> {
  await waitFor(async () => (redis.status === 'ready' ? true : undefined), 'redis ready', 10_000);
  return redis;
}

function cache(redis: Redis, name: string, metrics = createMetrics('read-cache-test')) {
  return { cache: new ReadCache<string>(redis, { name, ttlMs: 60_000, maxBytes: 1_000_000, size: (v) => v.length }, logger, metrics.readCache), metrics };
}

/** A store stand-in that counts its reads. */
function store(initial: string) {
  const s = { value: initial, reads: 0, read: async () => { s.reads += 1; return s.value; } };
  return s;
}

async function outcome(metrics: ReturnType<typeof createMetrics>, name: string, what: string): Promise<number> {
  const m = await metrics.readCache.get();
  return m.values.find((v) => v.labels.cache === name && v.labels.outcome === what)?.value ?? 0;
}

/**
 * A TCP path to the test Redis that the test can cut and restore: one instance losing Redis
 * while the others keep it.
 */
async function cuttablePath() {
  const target = new URL(servers.redisUrl());
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((inbound) => {
    if (!open) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(Number(target.port), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const paths: Awaited<ReturnType<typeof cuttablePath>>[] = [];

afterAll(async () => {
  // Every client reconnected first, then closed cleanly (ioredis keeps a timer for a socket
  // that is already gone when disconnect() is called).
  for (const p of paths) p.restore();
  await Promise.all(clients.map(async (c) => (await ready(c)).quit()));
  for (const p of paths) p.cut();
  await Promise.all(paths.map((p) => p.close()));
});

it('answers from memory until another instance marks the subject changed, then reads the store once', async () => {
  const name = uniqueName('rc');
  const a = cache(await ready(client()), name);
  const b = cache(await ready(client()), name);
  const data = store('v1');

  expect(await a.cache.read('board-1', 'page-1', data.read)).toBe('v1');
  expect(await a.cache.read('board-1', 'page-1', data.read)).toBe('v1');
  expect(data.reads).toBe(1);
  expect(await outcome(a.metrics, name, 'hit')).toBe(1);

  // Instance B writes: instance A's next read sees it at once.
  data.value = 'v2';
  await b.cache.changed('board-1');
  expect(await a.cache.read('board-1', 'page-1', data.read)).toBe('v2');
  expect(data.reads).toBe(2);
  // Another subject was not touched.
  const other = store('x');
  await a.cache.read('board-2', 'page-1', other.read);
  await b.cache.changed('board-1');
  await a.cache.read('board-2', 'page-1', other.read);
  expect(other.reads).toBe(1);
});

it('variants of one subject are kept apart and all go with one change', async () => {
  const a = cache(await ready(client()), uniqueName('rc'));
  const reads: string[] = [];
  const read = (v: string) => async () => { reads.push(v); return v; };
  expect(await a.cache.read('owner', 'all', read('all'))).toBe('all');
  expect(await a.cache.read('owner', 'protected', read('protected'))).toBe('protected');
  expect(await a.cache.read('owner', 'all', read('all'))).toBe('all');
  await a.cache.changed('owner');
  await a.cache.read('owner', 'all', read('all'));
  await a.cache.read('owner', 'protected', read('protected'));
  expect(reads).toEqual(['all', 'protected', 'all', 'protected']);
});

it('concurrent misses of one answer share one store read', async () => {
  const a = cache(await ready(client()), uniqueName('rc'));
  let reads = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const slow = async () => { reads += 1; await gate; return 'page'; };
  const answers = Promise.all(Array.from({ length: 5 }, () => a.cache.read('board', 'p', slow)));
  await waitFor(async () => (reads > 0 ? true : undefined), 'the first read to start');
  release();
  expect(await answers).toEqual(['page', 'page', 'page', 'page', 'page']);
  expect(reads).toBe(1);
});

it('a failed store read is not kept: the next read tries again', async () => {
  const a = cache(await ready(client()), uniqueName('rc'));
  await expect(a.cache.read('board', 'p', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
  expect(await a.cache.read('board', 'p', async () => 'back')).toBe('back');
});

it('with Redis unreachable every read goes to the store, and a change does not throw', async () => {
  const name = uniqueName('rc');
  // A cut path: every connection is refused from the start.
  const path = await cuttablePath();
  paths.push(path);
  path.cut();
  const a = cache(client(path.url), name);
  const data = store('v1');
  expect(await a.cache.read('board', 'p', data.read)).toBe('v1');
  data.value = 'v2';
  expect(await a.cache.read('board', 'p', data.read)).toBe('v2');
  expect(data.reads).toBe(2);
  expect(await outcome(a.metrics, name, 'bypass')).toBe(2);
  await expect(a.cache.changed('board')).resolves.toBeUndefined();
});

it('a change made while its writer lost Redis reaches the other instances once it is back', async () => {
  const name = uniqueName('rc');
  const path = await cuttablePath();
  paths.push(path);
  const writerRedis = await ready(client(path.url));
  const writer = cache(writerRedis, name);
  const reader = cache(await ready(client()), name);
  const data = store('v1');
  await reader.cache.read('board', 'p', data.read);

  path.cut();
  await waitFor(async () => (writerRedis.status !== 'ready' ? true : undefined), 'the writer to lose Redis');
  data.value = 'v2';
  await writer.cache.changed('board'); // fails now, retried in the background
  expect(await reader.cache.read('board', 'p', data.read)).toBe('v1');
  path.restore();
  await waitFor(async () => ((await reader.cache.read('board', 'p', data.read)) === 'v2' ? true : undefined), 'the retried change', 10_000);
});

it('an answer kept under a stamp Redis no longer has is read again (Redis lost its data)', async () => {
  const name = uniqueName('rc');
  const redis = await ready(client());
  const a = cache(redis, name);
  const data = store('v1');
  await a.cache.read('board', 'p', data.read);
  await redis.del(`stamp:${name}:board`);
  data.value = 'v2';
  expect(await a.cache.read('board', 'p', data.read)).toBe('v2');
});
