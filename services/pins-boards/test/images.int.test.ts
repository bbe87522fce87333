import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError, createHttpApp, createLogger } from '@pinhive/kit';
import type { Express } from 'express';
import mongoose, { type Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { GuardedFetcher } from '../src/images/guarded-fetch';
import { IMAGE_SOURCES_COLLECTION, IMAGES_COLLECTION } from '../src/images/image.model';
import { ImageRepository } from '../src/images/image.repository';
import { ImageService } from '../src/images/image.service';
import { LocalBlobStore } from '../src/images/image.store';
import { imagesConfigSchema, type ImagesConfig } from '../src/images/images.config';
import { mediaRouter } from '../src/images/media.router';
import { servers, uniqueName } from '../../../test/support/servers';

/**
 * Images from links and uploads, end to end: real image files made with sharp, served by a local
 * HTTP server that only FETCH_ALLOW_HOSTS lets the guarded fetcher reach, stored in the real
 * Mongo-protocol store and a local folder, served back by /media/. And every way a link could
 * reach our own network, refused before any connection is made.
 */
const db = uniqueName('images');
const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

let conn: Connection;
let server: Server;
let port: number;
let dir: string;
let config: ImagesConfig;
let store: LocalBlobStore;
let fetcher: GuardedFetcher;
let images: ImageService;
let media: Express;
/** Requests the local server answered, by path. */
const hits = new Map<string, number>();
/** Path → [content type, body] (or a handler for the odd ones). */
const files = new Map<string, [string, Buffer]>();

const base = () => `http://127.0.0.1:${port}`;
const MAX_BYTES = 50_000;

async function makeFiles() {
  files.set('/red.png', ['image/png', await solid(400, 300, '#ff0000').png().toBuffer()]);
  files.set('/blue.jpg', ['image/jpeg', await solid(300, 500, '#0000ff').jpeg().toBuffer()]);
  files.set('/green.webp', ['image/webp', await solid(240, 240, '#00ff00').webp().toBuffer()]);
  const frames = await Promise.all(['#ff0000', '#0000ff', '#00ff00'].map((colour) => solid(320, 240, colour).png().toBuffer()));
  files.set('/anim.gif', ['image/gif', await sharp(frames, { join: { animated: true } }).gif({ delay: 200, loop: 0 }).toBuffer()]);
  files.set('/tiny.png', ['image/png', await solid(119, 300, '#ff0000').png().toBuffer()]);
  files.set('/fake.png', ['image/png', Buffer.from('this is not a png at all')]);
  files.set('/page.html', ['text/html; charset=utf-8', Buffer.from(`<html><head><meta property="og:image" content="/red.png"></head>
    <body><img src="blue.jpg" width="300"><img src="/pixel.gif" width="1" height="1"><img src="data:image/png;base64,AAAA"></body></html>`)]);
  // Noise does not compress: well over MAX_BYTES as a PNG.
  files.set('/noise.png', ['image/png', await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer()]);
}

function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', base());
  hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
  const redirect = (location: string) => res.writeHead(302, { location }).end();
  switch (url.pathname) {
    case '/to-red':
      return redirect('/red.png');
    case '/to-other-loopback':
      return redirect(`http://127.0.0.2:${port}/red.png`);
    case '/to-private':
      return redirect('http://10.1.2.3/x.png');
    case '/to-metadata':
      return redirect('http://169.254.169.254/latest/meta-data');
    case '/to-localhost':
      return redirect(`http://localhost:${port}/red.png`);
    case '/to-file':
      return redirect('file:///etc/passwd');
    case '/loop':
      return redirect(`/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}`);
    case '/noise-chunked': {
      // No Content-Length: the limit must stop the reading itself.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(files.get('/noise.png')![1]);
      return;
    }
    case '/slow':
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(files.get('/red.png')![1].subarray(0, 10));
      return; // never ends
  }
  const file = files.get(url.pathname);
  if (!file) return res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
  res.writeHead(200, { 'content-type': file[0], 'content-length': file[1].length }).end(file[1]);
}

/** The refusal a promise ends with. */
async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => undefined, (e: unknown) => e);
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { code: err.code, field: err.data?.field, detail: err.detail };
}

beforeAll(async () => {
  await makeFiles();
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dir = await mkdtemp(path.join(tmpdir(), 'pinhive-images-'));
  config = imagesConfigSchema.parse({
    IMAGES_DIR: path.join(dir, 'images'),
    FETCH_ALLOW_HOSTS: `127.0.0.1:${port}`,
    FETCH_MAX_BYTES: String(MAX_BYTES),
    FETCH_TIMEOUT_MS: '1500',
  });
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  const logger = createLogger('images-test', 'silent');
  store = new LocalBlobStore(config.IMAGES_DIR);
  fetcher = new GuardedFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, timeoutMs: config.FETCH_TIMEOUT_MS });
  images = new ImageService({ repo: new ImageRepository(conn), store, fetcher, logger, maxBytes: config.FETCH_MAX_BYTES });
  media = createHttpApp({ logger, bodyLimit: '1kb', routers: [mediaRouter(store, logger)] });
});

