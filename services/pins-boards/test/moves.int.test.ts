import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { BUILT, feedKeys, feedMember, TOMBSTONE } from '../src/feed/feed.model';
import { BOARD_BUSY_CODES, MOVE_PINS_MAX, MOVE_SAME_PLACE_MESSAGE, type EventEnvelope, type PinsMovedV1 } from '@pinhive/contracts';
import { defineHandler, startService, type RunningService, type ServiceDefinition } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { pinMoveWrite } from '../src/moves/move-plan';
import { BOARD_ACTIONS_COLLECTION, LEASE_MS, moveBatchStamp, moveLedgerKey, MOVES_COLLECTION, type MoveDoc, type MoveItem } from '../src/moves/move.model';
import { BoardRepository } from '../src/boards/board.repository';
import { PinRepository } from '../src/pins/pin.repository';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { publishEvents } from '../../../test/support/events';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, png, resourceCalls, seedProfiles, whenReady } from './support/resources';
import { seedPins } from './support/seed-pins';

/**
 * Moving pins (saving-boards-ads.md sections 4, 5, 8) against the real store and Kafka: each of
 * the four calls, with the counts, covers, previews and picker entries read back through the
 * public resources; who may move; one board action at a time (409 with the running action's
 * code); moves whose process died, finished by the next taker or the sweep without counting
 * twice; a 10,000-pin select-all that leaves other boards usable; and the moved events, handled
 * once however often they are delivered.
 */
const prefix = `${uniqueName('mv')}.`;
const db = uniqueName('moves');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-moves-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
/** A second instance on the same store that answers 202 after 100 ms: long moves go on in its background. */
let quick: RunningService<PinsBoardsConfig>;
let listener: RunningService<PinsBoardsConfig>;
let conn: Connection;
let sharedEnv: Record<string, string>;
/** `pins.pin.moved.v1` as another service saw it: event id → times handled, and the envelopes. */
const movedSeen = new Map<string, number>();
const movedEvents: EventEnvelope<PinsMovedV1>[] = [];

const ada = { id: 'user-ada', username: 'ada' };
const grace = { id: 'user-grace', username: 'grace' };
const linus = { id: 'user-linus', username: 'linus' };
type Who = typeof ada;

const { get, write } = resourceCalls(() => ({ url: pins.url, viewers }));
const viaQuick = resourceCalls(() => ({ url: quick.url, viewers }));

type BoardAnswer = { id: string; pin_count: number; section_count: number; image_cover_url: string | null; cover_pin: { id: string } | null };
type SectionAnswer = { id: string; pin_count: number; preview_pins: { id: string }[] };
type PinAnswer = { id: string; board: { id: string }; section: { id: string } | null };
type MoveAnswer = { move_id: string; status: 'done' | 'running'; moved?: number };

const createBoard = async (who: Who, name: string, privacy = 'public') => ok<{ id: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);
const createSection = async (who: Who, boardId: string, name: string) => ok<{ id: string }>(await write('BoardSectionResource', 'create', { board_id: boardId, name }, who), 201);
const boardOf = async (id: string, who: Who = ada) => ok<BoardAnswer>(await get('BoardResource', { board_id: id }, who));
const sectionOf = async (id: string, who: Who = ada) => ok<SectionAnswer>(await get('BoardSectionResource', { section_id: id }, who));
const pinOf = async (id: string, who: Who = ada) => ok<PinAnswer>(await get('PinResource', { id }, who));
const pageIds = async (boardId: string, sectionId?: string, who: Who = ada) =>
  ok<{ id: string }[]>(await get('BoardFeedResource', { board_id: boardId, ...(sectionId ? { section_id: sectionId } : {}) }, who)).map((p) => p.id);
const pickerEntry = async (who: Who, boardId: string) =>
  ok<{ all_boards: { id: string; pin_count: number; image_cover_url: string | null }[] }>(await get('BoardPickerBoardsResource', {}, who)).all_boards.find((b) => b.id === boardId);

