import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';
import { followCalls } from './support/follows';
import { ok, png, resourceCalls, seedProfiles, whenReady } from './support/resources';

/**
 * The picker, board pages and home feeds are kept in memory (kit ReadCache): two instances of pins-boards
 * on one store and one Redis, every write through instance A and every read through instance B
 * right after it, which has kept the answer from before the write.
 */
const prefix = `${uniqueName('rc')}.`;
const db = uniqueName('read_caches');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-caches-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let a: RunningService<PinsBoardsConfig>;
let b: RunningService<PinsBoardsConfig>;
let conn: Connection;

const ada = { id: 'user-ada', username: 'ada' };
const grace = { id: 'user-grace', username: 'grace' };
type Who = typeof ada;

/** Every write goes through instance A, every read of a kept answer through instance B. */
const { write } = resourceCalls(() => ({ url: a.url, viewers }));
const viaB = resourceCalls(() => ({ url: b.url, viewers }));
const createBoard = async (who: Who, name: string) => ok<{ id: string }>(await write('BoardResource', 'create', { name }, who), 201);
const savePin = async (who: Who, boardId: string, color: string, extra: Record<string, unknown> = {}) =>
  ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: (await png(color)).toString('base64'), ...extra }, who), 201);

type PickerAnswer = { all_boards: { id: string; name: string; pin_count: number }[] };
const pickerNames = async (who: Who) => ok<PickerAnswer>(await viaB.get('BoardPickerBoardsResource', {}, who)).all_boards.map((x) => x.name);
type PagePin = { id: string; is_removable: boolean; section: { title: string } | null };
const pageOf = async (boardId: string, who?: Who) => ok<PagePin[]>(await viaB.get('BoardFeedResource', { board_id: boardId }, who));

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  // Both at once, on a fresh database: FerretDB 1.24 panics on one of the two index creations,
  // whose instance must see the failure and try again (infra/ferretdb relay_test.go).
  [a, b] = await Promise.all([startService(pinsBoardsService(loadPinsBoardsConfig(env))), startService(pinsBoardsService(loadPinsBoardsConfig(env)))]);
  for (const s of [a, b]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada'], [grace, 'Grace']]);
});

afterAll(async () => {
  await conn?.close();
  await Promise.all([a?.close(), b?.close()]);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

it("the picker kept by one instance shows another instance's board changes at once", async () => {
  await createBoard(ada, 'Lamps');
  expect(await pickerNames(ada)).toEqual(['Lamps']);
  expect(await pickerNames(ada)).toEqual(['Lamps']); // kept

  const rugs = await createBoard(ada, 'Rugs');
  expect(await pickerNames(ada)).toEqual(['Lamps', 'Rugs']);
  ok(await write('BoardResource', 'update', { board_id: rugs.id, name: 'Carpets' }, ada));
  expect(await pickerNames(ada)).toEqual(['Carpets', 'Lamps']);
  ok(await write('BoardArchiveResource', 'create', { board_id: rugs.id }, ada));
  expect(await pickerNames(ada)).toEqual(['Lamps']);
  // A save's count reaches the kept picker when its event is counted.
  const lamps = ok<PickerAnswer>(await viaB.get('BoardPickerBoardsResource', {}, ada)).all_boards[0]!;
  await savePin(ada, lamps.id, '#224466');
  await waitFor(async () => (ok<PickerAnswer>(await viaB.get('BoardPickerBoardsResource', {}, ada)).all_boards[0]?.pin_count === 1 ? true : undefined), 'the counted save in the picker');
  // Each owner has their own.
  expect(await pickerNames(grace)).toEqual([]);
});

it("a board page kept by one instance shows another instance's saves, deletes and privacy change at once", async () => {
  const board = await createBoard(ada, 'Chairs');
  const first = await savePin(ada, board.id, '#101010');
  expect((await pageOf(board.id, grace)).map((p) => p.id)).toEqual([first.id]);

  const second = await savePin(ada, board.id, '#202020');
  expect((await pageOf(board.id, grace)).map((p) => p.id)).toEqual([second.id, first.id]);
  // One kept page, each viewer's own `is_removable`.
  expect((await pageOf(board.id, grace)).map((p) => p.is_removable)).toEqual([false, false]);
  expect((await pageOf(board.id, ada)).map((p) => p.is_removable)).toEqual([true, true]);

  ok(await write('PinResource', 'delete', { id: second.id }, ada));
  expect((await pageOf(board.id, grace)).map((p) => p.id)).toEqual([first.id]);

  ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, ada));
  expect((await viaB.get('BoardFeedResource', { board_id: board.id }, grace)).status).toBe(404);
  expect((await viaB.get('BoardFeedResource', { board_id: board.id })).status).toBe(404);
  expect((await pageOf(board.id, ada)).map((p) => p.id)).toEqual([first.id]);
});

