import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import type { PinSavedV1 } from '@pinhive/contracts';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { adminCommand } from '../src/admin';
import { BoardRepository } from '../src/boards/board.repository';
import { FeedFanOut } from '../src/feed/feed.fanout';
import { FEED_PINS_PER_BOARD, feedKeys } from '../src/feed/feed.model';
import { FeedStore } from '../src/feed/feed.store';
import { FANOUT_MAX_FOLLOWERS } from '../src/feed/feed.rules';
import { BoardFollowRepository } from '../src/follows/board-follow.repository';
import { FollowCountsRepository } from '../src/follows/follow-counts.repository';
import { boardCountsId, boardFollowersList, FOLLOW_COUNTS_COLLECTION } from '../src/follows/follow.model';
import { PinRepository } from '../src/pins/pin.repository';
import { LIST_NUMBERS_COLLECTION, ListNumbers } from '../src/shared/list-numbers';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { publishEvents } from '../../../test/support/events';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, seedProfiles, whenReady, type Person } from './support/resources';
import { eventRecorder, followCalls, handledCount } from './support/follows';

/**
 * The home feed against the real store, Kafka and Redis: a followed board's newest pins in the
 * feed at once, saves onto followed boards fanned out into readers' feeds, paged, and taken out
 * again by unfollows, deletions, boards made secret and pins moved into secret boards; a save
 * delivered twice adds nothing; a feed lost with Redis's data is built again from the store.
 */
const prefix = `${uniqueName('hf')}.`;
const db = uniqueName('home_feed');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-home-feed-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
let recorderService: RunningService<PinsBoardsConfig>;
let recorder: ReturnType<typeof eventRecorder>;
let conn: Connection;
let env: Record<string, string>;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const bea: Person = { id: 'user-bea', username: 'bea' };

const calls = followCalls(() => ({ url: pins.url, viewers }));
const { createBoard, savePin, repin, followBoard, unfollowBoard, feedIds } = calls;

/** Waits until a reader's feed, as the web app reads it, passes `check`. */
const feedUntil = (who: Person, check: (ids: string[]) => boolean, what: string) =>
  waitFor(async () => {
    const ids = await feedIds(who);
    return check(ids) ? ids : undefined;
  }, what);

/** Waits until a handler has handled `n` more events than `from` (kit metrics). */
const handledMore = (handler: string, from: number, n = 1) =>
  waitFor(async () => ((await handledCount(pins, handler, 'ok')) >= from + n ? true : undefined), `${handler} to handle ${n} more`);