let colour = 0x102030;
/** Saves a pin (an image of its own colour) and waits until its board counted it. */
async function savePins(who: Who, boardId: string, n: number, sectionId?: string): Promise<string[]> {
  const before = (await boardOf(boardId, who)).pin_count;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    colour += 0x050301;
    const image = (await png(`#${colour.toString(16).padStart(6, '0').slice(-6)}`)).toString('base64');
    ids.push(ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: image, ...(sectionId ? { section_id: sectionId } : {}) }, who), 201).id);
  }
  await waitFor(async () => ((await boardOf(boardId, who)).pin_count === before + n ? true : undefined), 'the saves counted');
  return ids;
}

const move = (resource: string, action: string, options: Record<string, unknown>, who: Who = ada) => write(resource, action, options, who);
const busyCode = (res: { status: number; body: { resource_response: { error: { data?: { api_error_code?: number } } } } }) =>
  res.status === 409 ? res.body.resource_response.error.data?.api_error_code : `status ${res.status}`;
/** How a handler's deliveries went on these instances (the kit dispatcher's metric): by result, and in all. */
async function handled(services: RunningService<PinsBoardsConfig>[], handler: string): Promise<{ all: number; duplicate: number; dead_lettered: number }> {
  const counts = { all: 0, duplicate: 0, dead_lettered: 0 };
  for (const s of services) {
    for (const v of (await s.ctx.metrics.eventsHandled.get()).values) {
      if (v.labels.handler !== handler) continue;
      counts.all += v.value;
      if (v.labels.result === 'duplicate') counts.duplicate += v.value;
      if (v.labels.result === 'dead_lettered') counts.dead_lettered += v.value;
    }
  }
  return counts;
}
const errorMessage = (res: { body: { resource_response: { error: { message: string } } } }) => res.body.resource_response.error.message;

beforeAll(async () => {
  viewers = await testViewers();
  // No sweep on these two: a crashed move is then finished only by what a test does (the sweep's own test starts one).
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir, MOVE_SWEEP_MS: '0' };
  sharedEnv = env;
  const listenerDef: ServiceDefinition<PinsBoardsConfig> = {
    name: 'moves-listener',
    config: loadPinsBoardsConfig({ ...env, MONGO_URL: servers.mongoUrl(`${db}_listener`) }),
    setup: () => ({
      routes: [],
      handlers: [
        defineHandler({
          name: 'note-move',
          type: 'pins.pin.moved.v1',
          handle: async (event) => {
            movedSeen.set(event.id, (movedSeen.get(event.id) ?? 0) + 1);
            movedEvents.push(event);
          },
        }),
      ],
    }),
  };
  [pins, quick, listener] = await Promise.all([
    startService(pinsBoardsService(loadPinsBoardsConfig(env))),
    startService(pinsBoardsService(loadPinsBoardsConfig({ ...env, MOVE_ANSWER_WITHIN_MS: '100' }))),
    startService(listenerDef),
  ]);
  for (const s of [pins, quick, listener]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada'], [grace, 'Grace'], [linus, 'Linus']]);
});

