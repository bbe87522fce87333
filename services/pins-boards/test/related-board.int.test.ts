import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, uniqueName, waitFor, servers } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, png, resourceCalls, seedProfiles, whenReady, type Person } from './support/resources';

/**
 * The success dialog's related board (RelatedBoardForPinRandomFeedResource) against the real
 * store: another person's public board holding the same image, never one of the viewer's own,
 * the pin's own board, or a board the viewer may not see; the pin itself answers 404 as
 * GET /v3/pins/{id}/ does. Each test saves an image of its own colour, so they share no pins.
 */
const prefix = `${uniqueName('rb')}.`;
const db = uniqueName('related');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-related-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
let conn: Connection;

type Who = Person;
const ada: Who = { id: 'user-ada', username: 'ada' };
const grace: Who = { id: 'user-grace', username: 'grace' };
const linus: Who = { id: 'user-linus', username: 'linus' };

const RELATED = 'RelatedBoardForPinRandomFeedResource';
const { get, write } = resourceCalls(() => ({ url: pins.url, viewers }));

async function createBoard(who: Who, name: string, privacy = 'public') {
  return ok<{ id: string; url: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);
}

async function savePin(who: Who, boardId: string, image: Buffer) {
  return ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: image.toString('base64'), method: 'button' }, who), 201);
}

const repin = async (who: Who, pinId: string, boardId: string) => ok<{ id: string }>(await write('RepinResource', 'create', { pin_id: pinId, board_id: boardId }, who), 201);

type Suggested = { id: string; name: string; url: string; privacy: string; owner: { username: string }; access: string[] }[];
const related = async (pinId: string, who: Who) => ok<Suggested>(await get(RELATED, { pin: pinId, page_size: 1 }, who));
/** Enough asks that a board wrongly among the candidates would show at least once (the pick is random). */
const ASKS = 8;

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  await whenReady(pins.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada'], [grace, 'Grace'], [linus, 'Linus']]);
});

