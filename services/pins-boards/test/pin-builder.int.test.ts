import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { PIN_BUILDER_PINS_PATH, PIN_BUILDER_UPLOAD_PATH, type ExperimentGroups, type PinBuilderUpload, type SavedPin } from '@pinhive/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { ok, png, resourceCalls, seedProfiles, type Person } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * The pin builder's two calls against the real store: uploads streamed to the image store, pins
 * made from them, and the gating (contracts pin-builder.ts) enforced by the service whatever the
 * client shows. The viewer's experiment groups come from the test (`groups`), as the kit's
 * experiments client will give them.
 */
let under: PinsBoardsUnderTest;
let groups: ExperimentGroups = {};
const { get, write } = resourceCalls(() => ({ url: under.service.url, viewers: under.viewers }));
const ada: Person = { id: 'user-pb-ada', username: 'pbada' };
const ben: Person = { id: 'user-pb-ben', username: 'pbben' };

type Failure = { status: number; code: string; field?: string; data?: Record<string, unknown> };
const failure = (res: request.Response): Failure => {
  const error = (res.body as { resource_response: { error: { code: string; data?: Record<string, unknown> } } }).resource_response.error;
  return { status: res.status, code: error.code, ...(error.data?.field ? { field: error.data.field as string } : {}), ...(error.data ? { data: error.data } : {}) };
};

const upload = (who: Person, bytes: Buffer, type = 'image/png', url = under.service.url) =>
  request(url).post(PIN_BUILDER_UPLOAD_PATH).set(under.viewers.bearer(who)).set('content-type', type).send(bytes);
const create = (who: Person, body: Record<string, unknown>) => request(under.service.url).post(PIN_BUILDER_PINS_PATH).set(under.viewers.bearer(who)).send(body);

let boardId: string;
let sectionId: string;

beforeAll(async () => {
  under = await startPinsBoards('pin-builder', {}, { experiments: () => Promise.resolve(groups) });
  await seedProfiles(under.conn, [[ada, 'Ada'], [ben, 'Ben']]);
  boardId = ok<{ id: string }>(await write('BoardResource', 'create', { name: 'Builder' }, ada), 201).id;
  sectionId = ok<{ id: string }>(await write('BoardSectionResource', 'create', { board_id: boardId, name: 'Uploads' }, ada), 201).id;
});
afterAll(async () => {
  await under.close();
});
beforeEach(() => {
  groups = {};
});