afterAll(async () => {
  await conn?.close();
  await Promise.all([pins?.close(), quick?.close(), listener?.close()]);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('moving pins within a board', () => {
  it('BoardSectionEditResource moves pins into a section: the section counts them and previews the newest, the board keeps its count', async () => {
    const board = await createBoard(ada, 'Living room');
    const [p1, p2, p3] = await savePins(ada, board.id, 3);
    const sofas = await createSection(ada, board.id, 'Sofas');
    const answer = ok<MoveAnswer>(await move('BoardSectionEditResource', 'update', { section_id: sofas.id, pins: [p3, p1, '999999999'] }));
    expect(answer).toMatchObject({ status: 'done', moved: 2 });

    const section = await sectionOf(sofas.id);
    expect(section.pin_count).toBe(2);
    expect(section.preview_pins.map((p) => p.id)).toEqual([p3, p1]);
    expect((await pageIds(board.id, sofas.id)).sort()).toEqual([p1, p3].sort());
    expect((await boardOf(board.id)).pin_count).toBe(3);
    expect((await pinOf(p1 as string)).section?.id).toBe(sofas.id);
    expect((await pinOf(p2 as string)).section).toBeNull();

    // From one section to another: the first one loses them.
    const chairs = await createSection(ada, board.id, 'Chairs');
    ok(await move('BoardSectionEditResource', 'update', { section_id: chairs.id, pins: [p1] }));
    expect((await sectionOf(sofas.id)).pin_count).toBe(1);
    expect((await sectionOf(sofas.id)).preview_pins.map((p) => p.id)).toEqual([p3]);
    expect((await sectionOf(chairs.id)).pin_count).toBe(1);
  });

  it('BoardSectionPinsResource delete takes pins out of a section, back to the board root; pins not in it are passed over', async () => {
    const board = await createBoard(ada, 'Garden');
    const [p1, p2, p3] = await savePins(ada, board.id, 3);
    const beds = ok<SectionAnswer>(await write('BoardSectionResource', 'create', { board_id: board.id, name: 'Beds', initial_pins: [p1, p2] }, ada), 201);
    expect(beds.pin_count).toBe(2);
    const answer = ok<MoveAnswer>(await move('BoardSectionPinsResource', 'delete', { section_id: beds.id, pins: [p1, p3] }));
    expect(answer).toMatchObject({ status: 'done', moved: 1 });
    const section = await sectionOf(beds.id);
    expect(section.pin_count).toBe(1);
    expect(section.preview_pins.map((p) => p.id)).toEqual([p2]);
    expect(await pageIds(board.id, beds.id)).toEqual([p2]);
    expect((await pinOf(p1 as string)).section).toBeNull();
    expect((await boardOf(board.id)).pin_count).toBe(3);
  });
});

describe('moving pins to another board', () => {
  it("BulkEditResource moves the listed pins: both boards' counts, covers and picker entries follow, and the pins keep their order", async () => {
    const from = await createBoard(ada, 'Inspiration');
    const to = await createBoard(ada, 'Kitchen ideas');
    const [p1, p2, p3] = await savePins(ada, from.id, 3);
    const [q1] = await savePins(ada, to.id, 1);
    const tiles = await createSection(ada, to.id, 'Tiles');
    expect((await boardOf(from.id)).cover_pin?.id).toBe(p3);
    expect((await boardOf(to.id)).cover_pin?.id).toBe(q1);

    // The newest (the source's cover) and the oldest leave; the middle one stays.
    const answer = ok<MoveAnswer>(await move('BulkEditResource', 'update', { board_id: to.id, section_id: tiles.id, pin_ids: [p3, p1] }));
    expect(answer).toMatchObject({ status: 'done', moved: 2 });

    const source = await boardOf(from.id);
    const target = await boardOf(to.id);
    expect(source.pin_count).toBe(1);
    expect(source.cover_pin).toBeNull(); // its cover left with the pin
    expect(target.pin_count).toBe(3);
    expect(target.cover_pin?.id).toBe(p3); // the newest pin moved in, as a save would
    expect(await pageIds(from.id)).toEqual([p2]);
    // Moved pins are the newest on the target, in the order listed.
    expect(await pageIds(to.id)).toEqual([p3, p1, q1]);
    expect(await pageIds(to.id, tiles.id)).toEqual([p3, p1]);
    expect((await sectionOf(tiles.id)).pin_count).toBe(2);
    const moved = await pinOf(p1 as string);
    expect(moved.board.id).toBe(to.id);
    expect(moved.section?.id).toBe(tiles.id);
    expect(await pickerEntry(ada, from.id)).toMatchObject({ pin_count: 1, image_cover_url: null });
    expect((await pickerEntry(ada, to.id))?.pin_count).toBe(3);
    expect((await pickerEntry(ada, to.id))?.image_cover_url).toBe(target.image_cover_url);

    // One event for the batch, with the pins that moved, seen once by another service.
    const event = await waitFor(async () => movedEvents.find((e) => e.data.moveId === answer.move_id), 'the moved event');
    expect(event.data).toMatchObject({ batch: 0, fromBoardId: from.id, toBoardId: to.id, toSectionId: tiles.id, toPrivacy: 'public' });
    expect(event.data.pinIds.sort()).toEqual([p1, p3].sort());
  });

  it('BulkEditSelectAllResource moves every pin of a section but the excluded ones, to another board root', async () => {
    const from = await createBoard(ada, 'Trips');
    const to = await createBoard(ada, 'Travel archive');
    const italy = await createSection(ada, from.id, 'Italy');
    const inItaly = await savePins(ada, from.id, 4, italy.id);
    const [rootPin] = await savePins(ada, from.id, 1);
    const answer = ok<MoveAnswer>(
      await move('BulkEditSelectAllResource', 'update', { board_id: from.id, old_section_id: italy.id, new_board_id: to.id, new_section_id: null, pin_ids: [inItaly[1]] }),
    );
    expect(answer).toMatchObject({ status: 'done', moved: 3 });
    expect((await boardOf(from.id)).pin_count).toBe(2);
    expect((await boardOf(to.id)).pin_count).toBe(3);
    expect((await sectionOf(italy.id)).pin_count).toBe(1);
    expect((await sectionOf(italy.id)).preview_pins.map((p) => p.id)).toEqual([inItaly[1]]);
    expect((await pageIds(from.id)).sort()).toEqual([inItaly[1], rootPin].sort());
    // Newest first on the target, as they were on the source.
    expect(await pageIds(to.id)).toEqual([inItaly[3], inItaly[2], inItaly[0]]);
    expect((await pinOf(inItaly[0] as string)).section).toBeNull();
    expect(await pickerEntry(ada, to.id)).toMatchObject({ pin_count: 3 });
  });

  it('a whole board by select-all empties it, and a section created with "all" pins gets them', async () => {
    const board = await createBoard(ada, 'Unsorted');
    const all = await savePins(ada, board.id, 3);
    const best = await createSection(ada, board.id, 'Best');
    // The web's "create section with all pins selected": the section, then the inverse selection moved in.
    ok(await move('BulkEditSelectAllResource', 'update', { board_id: board.id, new_board_id: board.id, new_section_id: best.id, pin_ids: [] }));
    expect((await sectionOf(best.id)).pin_count).toBe(3);
    expect((await pageIds(board.id, best.id)).sort()).toEqual([...all].sort());
    expect((await boardOf(board.id)).pin_count).toBe(3);
  });
});

describe('refused moves', () => {
  it('identical source and target, an oversized list, and pins already there are refused with 400', async () => {
    const board = await createBoard(ada, 'Same place');
    const [p1] = await savePins(ada, board.id, 1);
    const same = await move('BulkEditSelectAllResource', 'update', { board_id: board.id, new_board_id: board.id, pin_ids: [] });
    expect(same.status).toBe(400);
    expect(errorMessage(same)).toBe(MOVE_SAME_PLACE_MESSAGE);
    const already = await move('BulkEditResource', 'update', { board_id: board.id, pin_ids: [p1] });
    expect(already.status).toBe(400);
    expect(errorMessage(already)).toBe(MOVE_SAME_PLACE_MESSAGE);
    const many = await move('BulkEditResource', 'update', { board_id: board.id, pin_ids: Array.from({ length: MOVE_PINS_MAX + 1 }, (_, i) => String(i + 1)) });
    expect(many.status).toBe(400);
    expect(errorMessage(many)).toContain(`at most ${MOVE_PINS_MAX}`);
  });

  it('without write access to both ends: 403 for a board one may see, 404 for a secret one, and nothing moves', async () => {
    const mine = await createBoard(ada, 'Mine to move');
    const [p1] = await savePins(ada, mine.id, 1);
    const gracePublic = await createBoard(grace, 'Grace public');
    const graceSecret = await createBoard(grace, 'Grace secret', 'secret');
    const [g1] = await savePins(grace, gracePublic.id, 1);

    const intoForeign = await move('BulkEditResource', 'update', { board_id: gracePublic.id, pin_ids: [p1] });
    expect(intoForeign.status).toBe(403);
    const intoSecret = await move('BulkEditSelectAllResource', 'update', { board_id: mine.id, new_board_id: graceSecret.id, pin_ids: [] });
    expect(intoSecret.status).toBe(404);
    const outOfForeign = await move('BulkEditResource', 'update', { board_id: mine.id, pin_ids: [g1] });
    expect(outOfForeign.status).toBe(403);
    const actingAs = await move('BulkEditResource', 'update', { board_id: mine.id, pin_ids: [g1], orbac_subject_id: grace.id });
    expect(actingAs.status).toBe(403);
    expect((await pinOf(p1 as string)).board.id).toBe(mine.id);
    expect((await pinOf(g1 as string, grace)).board.id).toBe(gracePublic.id);
    expect((await boardOf(gracePublic.id, grace)).pin_count).toBe(1);
  });
});

describe('one board action at a time', () => {
  it('of concurrent moves on one board exactly one runs; the others answer 409 with the moving code, and counts stay exact', async () => {
    const from = await createBoard(ada, 'Crowded');
    const to = await createBoard(ada, 'Calm');
    const seeded = await seedPins(conn, { id: from.id, ownerId: ada.id }, 400, '1');
    const lists = [0, 1, 2, 3].map((k) => seeded.slice(k * 100, k * 100 + 100));
    const answers = await Promise.all(lists.map((pinIds) => move('BulkEditResource', 'update', { board_id: to.id, pin_ids: pinIds })));
    const done = answers.filter((r) => r.status === 200);
    expect(done).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 200).map(busyCode)).toEqual([BOARD_BUSY_CODES.moving, BOARD_BUSY_CODES.moving, BOARD_BUSY_CODES.moving]);
    expect(errorMessage(answers.find((r) => r.status === 409) as never)).toBe('Please wait until the previous board action finishes.');
    expect((await boardOf(from.id)).pin_count).toBe(300);
    expect((await boardOf(to.id)).pin_count).toBe(100);
    // Once it is done, the board takes the next move: one of the refused ones, again.
    const refused = lists[answers.findIndex((r) => r.status === 409)] as string[];
    expect(ok<MoveAnswer>(await move('BulkEditResource', 'update', { board_id: to.id, pin_ids: refused })).moved).toBe(100);
    expect((await boardOf(to.id)).pin_count).toBe(200);
  });

  it('a board held by a section change answers 2173, and a section change on a board being moved answers 2171', async () => {
    const board = await createBoard(ada, 'Held');
    const [p1] = await savePins(ada, board.id, 1);
    const section = await createSection(ada, board.id, 'Shelf');
    const actions = conn.collection(BOARD_ACTIONS_COLLECTION);
    await actions.insertOne({ _id: board.id as never, kind: 'sectionChange', token: 't1', expiresAt: new Date(Date.now() + LEASE_MS), moveId: null, takenAt: new Date() });
    expect(busyCode(await move('BoardSectionEditResource', 'update', { section_id: section.id, pins: [p1] }))).toBe(BOARD_BUSY_CODES.sectionChange);
    await actions.updateOne({ _id: board.id as never }, { $set: { kind: 'moving' } });
    expect(busyCode(await write('BoardSectionResource', 'delete', { section_id: section.id }, ada))).toBe(BOARD_BUSY_CODES.moving);
    expect(busyCode(await write('BoardSectionResource', 'create', { board_id: board.id, name: 'More', initial_pins: [p1] }, ada))).toBe(BOARD_BUSY_CODES.moving);
    // A plain section (no pins) does not wait for the board.
    ok(await write('BoardSectionResource', 'create', { board_id: board.id, name: 'Plain' }, ada), 201);
    await actions.deleteOne({ _id: board.id as never });
    ok(await move('BoardSectionEditResource', 'update', { section_id: section.id, pins: [p1] }));
    ok(await write('BoardSectionResource', 'delete', { section_id: section.id }, ada));
  });
});

