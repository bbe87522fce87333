import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, type Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import type request from 'supertest';
import type { AdvertiserMemberV1, EventEnvelope } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, png, resourceCalls, seedProfiles, whenReady, type Person } from './support/resources';

/**
 * Acting for an advertiser (saving-boards-ads.md section 6) against the real store, Kafka and
 * Redis: pins-boards learns who may act for which advertiser from ads' membership events, which
 * the test publishes itself (as ads would, keyed by the advertiser). Two instances share the store
 * and Redis: a removal handled by either is seen by the other's next check (its kept answer goes).
 */
const prefix = `${uniqueName('adv')}.`;
const db = uniqueName('advertisers');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-advertisers-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let a: RunningService<PinsBoardsConfig>;
let b: RunningService<PinsBoardsConfig>;
let conn: Connection;
let producer: Producer;

const viaA = resourceCalls(() => ({ url: a.url, viewers }));
const viaB = resourceCalls(() => ({ url: b.url, viewers }));
const { get, write } = viaA;

/** The advertiser's owner, a person acting on its behalf, someone else and a visitor of profiles. */
const olive = { id: 'user-olive', username: 'olive' };
const mia = { id: 'user-mia', username: 'mia' };
const sam = { id: 'user-sam', username: 'sam' };
const vic = { id: 'user-vic', username: 'vic' };
/** Advertiser ids are digits (contracts idSchema), unique per run. */
const advertiserId = (n: number) => String(Date.now() * 10 + n);
let acme: string;

type BoardAnswer = { id: string; privacy: string; advertiser_id?: string | null; access: string[] };
type Failure = { code: string; data?: { field?: string } };

const failure = (res: request.Response): Failure & { status: number } => ({ status: res.status, ...(res.body as { resource_response: { error: Failure } }).resource_response.error });
const createBoard = (who: Person, options: Record<string, unknown>) => write('BoardResource', 'create', options, who);
const boardOf = async (id: string, who?: Person) => ok<BoardAnswer & { pin_count: number }>(await get('BoardResource', { board_id: id }, who));
const profileBoards = async (username: string, who?: Person) => ok<{ id: string }[]>(await get('BoardsResource', { username }, who)).map((x) => x.id);
const picker = (who: Person, options: Record<string, unknown> = {}, via = viaA) => via.get('BoardPickerBoardsResource', options, who);
const pickerIds = async (who: Person, options: Record<string, unknown> = {}, via = viaA) => ok<{ all_boards: { id: string }[] }>(await picker(who, options, via)).all_boards.map((x) => x.id);
const savePin = async (who: Person, boardId: string, color: string, extra: Record<string, unknown> = {}) =>
  write('PinResource', 'create', { board_id: boardId, image_base64: (await png(color)).toString('base64'), ...extra }, who);

/** How many events a handler has seen with a result (kit metrics, summed over both instances). */
async function handled(handler: string, result: string): Promise<number> {
  let n = 0;
  for (const s of [a, b]) n += (await s.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === handler && v.labels.result === result).reduce((sum, v) => sum + v.value, 0);
  return n;
}

const send = (event: EventEnvelope) => producer.send({ topic: `${prefix}${event.type}`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
const added = (data: AdvertiserMemberV1, at = new Date()) => newEvent('ads', 'ads.advertiser.member-added.v1', data.advertiserId, data, at);
const removed = (data: AdvertiserMemberV1, at = new Date()) => newEvent('ads', 'ads.advertiser.member-removed.v1', data.advertiserId, data, at);
const handlerOf = (event: EventEnvelope) => (event.type === 'ads.advertiser.member-added.v1' ? 'advertiser-member-added' : 'advertiser-member-removed');

/** Sends an event and waits until one instance has handled it (`result`: ok, or duplicate for a redelivery). */
async function deliver(event: EventEnvelope, result: 'ok' | 'duplicate' = 'ok'): Promise<void> {
  const before = await handled(handlerOf(event), result);
  await send(event);
  await waitFor(async () => ((await handled(handlerOf(event), result)) > before ? true : undefined), `${event.type} handled (${result})`, 30_000);
}

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  a = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  b = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  for (const s of [a, b]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[olive, 'Olive'], [mia, 'Mia'], [sam, 'Sam'], [vic, 'Vic']]);
  producer = new Kafka({ clientId: 'advertisers-test', brokers: [servers.kafkaBrokers()], logLevel: 0 }).producer();
  await producer.connect();
  acme = advertiserId(1);
  await deliver(added({ advertiserId: acme, userId: olive.id, ownerId: olive.id, role: 'owner' }));
  await deliver(added({ advertiserId: acme, userId: mia.id, ownerId: olive.id, role: 'member' }));
});