it("a kept page names a pin's section by its new name after a rename, and not at all once it is deleted", async () => {
  const board = await createBoard(ada, 'Kitchen');
  const pin = await savePin(ada, board.id, '#303030');
  const section = ok<{ id: string }>(await write('BoardSectionResource', 'create', { board_id: board.id, name: 'Shelves', initial_pins: [pin.id] }, ada), 201);
  expect((await pageOf(board.id))[0]?.section?.title).toBe('Shelves');
  ok(await write('BoardSectionResource', 'update', { section_id: section.id, name: 'Open shelves' }, ada));
  expect((await pageOf(board.id))[0]?.section?.title).toBe('Open shelves');
  ok(await write('BoardSectionResource', 'delete', { section_id: section.id }, ada));
  expect((await pageOf(board.id))[0]?.section).toBeNull();
  expect((await viaB.get('BoardFeedResource', { board_id: board.id, section_id: section.id })).status).toBe(404);
});

it("a secret board's missing section answers as the board does: 404 Board not found to a stranger", async () => {
  const board = await createBoard(ada, 'Hidden');
  ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, ada));
  const res = await viaB.get('BoardFeedResource', { board_id: board.id, section_id: '123456789' }, grace);
  expect(res.status).toBe(404);
  expect(res.body.resource_response.error.message).toBe('Board not found.');
  const own = await viaB.get('BoardFeedResource', { board_id: board.id, section_id: '123456789' }, ada);
  expect(own.body.resource_response.error.message).toBe('Section not found.');
});

it("a board's kept facts (who may read and save into it) follow its privacy and deletion at once on every instance", async () => {
  const board = await createBoard(ada, 'Desks');
  const pin = await savePin(ada, board.id, '#404040');
  const pinVia = (who: Who) => request(b.url).get(`/v3/pins/${pin.id}/`).set(viewers.bearer(who));
  const repinVia = (who: Who, boardId: string) => request(b.url).post('/resource/RepinResource/create/').set(viewers.bearer(who)).send({ options: { pin_id: pin.id, board_id: boardId } });
  expect((await pinVia(grace)).status).toBe(200);
  expect((await repinVia(ada, board.id)).status).toBe(201);

  ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, ada));
  expect((await pinVia(grace)).status).toBe(404);
  expect((await pinVia(ada)).status).toBe(200);

  ok(await write('BoardResource', 'delete', { board_id: board.id }, ada));
  expect((await repinVia(ada, board.id)).status).toBe(404);
  expect((await pinVia(ada)).status).toBe(404);
});

it('a pin kept by one instance is gone there once another deletes it, and names the section it was placed in', async () => {
  const board = await createBoard(ada, 'Lamps again');
  const pin = await savePin(ada, board.id, '#505050');
  const pinVia = () => request(b.url).get(`/v3/pins/${pin.id}/`).set(viewers.bearer(ada));
  expect((await pinVia()).body.resource_response.data.section).toBeNull();
  ok(await write('BoardSectionResource', 'create', { board_id: board.id, name: 'Desk lamps', initial_pins: [pin.id] }, ada), 201);
  expect((await pinVia()).body.resource_response.data.section?.title).toBe('Desk lamps');
  ok(await write('PinResource', 'delete', { id: pin.id }, ada));
  expect((await pinVia()).status).toBe(404);
});

it('a home feed page kept by one instance shows the fan-out, a deleted pin, a board made secret and an unfollow', async () => {
  // Reads through B; whichever instance handles an event, B's kept page must not outlive it.
  const feedViaB = followCalls(() => ({ url: b.url, viewers })).feedIds;
  const { followBoard, unfollowBoard } = followCalls(() => ({ url: a.url, viewers }));
  // Well under the pages' 30 s: a page kept past a change fails here instead of catching up.
  const feedBecomes = (ids: string[], what: string) => waitFor(async () => (JSON.stringify(await feedViaB(grace)) === JSON.stringify(ids) ? true : undefined), what, 10_000);
  const board = await createBoard(ada, 'Feed lamps');
  expect((await followBoard(grace, board.id)).status).toBe(200);
  expect(await feedViaB(grace)).toEqual([]);

  const first = await savePin(ada, board.id, '#335577');
  await feedBecomes([first.id], 'the save in the kept feed');
  const second = await savePin(ada, board.id, '#335578');
  await feedBecomes([second.id, first.id], 'the second save on top');
  ok(await write('PinResource', 'delete', { id: first.id }, ada));
  await feedBecomes([second.id], 'the deleted pin gone');
  ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, ada));
  await feedBecomes([], 'the secret board gone');

  const open = await createBoard(ada, 'Feed rugs');
  expect((await followBoard(grace, open.id)).status).toBe(200);
  const third = await savePin(ada, open.id, '#335579');
  await feedBecomes([third.id], 'a save of another followed board');
  expect((await unfollowBoard(grace, open.id)).status).toBe(200);
  await feedBecomes([], 'the unfollowed board gone');
});