describe('a move whose process died', () => {
  /** A move as MoveService stores it, with its boards' leases left expired by the dead process. */
  async function crashedMove(moveId: string, fields: Partial<MoveDoc> & Pick<MoveDoc, 'to' | 'source' | 'boards'>) {
    const doc: MoveDoc = {
      _id: moveId, kind: 'moving', actorId: ada.id, toPrivacy: 'public', seqBase: null, sectionSeqBase: null, cursor: 0, next: 0, batch: null, inFlight: null,
      moved: 0, coverSet: false, running: true, createdAt: new Date(), finishedAt: null, ...fields,
    };
    await conn.collection(MOVES_COLLECTION).insertOne(doc as never);
    for (const boardId of doc.boards) {
      await conn.collection(BOARD_ACTIONS_COLLECTION).insertOne({ _id: boardId as never, kind: 'moving', token: `dead-${moveId}`, expiresAt: new Date(Date.now() - 1000), moveId, takenAt: new Date() });
    }
    return doc;
  }
  const reserve = (boardId: string, n: number) => new BoardRepository(conn, async () => undefined).reservePinNumbers(boardId, n);

  it('is finished by the next action that wants its board, which then runs', async () => {
    const from = await createBoard(ada, 'Left behind');
    const to = await createBoard(ada, 'Half moved');
    const [p1, p2, p3] = await savePins(ada, from.id, 3);
    const moveId = `${Date.now()}0001`;
    await crashedMove(moveId, {
      boards: [from.id, to.id].sort(), to: { boardId: to.id, sectionId: null }, seqBase: await reserve(to.id, 2),
      source: { kind: 'list', pinIds: [p1 as string, p2 as string], fromBoards: [from.id], onlySectionId: null },
    });
    // Someone else's move on the board: the crashed one is finished first.
    ok(await move('BulkEditResource', 'update', { board_id: to.id, pin_ids: [p3] }));
    const finished = (await conn.collection(MOVES_COLLECTION).findOne({ _id: moveId as never })) as unknown as MoveDoc;
    expect(finished.running).toBeUndefined();
    expect(finished.moved).toBe(2);
    expect((await boardOf(from.id)).pin_count).toBe(0);
    expect((await boardOf(to.id)).pin_count).toBe(3);
    expect(await conn.collection(BOARD_ACTIONS_COLLECTION).countDocuments({ _id: from.id as never })).toBe(0);
  });

  /** Boards and pins of a move that died inside its first batch (intent recorded), three pins from a section to another board. */
  async function diedInBatch(name: string) {
    const from = await createBoard(ada, `${name} source`);
    const to = await createBoard(ada, `${name} target`);
    const shelf = await createSection(ada, from.id, 'Shelf');
    const onShelf = await savePins(ada, from.id, 4, shelf.id);
    const moveId = `${Date.now()}${name.length}03`;
    const seqBase = await reserve(to.id, 3);
    const items: MoveItem[] = onShelf.slice(0, 3).map((pinId, i) => ({ pinId, boardId: from.id, sectionId: shelf.id, seq: seqBase + 2 - i, sectionSeq: null }));
    await crashedMove(moveId, {
      boards: [from.id, to.id].sort(), to: { boardId: to.id, sectionId: null }, seqBase, inFlight: 0, batch: { n: 0, items, after: 50 },
      source: { kind: 'list', pinIds: onShelf.slice(0, 3), fromBoards: [from.id], onlySectionId: null },
    });
    const writePins = async (n: number) => {
      for (const item of items.slice(0, n)) {
        const { filter, update } = pinMoveWrite(item, { boardId: to.id, sectionId: null }, moveBatchStamp(moveId, 0));
        await conn.collection('pins').updateOne(filter, update);
      }
    };
    return { from, to, shelf, onShelf, moveId, writePins };
  }

  it('is finished by the sweep, its batch written again: pins written before the crash, or counts applied before it, are not counted twice', async () => {
    // One died after two of its three pin writes; the other after all of them and the source board's count.
    const some = await diedInBatch('Some written');
    await some.writePins(2);
    const counted = await diedInBatch('Counted');
    await counted.writePins(3);
    await conn.collection('boards').updateOne({ _id: counted.from.id as never }, { $inc: { pinCount: -3 }, $push: { counted: moveLedgerKey(counted.moveId, 0) } as never });

    // An instance with the sweep (every few seconds on each instance) finds them and finishes them.
    const sweeper = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...sharedEnv, MOVE_SWEEP_MS: '500' })));
    try {
      await whenReady(sweeper.url);
      for (const crash of [some, counted]) {
        await waitFor(async () => ((await conn.collection(MOVES_COLLECTION).findOne({ _id: crash.moveId as never }))?.running === undefined ? true : undefined), 'the sweep to finish the move', 30_000);
      }
    } finally {
      await sweeper.close();
    }
    for (const crash of [some, counted]) {
      expect((await boardOf(crash.from.id)).pin_count).toBe(1);
      expect((await boardOf(crash.to.id)).pin_count).toBe(3);
      expect((await sectionOf(crash.shelf.id)).pin_count).toBe(1);
      expect((await sectionOf(crash.shelf.id)).preview_pins.map((p) => p.id)).toEqual([crash.onShelf[3]]);
      expect(await pageIds(crash.to.id)).toEqual(crash.onShelf.slice(0, 3));
      expect(await pickerEntry(ada, crash.from.id)).toMatchObject({ pin_count: 1 });
      expect(await pickerEntry(ada, crash.to.id)).toMatchObject({ pin_count: 3 });
      const events = await waitFor(async () => {
        const found = movedEvents.filter((e) => e.data.moveId === crash.moveId);
        return found.length > 0 ? found : undefined;
      }, "the resumed batch's event");
      expect(events).toHaveLength(1);
      expect(events[0]?.data.pinIds.sort()).toEqual(crash.onShelf.slice(0, 3).sort());
    }
  });

  it('a delete racing a move counts on the board the pin is on', async () => {
    const from = await createBoard(ada, 'Race from');
    const to = await createBoard(ada, 'Race to');
    const [p1] = await savePins(ada, from.id, 1);
    const stale = await new PinRepository(conn, async () => undefined, async () => undefined).findById(p1 as string);
    ok(await move('BulkEditResource', 'update', { board_id: to.id, pin_ids: [p1] }));
    // A delete that read the pin before the move: it no longer matches, rather than counting down the board it left.
    expect(await new PinRepository(conn, async () => undefined, async () => undefined).markDeleted(stale as never, new Date(), [])).toBe(false);
    ok(await write('PinResource', 'delete', { id: p1 }, ada));
    await waitFor(async () => ((await boardOf(to.id)).pin_count === 0 ? true : undefined), 'the delete counted on the new board');
    expect((await boardOf(from.id)).pin_count).toBe(0);
  });
});