afterAll(async () => {
  fetcher?.close();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('images from links', () => {
  it.each([
    ['/red.png', 'image/png', 400, 300, '#f80808', 236, 177],
    ['/blue.jpg', 'image/jpeg', 300, 500, '#0808f8', 236, 393],
    ['/green.webp', 'image/webp', 240, 240, '#08f808', 236, 236],
    // The first frame's colour, and its still 236x (image.processing.ts).
    ['/anim.gif', 'image/gif', 320, 240, '#f80808', 236, 177],
  ])('stores %s with its renditions and dominant colour, served under /media/', async (file, contentType, width, height, colour, smallW, smallH) => {
    const image = await images.storeFromUrl(`${base()}${file}`);
    expect(image).toMatchObject({ contentType, width, height, dominantColor: colour });
    const urls = images.urlsFor(image);
    expect(urls.orig).toMatchObject({ width, height, url: expect.stringMatching(new RegExp(`^/media/orig/[0-9a-f]{2}/[0-9a-f]{2}/${image._id}\\.`)) });
    expect(urls['236x']).toMatchObject({ width: smallW, height: smallH });

    const orig = await request(media).get(urls.orig.url).responseType('blob');
    expect(orig.status).toBe(200);
    expect(orig.headers['content-type']).toBe(contentType);
    expect(orig.headers['cache-control']).toContain('immutable');
    // The original is kept byte for byte (no EXIF here), animation included.
    expect(Buffer.compare(orig.body as Buffer, files.get(file)![1])).toBe(0);
    const small = await request(media).get(urls['236x'].url).responseType('blob');
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ width: smallW, height: smallH });
    if (file === '/anim.gif') expect((await sharp(orig.body as Buffer).metadata()).pages).toBe(3);
  });

  it('fetches a link once, however often it is asked for (image_sources), warm-up included', async () => {
    const url = `${base()}/blue.jpg?once`;
    await Promise.all([images.warm(url), images.storeFromUrl(url)]);
    await images.storeFromUrl(url);
    expect(hits.get('/blue.jpg')).toBe(2); // once for the test above, once for ?once
    expect(await conn.collection(IMAGE_SOURCES_COLLECTION).countDocuments({ url })).toBe(1);
  });

  it('stores the same bytes once, whether uploaded or linked', async () => {
    const bytes = files.get('/red.png')![1];
    const fromLink = await images.storeFromUrl(`${base()}/to-red`);
    const bare = await images.storeFromBase64(bytes.toString('base64'));
    const dataUrl = await images.storeFromBase64(`data:image/png;base64,${bytes.toString('base64')}`);
    expect(new Set([fromLink._id, bare._id, dataUrl._id]).size).toBe(1);
    expect(await conn.collection(IMAGES_COLLECTION).countDocuments({ _id: fromLink._id } as never)).toBe(1);
    expect(await images.get(fromLink._id)).toMatchObject({ dominantColor: '#f80808' });
  });

  it('refuses an image of 119 px, a file that is not an image, and a page given as an image', async () => {
    expect(await refusal(images.storeFromUrl(`${base()}/tiny.png`))).toMatchObject({ code: 'image_too_small', field: 'image_url' });
    expect(await refusal(images.storeFromUrl(`${base()}/fake.png`))).toMatchObject({ code: 'image_invalid', field: 'image_url' });
    expect(await refusal(images.storeFromUrl(`${base()}/page.html`))).toMatchObject({ code: 'image_invalid', detail: expect.stringContaining('text/html') });
    expect(await refusal(images.storeFromBase64('not base64 at all!'))).toMatchObject({ code: 'image_invalid', field: 'image_base64' });
    expect(await refusal(images.storeFromBase64(files.get('/tiny.png')![1].toString('base64')))).toMatchObject({ code: 'image_too_small', field: 'image_base64' });
    expect(await refusal(images.storeFromUrl(`${base()}/missing.png`))).toMatchObject({ code: 'image_fetch_failed', detail: expect.stringContaining('404') });
  });

  it('refuses an image over FETCH_MAX_BYTES, declared or not, and an upload over it', async () => {
    const noise = files.get('/noise.png')![1];
    expect(noise.length).toBeGreaterThan(MAX_BYTES);
    expect(await refusal(images.storeFromUrl(`${base()}/noise.png`))).toMatchObject({ code: 'image_too_large', field: 'image_url' });
    expect(await refusal(images.storeFromUrl(`${base()}/noise-chunked`))).toMatchObject({ code: 'image_too_large' });
    expect(await refusal(images.storeFromBase64(noise.toString('base64')))).toMatchObject({ code: 'image_too_large', field: 'image_base64' });
  });

  it('gives up on a link that does not answer in time, and on too many redirects', async () => {
    const started = Date.now();
    expect(await refusal(images.storeFromUrl(`${base()}/slow`))).toMatchObject({ code: 'image_fetch_failed', detail: expect.stringContaining('1500 ms') });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await refusal(images.storeFromUrl(`${base()}/loop`))).toMatchObject({ code: 'image_fetch_failed', detail: expect.stringContaining('more than 5') });
    expect(hits.get('/loop')).toBe(6);
  });

  it('removes an image: its files, its document, and the link leading to it', async () => {
    const url = `${base()}/green.webp?remove`;
    const image = await images.storeFromUrl(url);
    const { orig } = images.urlsFor(image);
    await images.remove(image._id);
    expect(await images.get(image._id)).toBeNull();
    expect(await store.exists(image.renditions.orig.key)).toBe(false);
    expect(await store.exists(image.renditions['236x'].key)).toBe(false);
    expect((await request(media).get(orig.url)).status).toBe(404);
    expect(await conn.collection(IMAGE_SOURCES_COLLECTION).countDocuments({ url })).toBe(0);
    // Asked again, the link is fetched again.
    expect((await images.storeFromUrl(url))._id).toBe(image._id);
  });
});