beforeAll(async () => {
  viewers = await testViewers();
  env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  recorder = eventRecorder(loadPinsBoardsConfig({ ...env, MONGO_URL: servers.mongoUrl(`${db}_recorder`) }), ['pins.pin.saved.v1']);
  recorderService = await startService(recorder.definition);
  for (const s of [pins, recorderService]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada'], [grace, 'Grace'], [bea, 'Bea']]);
});

afterAll(async () => {
  await conn?.close();
  await Promise.all([pins?.close(), recorderService?.close()]);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('a save onto a followed board', () => {
  it("appears at the top of each follower's home feed, not the pinner's; unfollowing takes the board's pins out", async () => {
    const lamps = await createBoard(ada, 'Feed lamps');
    const other = await createBoard(ada, 'Feed rugs');
    const fanOuts = await handledCount(pins, 'fan-out-saved-pin', 'ok');
    const older = await savePin(ada, lamps.id, '#102030');
    await handledMore('fan-out-saved-pin', fanOuts);
    ok(await followBoard(grace, lamps.id));
    ok(await followBoard(grace, other.id));
    ok(await followBoard(bea, lamps.id));
    const rug = await savePin(ada, other.id, '#203040');
    // Saves of different pins travel on different partitions: the second is saved once the first is in.
    await feedUntil(grace, (ids) => ids.includes(rug.id), 'the first pin in the feed');
    const lamp = await savePin(ada, lamps.id, '#304050');
    await feedUntil(grace, (ids) => ids[0] === lamp.id && ids[1] === rug.id, 'the new pin at the top of the feed');
    await feedUntil(bea, (ids) => ids[0] === lamp.id, "the pin in the other follower's feed");
    const first = ok<{ id: string; title: string; board: { id: string; name: string }; pinner: { id: string }; images: { '236x': { url: string } } }[]>(
      await calls.get('HomeFeedResource', {}, grace),
    );
    expect(first[0]).toMatchObject({ id: lamp.id, title: 'Pin #304050', board: { id: lamps.id, name: 'Feed lamps' }, pinner: { id: ada.id }, images: { '236x': { url: expect.stringMatching(/^\/media\/236x\//) } } });
    // Saved before the follow: in the feed too, below the newer saves (a followed board's newest pins come with the follow).
    expect(await feedIds(grace)).toEqual([lamp.id, rug.id, older.id]);
    // The pinner's own feed has none of it.
    expect(await feedIds(ada)).toEqual([]);
    expect((await calls.get('HomeFeedResource', {})).status).toBe(401);

    ok(await unfollowBoard(grace, lamps.id));
    await feedUntil(grace, (ids) => !ids.includes(lamp.id), "the unfollowed board's pins to leave the feed");
    expect(await feedIds(grace)).toEqual([rug.id]);
    expect((await feedIds(bea))[0]).toBe(lamp.id);
  });

  it('leaves every feed when the pin is deleted, when its board is made secret, and when it is moved into a secret board', async () => {
    const board = await createBoard(ada, 'Feed kitchen');
    const secret = await createBoard(ada, 'Feed hideaway', 'secret');
    for (const reader of [grace, bea]) ok(await followBoard(reader, board.id));
    const [gone, moved, stays] = [await savePin(ada, board.id, '#405060'), await savePin(ada, board.id, '#506070'), await savePin(ada, board.id, '#607080')];
    for (const reader of [grace, bea]) await feedUntil(reader, (ids) => [gone, moved, stays].every((p) => ids.includes(p.id)), 'the three pins in both feeds');

    ok(await calls.write('PinResource', 'delete', { id: gone.id }, ada));
    for (const reader of [grace, bea]) await feedUntil(reader, (ids) => !ids.includes(gone.id), 'the deleted pin to leave every feed');

    // The moves code publishes this once a batch of pins is moved; here it comes by itself.
    const move = newEvent('pins-boards', 'pins.pin.moved.v1', board.id, { moveId: 'move-1', batch: 0, fromBoardId: board.id, toBoardId: secret.id, toSectionId: null, toPrivacy: 'secret', pinIds: [moved.id] });
    await publishEvents(pins.ctx.bus, [move]);
    for (const reader of [grace, bea]) await feedUntil(reader, (ids) => !ids.includes(moved.id) && ids.includes(stays.id), 'the moved pin to leave every feed');

    ok(await calls.write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, ada));
    for (const reader of [grace, bea]) await feedUntil(reader, (ids) => !ids.includes(stays.id), 'the secret board to leave every feed');
    // Saves onto it while secret are not fanned out.
    const fanOuts = await handledCount(pins, 'fan-out-saved-pin', 'ok');
    const hidden = await savePin(ada, board.id, '#708090');
    await handledMore('fan-out-saved-pin', fanOuts);
    expect(await feedIds(grace)).not.toContain(hidden.id);
  });

  it("reaches a follower who came after the board's followers were kept in memory, and no longer one who left", async () => {
    const board = await createBoard(ada, 'Feed newcomers');
    ok(await followBoard(grace, board.id));
    const first = await savePin(ada, board.id, '#182838');
    await feedUntil(grace, (ids) => ids[0] === first.id, 'the first save in the feed'); // the board's followers are kept now
    ok(await followBoard(bea, board.id));
    ok(await unfollowBoard(grace, board.id));
    const fanOuts = await handledCount(pins, 'fan-out-saved-pin', 'ok');
    const second = await savePin(ada, board.id, '#283848');
    await handledMore('fan-out-saved-pin', fanOuts);
    await feedUntil(bea, (ids) => ids[0] === second.id, 'the second save in the new follower\'s feed');
    expect(await feedIds(grace)).not.toContain(second.id);
  });

  it('is not fanned out from a board with more followers than the cap', async () => {
    const famous = await createBoard(ada, 'Feed famous');
    ok(await followBoard(grace, famous.id));
    await waitFor(async () => ((await calls.board(famous.id)).follower_count === 1 ? true : undefined), 'the follow to be counted');
    // As a board with that many followers would be: its count, and its follower list's counter (which is never below it).
    await conn.collection(FOLLOW_COUNTS_COLLECTION).updateOne({ _id: boardCountsId(famous.id) as never }, { $set: { followers: FANOUT_MAX_FOLLOWERS + 1 } });
    await conn.collection(LIST_NUMBERS_COLLECTION).updateOne({ _id: boardFollowersList(famous.id) as never }, { $set: { n: FANOUT_MAX_FOLLOWERS + 1 } });
    const fanOuts = await handledCount(pins, 'fan-out-saved-pin', 'ok');
    const pin = await savePin(ada, famous.id, '#8090a0');
    await handledMore('fan-out-saved-pin', fanOuts);
    expect(await feedIds(grace)).not.toContain(pin.id);
  });
});

describe('the home feed', () => {
  it('pages every entry once, newest first', async () => {
    const many = await createBoard(ada, 'Feed many');
    ok(await followBoard(bea, many.id));
    // Each save once the one before it is in the feed: saves of different pins travel on different
    // partitions, and a feed is ordered as its entries came (docs/decisions/home-feed.md).
    const saved: { id: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const fanOuts = await handledCount(pins, 'fan-out-saved-pin', 'ok');
      saved.push(i === 0 ? await savePin(ada, many.id, '#90a0b0') : await repin(ada, saved[0]!.id, many.id, `copy ${i}`));
      await waitFor(async () => ((await handledCount(pins, 'fan-out-saved-pin', 'ok')) > fanOuts ? true : undefined), 'the save to be fanned out', 20_000, 10);
    }
    const expected = saved.map((p) => p.id).reverse();
    const pages = await calls.allPages<{ id: string; board: { id: string } }>('HomeFeedResource', { page_size: 25 }, bea);
    // More than a bucket (50) of entries, over three pages.
    expect(pages.length).toBe(3);
    expect(pages.slice(0, -1).every((p) => p.length === 25)).toBe(true);
    const ids = pages.flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('is filtered by named colour: the pins of those colours, newest first, paged, however few of them there are', async () => {
    const board = await createBoard(ada, 'Feed colours');
    ok(await followBoard(grace, board.id));
    // Reds among greys, each save fanned out before the next (a feed is ordered as its entries came).
    const saved: { id: string; red: boolean }[] = [];
    for (const color of ['#c62828', '#9e9e9e', '#9d9d9d', '#c52727', '#9c9c9c', '#c72929', '#9b9b9b']) {
      const fanOuts = await handledCount(pins, 'fan-out-saved-pin', 'ok');
      saved.push({ id: (await savePin(ada, board.id, color)).id, red: color.startsWith('#c') });
      await waitFor(async () => ((await handledCount(pins, 'fan-out-saved-pin', 'ok')) > fanOuts ? true : undefined), 'the save to be fanned out', 20_000, 10);
    }
    const reds = saved.filter((p) => p.red).map((p) => p.id).reverse();
    const redPages = await calls.allPages<{ id: string }>('HomeFeedResource', { page_size: 2, colors: 'red' }, grace);
    expect(redPages.map((page) => page.map((p) => p.id))).toEqual([reds.slice(0, 2), reds.slice(2)]);
    const both = (await calls.allPages<{ id: string }>('HomeFeedResource', { colors: ['red', 'gray'] }, grace)).flat().map((p) => p.id);
    expect(both.slice(0, saved.length)).toEqual(saved.map((p) => p.id).reverse());
    expect((await calls.allPages<{ id: string }>('HomeFeedResource', { colors: 'teal' }, grace)).flat().filter((p) => saved.some((s) => s.id === p.id))).toEqual([]);
    expect((await calls.get('HomeFeedResource', { colors: 'magenta' }, grace)).status).toBe(400);
  });

  it('adds nothing when a save is delivered twice, or handled again after a crash before its record', async () => {
    const board = await createBoard(ada, 'Feed twice');
    ok(await followBoard(grace, board.id));
    const pin = await savePin(ada, board.id, '#a0b0c0');
    await feedUntil(grace, (ids) => ids[0] === pin.id, 'the pin in the feed');
    const before = await calls.feed(grace);
    const event = await waitFor(async () => recorder.seen('pins.pin.saved.v1').find((e) => (e.data as { pinId: string }).pinId === pin.id), 'the save event to be published');

    // The fan-out is idempotent by itself (the kit keeps no processed record for it): a
    // delivery runs it again, and its inserts clash with the entries already there. Two copies
    // that arrive in one batch are handed over once (the other counted a duplicate).
    const delivered = async () => (await handledCount(pins, 'fan-out-saved-pin', 'ok')) + (await handledCount(pins, 'fan-out-saved-pin', 'duplicate'));
    const ran = await delivered();
    await publishEvents(pins.ctx.bus, [event, event]);
    await waitFor(async () => ((await delivered()) >= ran + 2 ? true : undefined), 'both deliveries handled');
    expect(await calls.feed(grace)).toEqual(before);

    // Handled again, as by a process that died before recording it: the entry is there already, nothing is new.
    const lists = new ListNumbers(conn);
    const fanOut = new FeedFanOut({
      lists, counts: new FollowCountsRepository(conn), follows: new BoardFollowRepository(conn, lists, () => undefined), feed: new FeedStore(pins.ctx.redis!, feedKeys(conn.name)),
      pins: new PinRepository(conn, async () => undefined, async () => undefined),
      facts: (id) => new BoardRepository(conn, async () => undefined).findById(id), logger: pins.ctx.logger,
    });
    expect(await fanOut.saved(event.data as never)).toEqual({ entries: 0 });
    expect(await calls.feed(grace)).toEqual(before);
  });
});

describe('a feed and the store', () => {
  it("brings a followed board's newest pins into a feed at once, and a person's boards' when following them", async () => {
    const cat = { id: 'user-cat', username: 'cat' };
    await seedProfiles(conn, [[cat, 'Cat']]);
    const quiet = await createBoard(ada, 'Feed quiet');
    const saved = [await savePin(ada, quiet.id, '#112233'), await savePin(ada, quiet.id, '#223344')];
    // Cat's feed exists (read once, empty), then Cat follows a board nobody saves to any more.
    expect(await feedIds(cat)).toEqual([]);
    ok(await followBoard(cat, quiet.id));
    await feedUntil(cat, (ids) => ids.length === 2, "the board's pins in the feed without a new save");
    expect(await feedIds(cat)).toEqual(saved.map((p) => p.id).reverse());

    const own = await createBoard(bea, 'Feed bea own');
    const beas = await savePin(bea, own.id, '#334455');
    ok(await calls.followUser(cat, bea.id));
    await feedUntil(cat, (ids) => ids[0] === beas.id, "the followed person's board's pin in the feed");
  });

  it('is built again from the store, the same, when Redis lost it', async () => {
    const board = await createBoard(ada, 'Feed rebuilt');
    ok(await followBoard(bea, board.id));
    const a = await savePin(ada, board.id, '#445566');
    const b = await savePin(ada, board.id, '#556677');
    await feedUntil(bea, (ids) => ids[0] === b.id && ids[1] === a.id, 'both pins in the feed');
    const before = await calls.feed(bea);
    // Redis's data gone: the feed, and every card of its pins.
    const keys = feedKeys(conn.name);
    const redis = pins.ctx.redis!;
    await redis.del(keys.feed(bea.id), ...before.map((p) => keys.card(p.id)));
    const after = await calls.feed(bea);
    // A rebuild takes each followed board's newest FEED_PINS_PER_BOARD pins: that far, the feed is as it was
    // (further down, 'Feed many' had more in the feed, saved while followed).
    expect(after.slice(0, FEED_PINS_PER_BOARD)).toEqual(before.slice(0, FEED_PINS_PER_BOARD));
    expect(after.length).toBeGreaterThan(FEED_PINS_PER_BOARD);
    expect(await redis.exists(keys.feed(bea.id))).toBe(1);
  });

  it("is built again by the operator's command: one person's now, or everyone's when next read", async () => {
    const keys = feedKeys(conn.name);
    const redis = pins.ctx.redis!;
    // A build reads every followed board, also one too big to fan out ('Feed famous', above): its newest pins come in.
    const feedOf = async () => (await calls.feed(grace)).filter((p) => p.board.name !== 'Feed famous').slice(0, FEED_PINS_PER_BOARD);
    const before = await feedOf();
    const printed: string[] = [];
    await adminCommand(['feed', 'rebuild', grace.id], env, (line) => printed.push(line));
    expect(printed.join('\n')).toMatch(new RegExp(`home feed of ${grace.id} built in [\\d.]+ s: \\d+ pins`));
    expect(await feedOf()).toEqual(before);

    await adminCommand(['feed', 'rebuild'], env, (line) => printed.push(line));
    expect(printed.at(-1)).toMatch(/^\d+ home feeds dropped/);
    expect(await redis.exists(keys.feed(grace.id), keys.feed(bea.id))).toBe(0);
    expect(await feedOf()).toEqual(before);
    await expect(adminCommand(['feed', 'rebuild', grace.id, bea.id], env, () => undefined)).rejects.toThrow(/usage: npm run admin -- feed/);
  });
});

describe('popular pins', () => {
  it('lists the pins of public boards most saved of late, each save counted once, and not a deleted pin or a secret board\'s', async () => {
    const board = await createBoard(ada, 'Popular lamps');
    const secret = await createBoard(ada, 'Popular hideout', 'secret');
    const [beas, graces] = [await createBoard(bea, 'Popular picks'), await createBoard(grace, 'Popular finds')];
    const loved = await savePin(ada, board.id, '#aa1122');
    const liked = await savePin(ada, board.id, '#aa2233');
    const hidden = await savePin(ada, secret.id, '#aa3344');
    // Saved again by others: a repin counts for the pin it repins.
    await repin(bea, loved.id, beas.id, 'mine');
    await repin(grace, loved.id, graces.id, 'mine too');
    await repin(bea, liked.id, beas.id, 'also mine');
    const popularIds = async () => ok<{ id: string }[]>(await calls.get('PopularPinsResource', { page_size: 50 })).map((p) => p.id);
    const ranked = await waitFor(async () => {
      const ids = await popularIds();
      return ids.includes(loved.id) && ids.includes(liked.id) && ids.indexOf(loved.id) < ids.indexOf(liked.id) ? ids : undefined;
    }, 'the pin saved three times above the one saved twice');
    expect(ranked).not.toContain(hidden.id);

    // Its save delivered again: counted once.
    const key = `${conn.name}:popular`;
    const redis = pins.ctx.redis!;
    const savesOfLiked = () => recorder.seen('pins.pin.saved.v1').filter((e) => [(e.data as PinSavedV1).pinId, (e.data as PinSavedV1).repinOf].includes(liked.id));
    const saves = await waitFor(async () => (savesOfLiked().length === 2 ? savesOfLiked() : undefined), 'its save and its repin');
    // Both counted before its score is read (the script marks and adds at once): the ranking above holds with the repin still on its way.
    await waitFor(async () => ((await redis.exists(...saves.map((e) => `${key}-counted:${e.id}`))) === 2 ? true : undefined), 'both saves counted');
    const event = saves.find((e) => (e.data as PinSavedV1).pinId === liked.id)!;
    const popularRuns = await handledCount(pins, 'popular-saved-pin', 'ok');
    const score = await redis.zscore(key, liked.id);
    await publishEvents(pins.ctx.bus, [event]);
    await handledMore('popular-saved-pin', popularRuns);
    expect(await redis.zscore(key, liked.id)).toBe(score);

    ok(await calls.write('PinResource', 'delete', { id: loved.id }, ada));
    await waitFor(async () => (!(await popularIds()).includes(loved.id) ? true : undefined), 'the deleted pin out of the popular list');
  });
});
