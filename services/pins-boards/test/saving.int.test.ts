import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import { BOARD_NAME_MAX_LENGTH, BOOKMARK_END } from '@pinhive/contracts';
import { defineHandler, docWithEvents, newEvent, startService, type RunningService, type ServiceDefinition } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, png, resourceCalls, seedProfiles, whenReady } from './support/resources';

/**
 * Saving pins onto boards against the real store and Kafka: boards, sections and pins through
 * the resource routes, counters that follow the pins' events, secret boards hidden from
 * everyone else, and `pins.pin.saved.v1` reaching another service once per save.
 */
const prefix = `${uniqueName('sv')}.`;
const db = uniqueName('saving');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-saving-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
let other: RunningService<PinsBoardsConfig>;
let conn: Connection;
/** What the other service saw of `pins.pin.saved.v1`: pin id → times handled. */
const seenByOther = new Map<string, number>();

const ada = { id: 'user-ada', username: 'ada' };
const grace = { id: 'user-grace', username: 'grace' };

const { get, write } = resourceCalls(() => ({ url: pins.url, viewers }));

async function createBoard(who: typeof ada, name: string, privacy = 'public') {
  return ok<{ id: string; url: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);
}

async function savePin(who: typeof ada, boardId: string, image: Buffer, extra: Record<string, unknown> = {}) {
  return ok<{ id: string; first_save: boolean; images: { orig: { url: string } } }>(
    await write('PinResource', 'create', { board_id: boardId, image_base64: image.toString('base64'), description: 'A lamp', link: 'https://example.com/lamp', method: 'button', ...extra }, who),
    201,
  );
}

const boardOf = async (id: string, who?: typeof ada) => ok<{ pin_count: number; section_count: number; image_cover_url: string | null; access: string[] }>(await get('BoardResource', { board_id: id }, who));

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  // Another service consuming pins' events (its own group and database), as experiences or ads would.
  const otherDef: ServiceDefinition<PinsBoardsConfig> = {
    name: 'saving-listener',
    config: loadPinsBoardsConfig({ ...env, MONGO_URL: servers.mongoUrl(`${db}_other`) }),
    setup: () => ({
      routes: [],
      handlers: [defineHandler({ name: 'note-save', type: 'pins.pin.saved.v1', handle: async ({ data: saved }) => { seenByOther.set(saved.pinId, (seenByOther.get(saved.pinId) ?? 0) + 1); } })],
    }),
  };
  other = await startService(otherDef);
  for (const s of [pins, other]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada'], [grace, 'Grace']]);
});

