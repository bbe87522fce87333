import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@pinhive/kit';
import mongoose, { type Connection } from 'mongoose';
import { GuardedFetcher } from '../src/images/guarded-fetch';
import { IMAGES_COLLECTION, type ImageDoc } from '../src/images/image.model';
import { ImageRepository } from '../src/images/image.repository';
import { ImageService } from '../src/images/image.service';
import { LocalBlobStore } from '../src/images/image.store';
import { backfillPictureHashes } from '../src/images/phash-backfill';
import { servers, uniqueName } from '../../../test/support/servers';
import { reencodedCopy, scene } from './support/pictures';

/**
 * `npm run admin -- images phash` against the real store: images stored before the hash was
 * computed at save get the hash the save would have given (from their 236x still), and are then
 * found by the band lookups; an image whose file is gone is reported and left as it was.
 */
const db = uniqueName('phash_backfill');
let conn: Connection;
let dir: string;
let fetcher: GuardedFetcher;
let repo: ImageRepository;
let store: LocalBlobStore;
let images: ImageService;

const HASH_FIELDS = { phash: '', phashBand0: '', phashBand1: '', phashBand2: '', phashBand3: '' } as const;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pinhive-phash-'));
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  store = new LocalBlobStore(dir);
  fetcher = new GuardedFetcher({ allowHosts: [], timeoutMs: 1000 });
  repo = new ImageRepository(conn);
  images = new ImageService({ repo, store, fetcher, logger: createLogger('phash-test', 'silent') });
});

afterAll(async () => {
  fetcher?.close();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('gives images stored before hashes the hash a save gives, and reports a missing file', async () => {
  const original = await images.storeFromBase64((await scene('hills')).toString('base64'));
  const copy = await images.storeFromBase64((await reencodedCopy(await scene('hills'))).toString('base64'));
  const other = await images.storeFromBase64((await scene('squares')).toString('base64'));
  const lost = await images.storeFromBase64((await scene('stripes')).toString('base64'));
  const saved = new Map<string, string | undefined>([original, copy, other].map((i) => [i._id, i.phash]));
  expect([...saved.values()].every((h) => h && /^[0-9a-f]{16}$/.test(h))).toBe(true);
  expect(await images.nearImages(original._id, 6)).toEqual([{ id: copy._id, distance: expect.any(Number) }]);

  // As stored before the hash existed: none of its fields, and one image's still gone.
  const collection = conn.collection<ImageDoc>(IMAGES_COLLECTION);
  await collection.updateMany({}, { $unset: HASH_FIELDS });
  await store.delete(lost.renditions['236x'].key);
  expect(await images.nearImages(original._id, 6)).toEqual([]);

  const lines: string[] = [];
  expect(await backfillPictureHashes({ repo, store, progress: (line) => lines.push(line) })).toEqual({ hashed: 3, had: 0, failed: 1 });
  expect(lines).toEqual([`image ${lost._id}: file missing`]);
  for (const [id, hash] of saved) expect((await repo.findById(id))?.phash).toBe(hash);
  expect(await images.nearImages(original._id, 6)).toEqual([{ id: copy._id, distance: expect.any(Number) }]);

  // Run again: nothing left to do but the one whose file is gone.
  expect(await backfillPictureHashes({ repo, store })).toEqual({ hashed: 0, had: 3, failed: 1 });
});