afterAll(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await pins?.close();
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('the related board of a saved pin', () => {
  it("is another person's public board holding the same image, never the viewer's own or the pin's board", async () => {
    const lamps = await createBoard(ada, 'Ada lamps');
    const original = await savePin(ada, lamps.id, await png('#2a4d69'));
    const mine = await createBoard(grace, 'Grace saves');
    const alsoMine = await createBoard(grace, 'Grace more');
    const saved = await repin(grace, original.id, mine.id);
    await repin(grace, original.id, alsoMine.id);

    for (let i = 0; i < ASKS; i++) {
      const res = await get(RELATED, { pin: saved.id, page_size: 1, orbac_subject_id: '123' }, grace);
      const answer = ok<Suggested>(res);
      expect(answer).toHaveLength(1);
      expect(answer[0]).toMatchObject({ id: lamps.id, name: 'Ada lamps', url: '/ada/ada-lamps/', privacy: 'public', owner: { username: 'ada', full_name: 'Ada' }, access: ['read'] });
      // A random pick: nothing may keep one answer for the next ask.
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Ada, from her own pin, is offered Grace's boards, never her own.
    const graces = new Set([mine.id, alsoMine.id]);
    for (let i = 0; i < ASKS; i++) {
      const answer = await related(original.id, ada);
      expect(answer).toHaveLength(1);
      expect(graces.has(answer[0]?.id ?? '')).toBe(true);
    }
  });

  it("is never a secret, archived or deleted board, nor one where the image's pin was deleted", async () => {
    const rugs = await createBoard(grace, 'Grace rugs');
    const saved = await savePin(grace, rugs.id, await png('#6b3e26'));
    const secret = await createBoard(linus, 'Linus hidden', 'secret');
    await repin(linus, saved.id, secret.id);
    const archived = await createBoard(linus, 'Linus archived');
    await repin(linus, saved.id, archived.id);
    ok(await write('BoardArchiveResource', 'create', { board_id: archived.id }, linus));
    const deleted = await createBoard(linus, 'Linus deleted');
    await repin(linus, saved.id, deleted.id);
    ok(await write('BoardResource', 'delete', { board_id: deleted.id }, linus));
    const kept = await createBoard(linus, 'Linus kept');
    const removed = await repin(linus, saved.id, kept.id);
    ok(await write('PinResource', 'delete', { id: removed.id }, linus));

    for (let i = 0; i < ASKS; i++) expect(await related(saved.id, ada)).toEqual([]);
    // Linus may see his secret board, but it is his own: still nothing to suggest to him.
    for (let i = 0; i < ASKS; i++) expect(await related(saved.id, linus)).toEqual([]);
    // Made public again, the board is suggested (so the empty answers above were the filter's).
    ok(await write('BoardResource', 'update', { board_id: secret.id, privacy: 'public' }, linus));
    expect((await related(saved.id, ada)).map((b) => b.id)).toEqual([secret.id]);
  });

  it('is none when nobody else saved the image', async () => {
    const board = await createBoard(ada, 'Ada alone');
    const saved = await savePin(ada, board.id, await png('#c0ffee'));
    expect(await related(saved.id, ada)).toEqual([]);
    expect(await related(saved.id, grace)).toEqual([]);
  });

  it('answers 404 for a pin on a secret board of someone else, as the pin itself does, and 401 to a visitor', async () => {
    const secret = await createBoard(ada, 'Ada secret', 'secret');
    const hidden = await savePin(ada, secret.id, await png('#123abc'));
    const other = await createBoard(grace, 'Grace public');
    // Even with a public board of Grace's holding the same image, Ada's secret pin stays hidden from her.
    await savePin(grace, other.id, await png('#123abc'));
    const refused = await get(RELATED, { pin: hidden.id }, grace);
    expect(refused.status).toBe(404);
    expect(refused.body.resource_response.error.message).toBe('Pin not found.');
    expect((await get('PinResource', { id: hidden.id }, grace)).status).toBe(404);
    expect((await get(RELATED, { pin: '999999999' }, grace)).status).toBe(404);
    expect((await get(RELATED, { pin: hidden.id })).status).toBe(401);
    // Its owner sees it, and is offered Grace's public board of the same image.
    expect((await related(hidden.id, ada)).map((b) => b.id)).toEqual([other.id]);
  });

  it('refuses bad options with a 400 naming the option, and changes nothing', async () => {
    const board = await createBoard(grace, 'Grace checks');
    const saved = await savePin(grace, board.id, await png('#abcabc'));
    // The save is counted by its event: wait for it, so that the count can only change by this test's asks.
    const before = await waitFor(async () => {
      const b = ok<{ pin_count: number }>(await get('BoardResource', { board_id: board.id }, grace));
      return b.pin_count === 1 ? b : undefined;
    }, 'the save to be counted');

    const noPin = await get(RELATED, { page_size: 1 }, grace);
    expect(noPin.status).toBe(400);
    expect(noPin.body.resource_response.error).toMatchObject({ code: 'bad_request', http_status: 400 });
    // Person-readable (no schema path), the field it concerns in `data`.
    expect(noPin.body.resource_response.error.message).toBe('This is required.');
    expect(noPin.body.resource_response.error.data).toMatchObject({ field: 'data.options.pin' });
    const two = await get(RELATED, { pin: saved.id, page_size: 2 }, grace);
    expect(two.status).toBe(400);
    expect(two.body.resource_response.error.message).toBe('page_size must be 1: one board is suggested.');
    expect((await get(RELATED, { pin: 'not-an-id' }, grace)).status).toBe(400);

    const after = ok<{ pin_count: number }>(await get('BoardResource', { board_id: board.id }, grace));
    expect(after.pin_count).toBe(before.pin_count);
    expect(await related(saved.id, grace)).toEqual([]);
  });
});