/**
 * 50 batches of one bucket: long enough to be running after the calls below, which is what it
 * proves; 10,000 pins (200 batches) took about 60 s here and proved nothing more (docs/decisions/moves.md).
 */
const SELECT_ALL_PINS = 2_500;

describe(`a ${SELECT_ALL_PINS.toLocaleString('en')}-pin select-all`, () => {
  it('goes on in the background (202), holds its boards (2172), leaves other boards usable and ends with exact counts', async () => {
    const from = await createBoard(ada, 'Huge');
    const to = await createBoard(ada, 'Huge archive');
    const seeded = await seedPins(conn, { id: from.id, ownerId: ada.id }, SELECT_ALL_PINS, '2');
    const kept = seeded.slice(-3);
    const started = await viaQuick.write('BulkEditSelectAllResource', 'update', { board_id: from.id, new_board_id: to.id, pin_ids: kept }, ada);
    expect(started.status).toBe(202);
    expect(ok<MoveAnswer>(started, 202).status).toBe('running');

    // A save onto the source while it runs stays there.
    const late = ok<{ id: string }>(await write('PinResource', 'create', { board_id: from.id, image_base64: (await png('#0b0c0d')).toString('base64') }, ada), 201);
    // While it runs: its boards are busy with its code; other boards save and move as usual.
    expect(busyCode(await move('BulkEditResource', 'update', { board_id: to.id, pin_ids: [kept[0]] }))).toBe(BOARD_BUSY_CODES.selectAll);
    const other = await createBoard(ada, 'Elsewhere');
    const elsewhere = await createBoard(ada, 'Elsewhere too');
    const [e1] = await savePins(ada, other.id, 1);
    ok(await move('BulkEditResource', 'update', { board_id: elsewhere.id, pin_ids: [e1] }));
    expect((await boardOf(elsewhere.id)).pin_count).toBe(1);
    // ... and did not wait for it: it is still running after them.
    const running = (await conn.collection(MOVES_COLLECTION).findOne({ _id: ok<MoveAnswer>(started, 202).move_id as never })) as unknown as MoveDoc;
    expect(running.running).toBe(true);

    await waitFor(async () => ((await boardOf(to.id)).pin_count === SELECT_ALL_PINS - kept.length ? true : undefined), 'the select-all to finish', 240_000, 500);
    await waitFor(async () => ((await boardOf(from.id)).pin_count === kept.length + 1 ? true : undefined), 'the late save counted');
    expect((await pageIds(from.id)).sort()).toEqual([...kept, late.id].sort());
    // The newest moved pins are the newest on the target, in their order.
    expect((await pageIds(to.id)).slice(0, 3)).toEqual([seeded[SELECT_ALL_PINS - 4], seeded[SELECT_ALL_PINS - 5], seeded[SELECT_ALL_PINS - 6]]);
    expect((await boardOf(to.id)).cover_pin?.id).toBe(seeded[SELECT_ALL_PINS - 4]);
    expect(await pickerEntry(ada, from.id)).toMatchObject({ pin_count: kept.length + 1 });
    expect(await pickerEntry(ada, to.id)).toMatchObject({ pin_count: SELECT_ALL_PINS - kept.length });
    await waitFor(async () => ((await conn.collection(BOARD_ACTIONS_COLLECTION).countDocuments({ _id: from.id as never })) === 0 ? true : undefined), 'the boards released');
    ok(await move('BulkEditResource', 'update', { board_id: to.id, pin_ids: [kept[0]] }));
  }, 300_000);
});