describe('pin builder uploads (POST /v3/pin-builder/uploads/)', () => {
  it('stores the file and answers its reference, its size and its renditions, served by /media/', async () => {
    const bytes = await png('#123456', 600, 900);
    const up = ok<PinBuilderUpload>(await upload(ada, bytes), 201);
    expect(up).toMatchObject({ media_upload_id: createHash('sha256').update(bytes).digest('hex'), width: 600, height: 900 });
    expect(up.images['236x']).toMatchObject({ width: 236, height: 354 });
    // The service's own media router, as the gateway reaches it.
    const served = await request(under.service.url).get(up.images.orig.url).buffer(true);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
  });

  it('refuses what is not an image: another type before reading, and bytes that do not decode', async () => {
    expect(failure(await upload(ada, Buffer.from('hello'), 'text/plain'))).toMatchObject({ status: 400, code: 'image_invalid', field: 'file' });
    expect(failure(await upload(ada, Buffer.from('certainly not a png'), 'image/png'))).toMatchObject({ status: 400, code: 'image_invalid', field: 'file' });
    expect(failure(await upload(ada, Buffer.from('<svg/>'), 'image/svg+xml'))).toMatchObject({ status: 400, code: 'image_invalid' });
  });

  it('refuses a file over the limit, by Content-Length and while streaming a body of unknown length', async () => {
    const small = await under.another({ FETCH_MAX_BYTES: '2048' });
    const noise = await sharp(randomBytes(100 * 100 * 3), { raw: { width: 100, height: 100, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(2048);
    expect(failure(await upload(ada, noise, 'image/png', small.url))).toMatchObject({ status: 413, code: 'image_too_large', field: 'file' });

    // Chunked: no length up front, so the count refuses it once it passes the limit.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(PIN_BUILDER_UPLOAD_PATH, small.url);
      const req = http.request(url, { method: 'POST', headers: { ...under.viewers.bearer(ada), 'content-type': 'image/png', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      Readable.from([noise.subarray(0, 1000), noise.subarray(1000, 2000), noise.subarray(2000)]).pipe(req);
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { resource_response: { error: { code: string } } }).resource_response.error.code).toBe('image_too_large');
  });

  it('refuses a video: the viewer may not upload video', async () => {
    groups = { web_pin_builder_video: 'enabled' };
    expect(failure(await upload(ada, Buffer.from('....ftypmp42'), 'video/mp4'))).toMatchObject({ status: 403, code: 'pin_builder_feature_off', data: { feature: 'video', field: 'file' } });
  });

  it('answers 401 to a visitor', async () => {
    const res = await request(under.service.url).post(PIN_BUILDER_UPLOAD_PATH).set('content-type', 'image/png').send(await png('#222222'));
    expect(res.status).toBe(401);
  });
});

describe('pins from uploads (POST /v3/pin-builder/pins/)', () => {
  it('makes a pin in a section with its title, description, link and alt text, and the pin page shows it', async () => {
    const up = ok<PinBuilderUpload>(await upload(ada, await png('#345678', 400, 400)), 201);
    const { pins } = ok<{ pins: SavedPin[] }>(
      await create(ada, { board_id: boardId, section_id: sectionId, media_upload_ids: [up.media_upload_id], title: ' Lamp ', description: 'Warm light', link: 'https://example.com/lamp', alt_text: 'A brass lamp' }),
      201,
    );
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({ title: 'Lamp', description: 'Warm light', link: 'https://example.com/lamp', alt_text: 'A brass lamp', method: 'uploaded', section: { id: sectionId }, board: { id: boardId } });
    const page = ok<{ alt_text?: string; images: { orig: { url: string } } }>(await get('PinResource', { id: pins[0]!.id }, ada));
    expect(page).toMatchObject({ alt_text: 'A brass lamp', images: { orig: { url: up.images.orig.url } } });
  });

  it('refuses several images while multi-pin is off for the viewer, and makes none', async () => {
    const a = ok<PinBuilderUpload>(await upload(ada, await png('#456789')), 201);
    const b = ok<PinBuilderUpload>(await upload(ada, await png('#56789a')), 201);
    const before = await under.conn.collection('pins').countDocuments({ boardId });
    expect(failure(await create(ada, { board_id: boardId, media_upload_ids: [a.media_upload_id, b.media_upload_id] }))).toMatchObject({
      status: 403, code: 'pin_builder_feature_off', data: { feature: 'multi_pin', field: 'media_upload_ids' },
    });
    expect(await under.conn.collection('pins').countDocuments({ boardId })).toBe(before);

    // In the multi-pin experiment (any group but control) the same request makes one pin per image.
    groups = { web_pin_builder_multi_pin: 'rollout' };
    const { pins } = ok<{ pins: SavedPin[] }>(await create(ada, { board_id: boardId, media_upload_ids: [a.media_upload_id, b.media_upload_id], title: 'Pair' }), 201);
    expect(pins.map((p) => [p.title, p.images.orig.url])).toEqual([['Pair', a.images.orig.url], ['Pair', b.images.orig.url]]);
  });

  it('refuses every creation while pin creation is switched off, naming the switch', async () => {
    const up = ok<PinBuilderUpload>(await upload(ada, await png('#6789ab')), 201);
    groups = { web_pin_creation_disabled_all: 'enabled' };
    expect(failure(await create(ada, { board_id: boardId, media_upload_ids: [up.media_upload_id] }))).toMatchObject({ status: 403, code: 'pin_creation_disabled', data: { experiment: 'web_pin_creation_disabled_all' } });
    expect(failure(await upload(ada, await png('#789abc')))).toMatchObject({ status: 403, code: 'pin_creation_disabled' });
    groups = { web_pin_creation_disabled_web: 'enabled' };
    expect(failure(await create(ada, { board_id: boardId, media_upload_ids: [up.media_upload_id] }))).toMatchObject({ status: 403, code: 'pin_creation_disabled', data: { experiment: 'web_pin_creation_disabled_web' } });
  });

  it("keeps the board's rules: someone else's board is refused, an unknown upload is named", async () => {
    const up = ok<PinBuilderUpload>(await upload(ben, await png('#89abcd')), 201);
    expect((await create(ben, { board_id: boardId, media_upload_ids: [up.media_upload_id] })).status).toBe(403);
    expect(failure(await create(ada, { board_id: boardId, media_upload_ids: ['0'.repeat(64)] }))).toMatchObject({ status: 400, field: 'media_upload_ids.0' });
    expect(failure(await create(ada, { board_id: boardId, media_upload_ids: [] }))).toMatchObject({ status: 400, field: 'media_upload_ids' });
    expect(failure(await create(ada, { board_id: boardId, media_upload_ids: [up.media_upload_id], title: 'x'.repeat(101) }))).toMatchObject({ status: 400, field: 'title' });
  });
});
