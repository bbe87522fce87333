import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectRedis, createLogger, createMetrics, ReadCache } from '@pinhive/kit';
import type { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { GuardedFetcher } from '../src/images/guarded-fetch';
import { ImageRepository, type BandImages } from '../src/images/image.repository';
import { ImageService } from '../src/images/image.service';
import { LocalBlobStore } from '../src/images/image.store';
import { servers, uniqueName, waitFor } from '../../../test/support/servers';
import { reencodedCopy, scene } from './support/pictures';

/**
 * The near-picture band reads kept in memory (image.repository.ts), against the real store and
 * Redis, as two instances of pins-boards see them: a lookup repeated reads no band from the store,
 * and a picture stored on the other instance is found at once by the next lookup.
 */
const logger = createLogger('picture-bands-test', 'silent');
const db = uniqueName('picture_bands');
const cacheName = uniqueName('picture-bands');
let conn: Connection;
let dir: string;
let fetcher: GuardedFetcher;
const redises: Redis[] = [];

function instance() {
  const redis = connectRedis(servers.redisUrl(), logger);
  redises.push(redis);
  const metrics = createMetrics('picture-bands-test');
  const bands = new ReadCache<BandImages>(redis, { name: cacheName, ttlMs: 60_000, maxBytes: 1_000_000, size: (images) => 64 + images.length * 64 }, logger, metrics.readCache);
  const images = new ImageService({ repo: new ImageRepository(conn, bands), store: new LocalBlobStore(dir), fetcher, logger });
  const hits = async () => (await metrics.readCache.get()).values.find((v) => v.labels.cache === cacheName && v.labels.outcome === 'hit')?.value ?? 0;
  return { images, hits, redis };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pinhive-bands-'));
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  fetcher = new GuardedFetcher({ allowHosts: [], timeoutMs: 1000 });
});

afterAll(async () => {
  fetcher?.close();
  for (const redis of redises) redis.disconnect();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('keeps band reads until a picture with one of those bands is stored, on any instance', async () => {
  const a = instance();
  const b = instance();
  for (const x of [a, b]) await waitFor(async () => (x.redis.status === 'ready' ? true : undefined), 'redis ready', 10_000);

  const original = await a.images.storeFromBase64((await scene('hills')).toString('base64'));
  await a.images.storeFromBase64((await scene('squares')).toString('base64'));
  expect(await a.images.nearImages(original._id, 10)).toEqual([]);
  // Looked at again: its hash and its four band reads come from memory.
  const before = await a.hits();
  expect(await a.images.nearImages(original._id, 10)).toEqual([]);
  expect((await a.hits()) - before).toBe(5);

  // A copy stored through the other instance is found by the next lookup, without waiting.
  const copy = await b.images.storeFromBase64((await reencodedCopy(await scene('hills'))).toString('base64'));
  expect(await a.images.nearImages(original._id, 10)).toEqual([{ id: copy._id, distance: expect.any(Number) }]);
});