describe('the moved events', () => {
  it('are each handled once by their consumers, however often they are delivered', async () => {
    const open = await createBoard(ada, 'Shared widely');
    const hidden = await createBoard(ada, 'Just mine', 'secret');
    const [p1] = await savePins(ada, open.id, 1);
    // A follower's home feed holds the pin, with its card (as the fan-out of its save writes them).
    const keys = feedKeys(conn.name);
    const redis = pins.ctx.redis!;
    await redis.zadd(keys.feed(grace.id), 0, BUILT, Date.now(), feedMember(p1!, open.id));
    await redis.set(keys.card(p1!), JSON.stringify({ id: p1 }));
    const cardGone = async () => ((await redis.get(keys.card(p1!))) === TOMBSTONE ? true : undefined);
    const answer = ok<MoveAnswer>(await move('BulkEditResource', 'update', { board_id: hidden.id, pin_ids: [p1] }));
    const event = await waitFor(async () => movedEvents.find((e) => e.data.moveId === answer.move_id), 'the moved event');
    expect(event.data.toPrivacy).toBe('secret');
    // Into a secret board: out of every feed.
    await waitFor(cardGone, 'the pin out of every feed (its card a tombstone)');

    // Delivered again (Kafka's at-least-once), twice: the listener, which records what it handled,
    // passes over both; the feed's clean-up (a tombstone written again, idempotent by itself) runs
    // again and changes nothing.
    const [feedBefore, listenerBefore] = [await handled([pins, quick], 'feed-moved-pins'), await handled([listener], 'note-move')];
    await publishEvents(listener.ctx.bus, [event]);
    await publishEvents(listener.ctx.bus, [event]);
    await waitFor(async () => ((await handled([listener], 'note-move')).duplicate >= listenerBefore.duplicate + 2 ? true : undefined), 'the listener to pass over both');
    await waitFor(async () => ((await handled([pins, quick], 'feed-moved-pins')).all >= feedBefore.all + 2 ? true : undefined), 'pins-boards to see both');
    expect(movedSeen.get(event.id)).toBe(1);
    expect((await handled([pins, quick], 'feed-moved-pins')).dead_lettered).toBe(0);
    expect(await cardGone()).toBe(true);
  });
});