afterAll(async () => {
  await conn?.close();
  await Promise.all([pins?.close(), other?.close()]);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('boards', () => {
  it("refuse a missing or too long name with the spec's messages, and change nothing", async () => {
    const empty = await write('BoardResource', 'create', { name: '   ' }, ada);
    expect(empty.status).toBe(400);
    expect(empty.body.resource_response.error.message).toBe("Don't forget to name your board!");
    const long = await write('BoardResource', 'create', { name: 'x'.repeat(BOARD_NAME_MAX_LENGTH + 1) }, ada);
    expect(long.body.resource_response.error.message).toBe(`Please enter no more than ${BOARD_NAME_MAX_LENGTH} characters.`);
    const picker = ok<{ all_boards: unknown[] }>(await get('BoardPickerBoardsResource', {}, ada));
    expect(picker.all_boards).toHaveLength(0);
  });

  it('are found by their page url, and the picker lists them with digits last and the shortlist', async () => {
    const lamps = await createBoard(ada, 'Lamps');
    await createBoard(ada, '2024 trips');
    await createBoard(ada, 'Café déco');
    expect(lamps.url).toBe('/ada/lamps/');
    const byUrl = ok<{ id: string; access: string[] }>(await get('BoardResource', { username: 'ada', slug: 'lamps' }));
    expect(byUrl.id).toBe(lamps.id);
    expect(byUrl.access).toEqual(['read']);
    expect((await boardOf(lamps.id, ada)).access).toEqual(['read', 'write', 'delete']);
    const picker = ok<{ all_boards: { name: string }[]; boards_shortlist: unknown[] }>(await get('BoardPickerBoardsResource', { shortlist_suggestions: 2 }, ada));
    expect(picker.all_boards.map((b) => b.name)).toEqual(['Café déco', 'Lamps', '2024 trips']);
    expect(picker.boards_shortlist).toHaveLength(2);
    // A second board whose name makes the same slug (the same name is refused: board-names.int.test.ts) gets its own page.
    expect((await createBoard(ada, 'Lamps!')).url).toBe('/ada/lamps-2/');
  });
});

describe('a board whose list write never happened (its process died after the board was stored)', () => {
  /** The board and its event, as BoardService.create writes them, without the list write after. */
  async function storeBoardOnly(name: string, extra: Record<string, unknown> = {}) {
    const id = `9${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const now = new Date();
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const board = {
      _id: id, ownerId: grace.id, name, slug, ownerSlug: `${grace.id}:${slug}`, description: '', privacy: 'public', advertiserId: null, collaboratorIds: [],
      pinCount: 0, sectionCount: 0, pinSeq: 0, counted: [], coverPinId: null, coverImageUrl: null, coverColor: null, hasCustomCover: false,
      createdAt: now, lastSavedAt: now, archivedAt: null, deletedAt: null, ...extra,
    };
    const event = newEvent('pins-boards', 'pins.board.created.v1', id, { boardId: id, ownerId: grace.id, name, privacy: 'public', createdAt: now.toISOString() }, now);
    await conn.collection('boards').insertOne(docWithEvents(board, [event]) as never);
    return { id, event };
  }
  const pickerNames = async () => ok<{ all_boards: { name: string }[] }>(await get('BoardPickerBoardsResource', {}, grace)).all_boards.map((b) => b.name);

  it("reaches its owner's picker through its own event (the outbox publishes it after the crash)", async () => {
    await storeBoardOnly('Recovered');
    await waitFor(async () => ((await pickerNames()).includes('Recovered') ? true : undefined), 'the recovered board in the picker');
  });

  it('is not brought back when it was deleted meanwhile', async () => {
    const deleted = await storeBoardOnly('Gone already', { deletedAt: new Date() });
    // Its event handled (the kit's record), the list is as it will stay.
    await waitFor(async () => ((await conn.collection('processed_events').countDocuments({ _id: `list-created-board:${deleted.event.id}` as never })) > 0 ? true : undefined), 'the deleted board\'s event handled');
    expect(await pickerNames()).not.toContain('Gone already');
  });
});

describe('saving pins', () => {
  it('stores the pin, says whether it was the first save, and the counters and cover follow', async () => {
    const board = await createBoard(grace, 'Rugs');
    const first = await savePin(grace, board.id, await png('#336699'));
    expect(first.first_save).toBe(true);
    const second = await savePin(grace, board.id, await png('#993366'));
    expect(second.first_save).toBe(false);
    const counted = await waitFor(async () => {
      const b = await boardOf(board.id);
      return b.pin_count === 2 ? b : undefined;
    }, 'the board to count both pins');
    expect(counted.image_cover_url).toMatch(/^\/media\/236x\//);
    const pin = ok<{ method: string; dominant_color: string; board: { url: string }; pinner: { username: string } }>(await get('PinResource', { id: first.id, field_set_key: 'detailed' }));
    expect(pin).toMatchObject({ method: 'button_external', dominant_color: expect.stringMatching(/^#[0-9a-f]{6}$/), board: { url: '/grace/rugs/' }, pinner: { username: 'grace' } });
    const image = await request(pins.url).get(first.images.orig.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('refuses a save without write access, a share from a secret board and an advertiser_id', async () => {
    const board = await createBoard(ada, 'Not yours');
    const image = (await png('#123456')).toString('base64');
    const stranger = await write('PinResource', 'create', { board_id: board.id, image_base64: image }, grace);
    expect(stranger.status).toBe(403);
    const secret = await createBoard(ada, 'Hidden shares', 'secret');
    const shared = await write('PinResource', 'create', { board_id: secret.id, image_base64: image, share_twitter: true }, ada);
    expect(shared.status).toBe(400);
    const acting = await write('PinResource', 'create', { board_id: board.id, image_base64: image, advertiser_id: '123' }, ada);
    expect(acting.status).toBe(403);
    expect((await boardOf(board.id)).pin_count).toBe(0);
  });

  it('a repin shares the image and keeps via_pinner; the image goes with the last pin using it', async () => {
    const source = await createBoard(ada, 'Sources');
    const mine = await createBoard(grace, 'Saved from Ada');
    const pin = await savePin(ada, source.id, await png('#0a0b0c'));
    const repin = ok<{ id: string; via_pinner: { username: string }; images: { orig: { url: string } } }>(await write('RepinResource', 'create', { pin_id: pin.id, board_id: mine.id }, grace), 201);
    expect(repin.via_pinner.username).toBe('ada');
    expect(repin.images.orig.url).toBe(pin.images.orig.url);
    ok(await write('PinResource', 'delete', { id: pin.id }, ada));
    expect((await get('PinResource', { id: pin.id })).status).toBe(404);
    await waitFor(async () => ((await boardOf(source.id)).pin_count === 0 ? true : undefined), 'the deletion to be counted');
    // The repin still uses the image.
    expect((await request(pins.url).get(repin.images.orig.url)).status).toBe(200);
    ok(await write('PinResource', 'delete', { id: repin.id }, grace));
    await waitFor(async () => ((await request(pins.url).get(repin.images.orig.url)).status === 404 ? true : undefined), 'the image to go with its last pin');
  });

  it('a retried save with the same Idempotency-Key answers the pin the first attempt stored', async () => {
    const board = await createBoard(grace, 'Retries');
    const image = (await png('#777777')).toString('base64');
    const attempt = () => request(pins.url).post('/resource/PinResource/create/').set(viewers.bearer(grace)).set('Idempotency-Key', 'save-attempt-0001')
      .send({ options: { board_id: board.id, image_base64: image } });
    const first = ok<{ id: string }>(await attempt(), 201);
    const retry = ok<{ id: string; first_save: boolean }>(await attempt(), 201);
    expect(retry.id).toBe(first.id);
    expect(retry.first_save).toBe(false);
    await waitFor(async () => ((await boardOf(board.id)).pin_count === 1 ? true : undefined), 'the one pin to be counted');
    expect(ok<unknown[]>(await get('BoardFeedResource', { board_id: board.id }))).toHaveLength(1);
    const bad = await request(pins.url).post('/resource/PinResource/create/').set(viewers.bearer(grace)).set('Idempotency-Key', 'no spaces allowed')
      .send({ options: { board_id: board.id, image_base64: image } });
    expect(bad.status).toBe(400);
  });

  it("a deleted board answers 404, leaves the lists, and its pins and their images go after it", async () => {
    const board = await createBoard(grace, 'Short lived');
    const pin = await savePin(grace, board.id, await png('#5a5a5a'));
    const repin = ok<{ id: string }>(await write('RepinResource', 'create', { pin_id: pin.id, board_id: board.id }, grace), 201);
    expect(await write('BoardResource', 'delete', { board_id: board.id }, ada).then((r) => r.status)).toBe(403);
    ok(await write('BoardResource', 'delete', { board_id: board.id }, grace));
    expect((await get('BoardResource', { board_id: board.id }, grace)).status).toBe(404);
    const picker = ok<{ all_boards: { id: string }[] }>(await get('BoardPickerBoardsResource', {}, grace));
    expect(picker.all_boards.map((b) => b.id)).not.toContain(board.id);
    for (const id of [pin.id, repin.id]) expect((await get('PinResource', { id }, grace)).status).toBe(404);
    await waitFor(async () => ((await request(pins.url).get(pin.images.orig.url)).status === 404 ? true : undefined), "the board's image to go with its pins");
  });

  it('pages a board newest first by bookmark, 50 at a time', async () => {
    const board = await createBoard(ada, 'Many');
    const first = await savePin(ada, board.id, await png('#444444'));
    for (let i = 0; i < 54; i++) ok(await write('RepinResource', 'create', { pin_id: first.id, board_id: board.id, description: `copy ${i}` }, ada), 201);
    const page1 = await get('BoardFeedResource', { board_id: board.id });
    const items1 = ok<{ id: string; description: string }[]>(page1);
    expect(items1).toHaveLength(50);
    expect(items1[0]?.description).toBe('copy 53');
    const bookmark = page1.body.resource_response.bookmarks[0] as string;
    expect(bookmark).not.toBe(BOOKMARK_END);
    const page2 = await get('BoardFeedResource', { board_id: board.id, bookmarks: [bookmark] });
    const items2 = ok<{ id: string }[]>(page2);
    expect(items2).toHaveLength(5);
    expect(items2[4]?.id).toBe(first.id);
    expect(page2.body.resource_response.bookmarks).toEqual([BOOKMARK_END]);
    expect(new Set([...items1, ...items2].map((p) => p.id)).size).toBe(55);
  });
});

describe('secret boards', () => {
  it('exist only for their owner: a stranger or a visitor cannot read, list, find in the picker or save into one', async () => {
    const secret = await createBoard(ada, 'Surprise party', 'secret');
    const pin = await savePin(ada, secret.id, await png('#ff00ff'));
    const section = ok<{ id: string }>(await write('BoardSectionResource', 'create', { board_id: secret.id, name: 'Cakes' }, ada), 201);
    for (const who of [grace, undefined]) {
      expect((await get('BoardResource', { board_id: secret.id }, who)).status).toBe(404);
      expect((await get('BoardResource', { username: 'ada', slug: 'surprise-party' }, who)).status).toBe(404);
      expect((await get('BoardFeedResource', { board_id: secret.id }, who)).status).toBe(404);
      expect((await get('BoardSectionsRepinResource', { board_id: secret.id }, who)).status).toBe(404);
      expect((await get('BoardSectionResource', { section_id: section.id }, who)).status).toBe(404);
      expect((await get('PinResource', { id: pin.id }, who)).status).toBe(404);
      const grid = ok<{ name: string }[]>(await get('BoardsResource', { username: 'ada' }, who));
      expect(grid.map((b) => b.name)).not.toContain('Surprise party');
    }
    const graces = ok<{ all_boards: { id: string }[] }>(await get('BoardPickerBoardsResource', {}, grace));
    expect(graces.all_boards.map((b) => b.id)).not.toContain(secret.id);
    const saved = await write('PinResource', 'create', { board_id: secret.id, image_base64: (await png('#00ff00')).toString('base64') }, grace);
    expect(saved.status).toBe(404);
    const repinned = await write('RepinResource', 'create', { pin_id: pin.id, board_id: secret.id }, grace);
    expect(repinned.status).toBe(404);
    // The owner sees it everywhere.
    expect((await get('BoardResource', { board_id: secret.id }, ada)).status).toBe(200);
    const own = ok<{ name: string }[]>(await get('BoardsResource', { username: 'ada' }, ada));
    expect(own.map((b) => b.name)).toContain('Surprise party');
  });
});

describe('sections', () => {
  it('initial_pins are moved into a new section, which counts them; the board counts its sections', async () => {
    const board = await createBoard(grace, 'Kitchen');
    const a = await savePin(grace, board.id, await png('#101010'));
    const b = await savePin(grace, board.id, await png('#202020'));
    const section = ok<{ id: string; title: string; pin_count: number; preview_pins: unknown[] }>(
      await write('BoardSectionResource', 'create', { board_id: board.id, name: '  Lighting ', name_source: 0, initial_pins: [a.id, b.id] }, grace),
      201,
    );
    expect(section).toMatchObject({ title: 'Lighting', pin_count: 2 });
    expect(section.preview_pins).toHaveLength(2);
    expect((await boardOf(board.id)).section_count).toBe(1);
    const inSection = ok<{ id: string; section: { title: string } }[]>(await get('BoardFeedResource', { board_id: board.id, section_id: section.id }));
    expect(inSection.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(inSection[0]?.section.title).toBe('Lighting');
    // A save into the section is counted there.
    await savePin(grace, board.id, await png('#303030'), { section_id: section.id });
    await waitFor(async () => (ok<{ pin_count: number }>(await get('BoardSectionResource', { section_id: section.id })).pin_count === 3 ? true : undefined), 'the section to count the save');
    const sections = ok<{ title: string }[]>(await get('BoardSectionsRepinResource', { board_id: board.id }));
    expect(sections.map((s) => s.title)).toEqual(['Lighting']);
  });
});

describe('events', () => {
  it('pins.pin.saved.v1 reaches another service once per save', async () => {
    const board = await createBoard(ada, 'Events');
    const saved = [await savePin(ada, board.id, await png('#abcdef')), await savePin(ada, board.id, await png('#fedcba'))];
    await waitFor(async () => (saved.every((p) => seenByOther.has(p.id)) ? true : undefined), 'the other service to see both saves', 30_000);
    // The outbox sweeps again: nothing is delivered twice to the handler.
    await pins.ctx.outbox.drain();
    for (const p of saved) expect(seenByOther.get(p.id)).toBe(1);
  });
});