describe('pinnable images of a page', () => {
  it('lists the page images, absolute, without tiny or data: ones', async () => {
    expect(await images.findImages(`${base()}/page.html`)).toEqual({
      items: [
        { type: 'pinnable', url: `${base()}/red.png` },
        { type: 'pinnable', url: `${base()}/blue.jpg` },
      ],
    });
    expect(await refusal(images.findImages(`${base()}/red.png`))).toMatchObject({ code: 'image_fetch_failed', field: 'url' });
  });
});

describe('the guarded fetcher refuses our own network', () => {
  /** Without the allow-list: what production does. */
  let strict: GuardedFetcher;
  beforeAll(() => {
    strict = new GuardedFetcher({ allowHosts: [], timeoutMs: 2000 });
  });
  afterAll(() => strict.close());
  const fetchImage = (f: GuardedFetcher, url: string) => f.fetch(url, { expect: 'image', maxBytes: MAX_BYTES, field: 'image_url' });

  it('refuses the local server when it is not allow-listed, by address or by a name resolving to it', async () => {
    const before = hits.get('/red.png') ?? 0;
    for (const url of [`${base()}/red.png`, `http://localhost:${port}/red.png`, `http://[::1]:${port}/red.png`, `http://0x7f.0.0.1:${port}/red.png`, `http://[::ffff:127.0.0.1]:${port}/red.png`]) {
      expect({ url, ...(await refusal(fetchImage(strict, url))) }).toMatchObject({ url, code: 'image_url_refused', field: 'image_url', detail: expect.stringContaining('private') });
    }
    expect(hits.get('/red.png') ?? 0).toBe(before);
  });

  it('refuses private, link-local (cloud metadata), CGNAT, multicast and unspecified addresses', async () => {
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.1/a.png', 'http://172.16.0.1/', 'http://100.64.0.1/', 'http://224.0.0.1/', 'http://0.0.0.0/', 'http://[fd00::1]/', 'http://[fe80::1]/']) {
      expect({ url, ...(await refusal(fetchImage(strict, url))) }).toMatchObject({ url, code: 'image_url_refused' });
    }
  });

  it('allows exactly the listed host:port: another name or port for the same server is refused', async () => {
    expect(await refusal(fetchImage(fetcher, `http://localhost:${port}/red.png`))).toMatchObject({ code: 'image_url_refused' });
    expect(await refusal(fetchImage(fetcher, `http://127.0.0.1:${port + 1}/red.png`))).toMatchObject({ code: 'image_url_refused' });
  });

  it('checks every redirect: from the allowed server to another loopback, private or metadata address', async () => {
    for (const p of ['/to-other-loopback', '/to-private', '/to-metadata', '/to-localhost']) {
      expect({ p, ...(await refusal(fetchImage(fetcher, `${base()}${p}`))) }).toMatchObject({ p, code: 'image_url_refused' });
    }
    expect(await refusal(fetchImage(fetcher, `${base()}/to-file`))).toMatchObject({ code: 'image_url_refused', detail: expect.stringContaining('Only http and https') });
    // A redirect within the allowed server is followed.
    expect((await fetchImage(fetcher, `${base()}/to-red`)).url).toBe(`${base()}/red.png`);
  });

  it('refuses other schemes', async () => {
    for (const url of ['ftp://127.0.0.1/a.png', 'file:///etc/passwd']) expect(await refusal(fetchImage(strict, url))).toMatchObject({ code: 'image_url_refused' });
  });
});
