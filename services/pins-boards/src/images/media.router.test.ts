import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpApp, createLogger } from '@pinhive/kit';
import type { Express } from 'express';
import request from 'supertest';
import { imageKey } from './image.keys';
import { LocalBlobStore } from './image.store';
import { mediaRouter } from './media.router';

const id = 'ab12' + '3'.repeat(60);
const key = imageKey('236x', id, 'png');
let dir: string;
let app: Express;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pinhive-media-'));
  const store = new LocalBlobStore(path.join(dir, 'images'));
  await store.put(key, Buffer.from('png bytes'), 'image/png');
  // A file beside the store that no request may reach.
  await writeFile(path.join(dir, 'secret.png'), 'secret');
  const logger = createLogger('test', 'silent');
  app = createHttpApp({ logger, bodyLimit: '1kb', routers: [mediaRouter(store, logger)] });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('/media/', () => {
  it('serves a stored file with its type and a long, immutable cache', async () => {
    const res = await request(app).get(`/media/${key}`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe('9');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((res.body as Buffer).toString()).toBe('png bytes');
  });

  it('answers 304 to a revalidation and headers only to HEAD', async () => {
    const first = await request(app).get(`/media/${key}`);
    const again = await request(app).get(`/media/${key}`).set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
    const head = await request(app).head(`/media/${key}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('answers the usual 404 envelope for a well-formed key with no file', async () => {
    const res = await request(app).get(`/media/${imageKey('orig', id, 'png')}`);
    expect(res.status).toBe(404);
    expect(res.body.resource_response).toMatchObject({ status: 'failure', error: { code: 'not_found', http_status: 404 } });
  });

  it.each([
    '/media/../secret.png',
    '/media/%2e%2e/secret.png',
    '/media/..%2fsecret.png',
    `/media/236x/ab/12/..%2f..%2f..%2f..%2fsecret.png`,
    `/media/236x/ab/12/${id}.png%00.txt`,
    `/media/236x/ab/13/${id}.png`,
    '/media/',
    '/media',
  ])('refuses %s with a 404 and never reads outside the store', async (url) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('secret');
  });
});