afterAll(async () => {
  await producer?.disconnect();
  await conn?.close();
  await Promise.all([a?.close(), b?.close()]);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

it("a member's board is protected and made for the advertiser, even when public was asked; it is not on their public profile", async () => {
  const board = ok<BoardAnswer>(await createBoard(mia, { name: 'Acme launch', privacy: 'public', advertiser_id: acme }), 201);
  expect(board).toMatchObject({ privacy: 'protected', advertiser_id: acme });
  const secret = ok<BoardAnswer>(await createBoard(mia, { name: 'Acme drafts', privacy: 'secret', advertiser_id: acme }), 201);
  expect(secret).toMatchObject({ privacy: 'protected', advertiser_id: acme });
  // The board's own answer says so to anyone (the web hides the toggle); the board page is not hidden.
  expect(await boardOf(board.id)).toMatchObject({ privacy: 'protected', advertiser_id: acme });
  expect(await boardOf(board.id, mia)).toMatchObject({ privacy: 'protected', advertiser_id: acme, access: ['read', 'write', 'delete'] });
  // Not listed on the profile: neither another person nor a visitor sees it; its owner does.
  expect(await profileBoards('mia', vic)).not.toContain(board.id);
  expect(await profileBoards('mia')).not.toContain(board.id);
  expect(await profileBoards('mia', mia)).toEqual(expect.arrayContaining([board.id, secret.id]));
  // Saving into it for the advertiser.
  const pin = ok<{ id: string }>(await savePin(mia, board.id, '#a1b2c3', { advertiser_id: acme }), 201);
  expect(pin.id).toBeTruthy();
  // A board made for none answers advertiser_id null.
  expect(ok<BoardAnswer>(await createBoard(mia, { name: 'Mine alone' }), 201)).toMatchObject({ privacy: 'public', advertiser_id: null });
});

it("the advertiser's owner keeps public or secret for a board made for it, changes its privacy and invites to it", async () => {
  const open = ok<BoardAnswer>(await createBoard(olive, { name: 'Acme public', privacy: 'public', advertiser_id: acme }), 201);
  expect(open).toMatchObject({ privacy: 'public', advertiser_id: acme });
  expect(await profileBoards('olive', vic)).toContain(open.id);
  const hidden = ok<BoardAnswer>(await createBoard(olive, { name: 'Acme secret', privacy: 'secret', advertiser_id: acme }), 201);
  expect(hidden).toMatchObject({ privacy: 'secret', advertiser_id: acme });
  expect(ok<BoardAnswer>(await write('BoardResource', 'update', { board_id: open.id, privacy: 'secret' }, olive))).toMatchObject({ privacy: 'secret' });
  const invited = ok<{ invited: { user_id: string }[] }>(await write('BoardInviteResource', 'create', { board_id: hidden.id, invited_user_ids: [sam.id] }, olive));
  expect(invited.invited.map((i) => i.user_id)).toEqual([sam.id]);
});

it("a stranger's advertiser_id is refused for a board, a pin, a repin and the picker, and changes nothing", async () => {
  const own = ok<BoardAnswer>(await createBoard(sam, { name: 'Sam saves' }), 201);
  const before = await pickerIds(sam);
  const board = await createBoard(sam, { name: 'Posing as Acme', advertiser_id: acme });
  expect(failure(board)).toMatchObject({ status: 403, code: 'advertiser_not_member', data: { field: 'advertiser_id' } });
  expect(failure(await createBoard(sam, { name: 'Nobody', advertiser_id: advertiserId(9) }))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  expect(failure(await savePin(sam, own.id, '#0c0b0a', { advertiser_id: acme }))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  const source = ok<{ id: string }>(await savePin(olive, ok<BoardAnswer>(await createBoard(olive, { name: 'Olive finds' }), 201).id, '#0d0e0f'), 201);
  expect(failure(await write('RepinResource', 'create', { pin_id: source.id, board_id: own.id, advertiser_id: acme }, sam))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  expect(failure(await picker(sam, { advertiser_id: acme, filter: 'protected' }))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  expect(failure(await viaA.get('BoardPickerBoardsShortlistResource', { advertiser_id: acme, filter: 'protected' }, sam))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  expect(await pickerIds(sam)).toEqual(before);
  expect((await boardOf(own.id)).pin_count).toBe(0);
  // Without advertiser_id nothing changed: the repin goes through.
  ok(await write('RepinResource', 'create', { pin_id: source.id, board_id: own.id }, sam), 201);
});

it("the picker with advertiser_id and filter protected lists the viewer's protected boards made for that advertiser", async () => {
  const other = advertiserId(2);
  await deliver(added({ advertiserId: other, userId: mia.id, ownerId: sam.id, role: 'member' }));
  const forAcme = ok<BoardAnswer>(await createBoard(mia, { name: 'Acme picks', advertiser_id: acme }), 201);
  const forOther = ok<BoardAnswer>(await createBoard(mia, { name: 'Other picks', advertiser_id: other }), 201);
  const protectedOwn = ok<BoardAnswer>(await createBoard(mia, { name: 'Protected, mine', privacy: 'protected' }), 201);
  const listed = await pickerIds(mia, { advertiser_id: acme, filter: 'protected' });
  expect(listed).toContain(forAcme.id);
  expect(listed).not.toContain(forOther.id);
  expect(listed).not.toContain(protectedOwn.id);
  expect(await pickerIds(mia, { advertiser_id: other, filter: 'protected' })).toEqual([forOther.id]);
  // Without advertiser_id the picker is as before: every board of theirs.
  expect(await pickerIds(mia)).toEqual(expect.arrayContaining([forAcme.id, forOther.id, protectedOwn.id]));
  expect(await pickerIds(mia, { filter: 'protected' })).toEqual(expect.arrayContaining([forAcme.id, forOther.id, protectedOwn.id]));
});

it('someone acting on behalf of the advertiser cannot make its board public or secret, nor invite to it', async () => {
  const board = ok<BoardAnswer>(await createBoard(mia, { name: 'Acme closed', advertiser_id: acme }), 201);
  for (const privacy of ['public', 'secret']) {
    expect(failure(await write('BoardResource', 'update', { board_id: board.id, privacy }, mia))).toMatchObject({ status: 403, code: 'advertiser_owner_only' });
  }
  expect(failure(await write('BoardInviteResource', 'create', { board_id: board.id, invited_user_ids: [sam.id] }, mia))).toMatchObject({ status: 403, code: 'advertiser_owner_only' });
  expect(failure(await write('BoardInviteResource', 'create', { board_id: board.id, emails: ['friend@example.com'] }, mia))).toMatchObject({ status: 403, code: 'advertiser_owner_only' });
  expect(failure(await viaA.get('ShareSuggestionsResource', { board_id: board.id }, mia))).toMatchObject({ status: 403, code: 'advertiser_owner_only' });
  // Still protected, no invitation; a rename is the board's own write rule.
  expect(ok<BoardAnswer & { name: string }>(await write('BoardResource', 'update', { board_id: board.id, name: 'Acme renamed' }, mia))).toMatchObject({ name: 'Acme renamed', privacy: 'protected' });
  expect(ok<{ board: { id: string } }[]>(await get('BoardInvitesResource', {}, sam)).filter((i) => i.board.id === board.id)).toEqual([]);
  // Her own boards made for none stay hers to change.
  const plain = ok<BoardAnswer>(await createBoard(mia, { name: 'Mia plain' }), 201);
  expect(ok<BoardAnswer>(await write('BoardResource', 'update', { board_id: plain.id, privacy: 'secret' }, mia))).toMatchObject({ privacy: 'secret' });
});

it('after member-removed the person can no longer act for the advertiser, on either instance', async () => {
  const zed = advertiserId(3);
  const dan = { id: 'user-dan', username: 'dan' };
  await seedProfiles(conn, [[dan, 'Dan']]);
  const membership = { advertiserId: zed, userId: dan.id, ownerId: olive.id, role: 'member' as const };
  const joined = added(membership);
  await deliver(joined);
  const board = ok<BoardAnswer>(await createBoard(dan, { name: 'Zed board', advertiser_id: zed }), 201);
  // Both instances check (and keep) that Dan may act for it.
  for (const via of [viaA, viaB]) expect(await pickerIds(dan, { advertiser_id: zed, filter: 'protected' }, via)).toEqual([board.id]);

  const left = removed(membership, new Date(Date.parse(joined.occurredAt) + 1000));
  await deliver(left);
  for (const via of [viaA, viaB]) {
    expect(failure(await via.write('BoardResource', 'create', { name: 'Zed again', advertiser_id: zed }, dan))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
    expect(failure(await picker(dan, { advertiser_id: zed, filter: 'protected' }, via))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  }
  expect(failure(await savePin(dan, board.id, '#1a2b3c', { advertiser_id: zed }))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  // The board stays his, protected, and made for the advertiser: its privacy is still not his to change.
  expect(failure(await write('BoardResource', 'update', { board_id: board.id, privacy: 'public' }, dan))).toMatchObject({ status: 403, code: 'advertiser_owner_only' });
  ok(await savePin(dan, board.id, '#1a2b3c'), 201);

  // The add replayed under a new id with its old time (a replay from before the removal): no access.
  await deliver(added(membership, new Date(Date.parse(joined.occurredAt))));
  expect(failure(await createBoard(dan, { name: 'Zed replay', advertiser_id: zed }))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  // Added again later: access back; the old removal replayed then changes nothing.
  await deliver(added(membership, new Date(Date.parse(left.occurredAt) + 1000)));
  ok(await createBoard(dan, { name: 'Zed back', advertiser_id: zed }), 201);
  await deliver(removed(membership, new Date(Date.parse(left.occurredAt))));
  ok(await createBoard(dan, { name: 'Zed still', advertiser_id: zed }), 201);
});

it('an event delivered twice is handled once', async () => {
  const twice = advertiserId(4);
  const eve = { id: 'user-eve', username: 'eve' };
  await seedProfiles(conn, [[eve, 'Eve']]);
  const membership = { advertiserId: twice, userId: eve.id, ownerId: olive.id, role: 'member' as const };
  const join = added(membership);
  await deliver(join);
  const leave = removed(membership, new Date(Date.parse(join.occurredAt) + 1000));
  await deliver(leave);
  await deliver(leave, 'duplicate');
  await deliver(join, 'duplicate');
  expect(failure(await createBoard(eve, { name: 'Twice', advertiser_id: twice }))).toMatchObject({ status: 403, code: 'advertiser_not_member' });
  expect(await conn.collection('advertiser_access').findOne({ _id: `${twice}:${eve.id}` } as never)).toMatchObject({ role: null, changedAt: new Date(leave.occurredAt) });
});
