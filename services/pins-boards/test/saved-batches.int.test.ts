import { Redis } from 'ioredis';
import type { EventEnvelope, FeedPin, ImageSpec, PinSavedV1 } from '@pinhive/contracts';
import { createLogger, Dispatcher, ensureIndexes, newEvent, ProcessedEvents, type EventHandler } from '@pinhive/kit';
import { BoardListRepository } from '../src/boards/board-list.repository';
import { savedLedgerKey, type BoardDoc } from '../src/boards/board.model';
import { listEntryOf } from '../src/boards/board.presenter';
import { BoardRepository } from '../src/boards/board.repository';
import { FeedBuilder } from '../src/feed/feed.build';
import { FeedFanOut } from '../src/feed/feed.fanout';
import { feedHandlers } from '../src/feed/feed.handlers';
import { FeedCards } from '../src/feed/feed.cards';
import { feedKeys } from '../src/feed/feed.model';
import { FeedPages } from '../src/feed/feed.pages';
import { FeedStore, type ReaderEntries } from '../src/feed/feed.store';
import { PopularPins } from '../src/feed/popular';
import { BoardFollowRepository } from '../src/follows/board-follow.repository';
import { FollowCountsRepository } from '../src/follows/follow-counts.repository';
import { BOARD_FOLLOWS_COLLECTION, boardFollowersList, FOLLOW_BUCKET_SIZE } from '../src/follows/follow.model';
import { pinsBoardsIndexes } from '../src/indexes';
import { pinHandlers } from '../src/pins/pin.handlers';
import { PinRepository } from '../src/pins/pin.repository';
import { SectionRepository } from '../src/sections/section.repository';
import { LIST_NUMBERS_COLLECTION, listBucketKey, ListNumbers } from '../src/shared/list-numbers';
import { scratchDatabase, servers, uniqueName } from '../../../test/support/servers';
import { seedPins } from './support/seed-pins';

/**
 * Saves handled in batches (the kit's `handleBatch`, what one fetch of a partition brought),
 * against the real store: the counts and the home feeds end as one save at a time leaves them,
 * a batch delivered again (whole, in part, or after a crash before its records) counts nothing
 * twice and adds no entry, and an event that fails in a batch is retried and parked alone.
 */
const db = scratchDatabase('saved_batches');
const logger = createLogger('test', 'silent');
const owner = 'user-ada';
const grace = 'user-grace';
const bea = 'user-bea';
let boards: BoardRepository;
let redis: Redis;
let feed: FeedStore;
let pages: FeedPages;
let processed: ProcessedEvents;

beforeAll(async () => {
  processed = new ProcessedEvents(db(), { retentionDays: 7 });
  await ensureIndexes(db(), [...pinsBoardsIndexes, ...processed.indexes]);
  boards = new BoardRepository(db(), async () => undefined);
  redis = new Redis(servers.redisUrl());
  feed = new FeedStore(redis, feedKeys(db().name));
  const pins = new PinRepository(db(), async () => undefined, async () => undefined);
  const builder = new FeedBuilder({ store: feed, follows: new BoardFollowRepository(db(), new ListNumbers(db()), () => undefined), boards, pins });
  pages = new FeedPages({ store: feed, builder, cards: new FeedCards({ store: feed, pins, facts: (id) => boards.findById(id) }) });
  // Feeds that were read before (a fan-out writes only into feeds that exist; the others are built when first read).
  for (const reader of [owner, grace, bea]) await feed.startBuilding(reader);
});

afterAll(() => redis?.disconnect());

async function newBoard(name: string, followers: string[]): Promise<BoardDoc> {
  const at = new Date('2026-01-01T00:00:00Z');
  const board: BoardDoc = {
    _id: uniqueName('b'), ownerId: owner, name, slug: name.toLowerCase(), ownerSlug: '', description: '', privacy: 'public', advertiserId: null, collaboratorIds: [],
    pinCount: 0, sectionCount: 0, pinSeq: 0, counted: [], savedKeysTo: 0, coverPinId: null, coverImageUrl: null, coverColor: null, hasCustomCover: false, createdAt: at, lastSavedAt: at, archivedAt: null, deletedAt: null,
  };
  const stored = await boards.create(board, () => []);
  await new BoardListRepository(db(), async () => undefined).put(owner, listEntryOf(stored));
  // Its followers as a follow stores them: numbered in the board's follower list, bucketed.
  await db().collection(BOARD_FOLLOWS_COLLECTION).insertMany(followers.map((followerId, i) => ({
    _id: `${followerId}:${stored._id}`, followerId, boardId: stored._id, ownerId: owner, explicit: true, viaUser: false, optedOut: false, active: true,
    n: i + 1, followersBucket: listBucketKey(stored._id, i + 1, FOLLOW_BUCKET_SIZE), changedAt: at,
  })) as never[]);
  await db().collection<{ _id: string; n: number }>(LIST_NUMBERS_COLLECTION).insertOne({ _id: boardFollowersList(stored._id), n: followers.length });
  return stored;
}

type SeededPin = { _id: string; title: string; description: string; link: string | null; createdAt: Date; image: { id: string; '236x': ImageSpec; orig: ImageSpec; dominantColor: string } };

/** A save event of a seeded pin, as PinService publishes it (`withCard`), or as it did before the event carried the card. */
async function savedEvent(board: BoardDoc, tag: string, withCard = false): Promise<EventEnvelope<PinSavedV1>> {
  const [pinId] = await seedPins(db(), { id: board._id, ownerId: owner }, 1, tag);
  // seedPins counts the pin on its board; here the handlers count it.
  await db().collection<{ _id: string }>('boards').updateOne({ _id: board._id }, { $inc: { pinCount: -1 } });
  const pin = (await db().collection<SeededPin>('pins').findOne({ _id: pinId! }))!;
  const card = { title: pin.title, description: pin.description, link: pin.link, image236: pin.image['236x'], imageOrig: pin.image.orig, savedAt: pin.createdAt.toISOString() };
  return newEvent('pins-boards', 'pins.pin.saved.v1', pinId!, {
    pinId: pinId!, boardId: board._id, sectionId: null, pinnerId: owner, firstSave: false, repinOf: null, imageId: pin.image.id, coverImageUrl: pin.image['236x'].url, dominantColor: pin.image.dominantColor,
    ...(withCard ? { card } : {}),
  });
}

/** The two handlers of a save as pins-boards wires them, a fan-out whose feed can be made to fail on a pin. */
function saveHandlers(failOn: Set<string> = new Set()): EventHandler[] {
  const lists = new ListNumbers(db());
  const pins = new PinRepository(db(), async () => undefined, async () => undefined);
  class FailingFeed extends FeedStore {
    override async add(readers: readonly ReaderEntries[]): Promise<number> {
      if (readers.some((r) => r.cards.some((c) => failOn.has(c.pin.id)))) throw new Error('Redis refused this pin');
      return super.add(readers);
    }
  }
  const store = new FailingFeed(redis, feed.keys);
  const follows = new BoardFollowRepository(db(), lists, () => undefined);
  const fanOut = new FeedFanOut({ lists, counts: new FollowCountsRepository(db()), follows, feed: store, pins, facts: (id) => boards.findById(id), logger });
  const all = [
    ...pinHandlers({ pins, boards, listCounts: { schedule: () => undefined }, sections: new SectionRepository(db(), async () => undefined), images: { remove: async () => undefined }, kick: () => undefined, logger, handled: (id, h) => processed.has(id, h), ownerOf: async (id) => (await boards.findById(id))?.ownerId }),
    ...feedHandlers({ fanOut, builder: new FeedBuilder({ store, follows, boards, pins }), store, boardFollows: follows, popular: new PopularPins(redis, db().name), facts: (id) => boards.findById(id), logger }),
  ];
  return all.filter((h) => h.type === 'pins.pin.saved.v1');
}

function dispatcher(opts: { handlers?: EventHandler[]; records?: Pick<ProcessedEvents, 'has' | 'mark'> & Partial<Pick<ProcessedEvents, 'markMany'>> } = {}) {
  const parked: { handler: string; key: string }[] = [];
  const d = new Dispatcher({
    handlers: opts.handlers ?? saveHandlers(),
    processed: opts.records ?? processed,
    deadLetter: async (_topic, key, _value, headers) => { parked.push({ handler: headers['x-handler'] ?? '', key }); },
    maxAttempts: 2,
    retryBaseMs: 1,
    logger,
  });
  const batch = (events: EventEnvelope[]) => d.dispatchBatch('pins.pin.saved.v1', events.map((e) => ({ key: e.key, value: JSON.stringify(e) })));
  return { batch, parked };
}

const boardNow = async (id: string) => (await boards.findById(id))!;
/** A reader's feed as the home page reads it, newest first. */
const feedPins = async (reader: string) => JSON.parse((await pages.page(reader, undefined, 50)).items.bytes.toString()) as FeedPin[];
/** ... its pin ids. */
const feedOf = async (reader: string) => (await feedPins(reader)).map((p) => p.id);

it('counts a batch of saves once per board in their order, and fans them out to every follower in that order', async () => {
  const lamps = await newBoard('Lamps', [grace, bea]);
  const rugs = await newBoard('Rugs', [grace]);
  const events = [await savedEvent(lamps, 'a'), await savedEvent(rugs, 'b'), await savedEvent(lamps, 'c'), await savedEvent(lamps, 'd'), await savedEvent(rugs, 'e')];
  const [lampsBefore, rugsBefore] = [await boardNow(lamps._id), await boardNow(rugs._id)];
  const { batch, parked } = dispatcher();
  await batch(events);
  expect(parked).toEqual([]);
  const [lampsAfter, rugsAfter] = [await boardNow(lamps._id), await boardNow(rugs._id)];
  expect(lampsAfter.pinCount - lampsBefore.pinCount).toBe(3);
  expect(rugsAfter.pinCount - rugsBefore.pinCount).toBe(2);
  // The last save of each board leaves its cover and time, as one at a time would.
  expect(lampsAfter.coverPinId).toBe(events[3]!.data.pinId);
  expect(rugsAfter.coverPinId).toBe(events[4]!.data.pinId);
  expect(lampsAfter.lastSavedAt.toISOString()).toBe(events[3]!.occurredAt);
  const ledger = (await db().collection<{ _id: string; counted: string[] }>('boards').findOne({ _id: lamps._id }))?.counted ?? [];
  expect(ledger.slice(-3)).toEqual([0, 2, 3].map((i) => savedLedgerKey(events[i]!.data.pinId, events[i]!.id, events[i]!.occurredAt)));
  const ids = events.map((e) => e.data.pinId);
  expect((await feedOf(grace)).slice(0, 5)).toEqual([...ids].reverse());
  expect((await feedOf(bea)).slice(0, 3)).toEqual([ids[3], ids[2], ids[0]]);
  expect(await feedOf(owner)).toEqual([]);
  // Every event recorded handled by the counting handler (the fan-out keeps no records).
  for (const e of events) {
    expect(await processed.has(e.id, 'count-saved-pin')).toBe(true);
    expect(await processed.has(e.id, 'fan-out-saved-pin')).toBe(false);
  }
});

it('a batch delivered again, whole, in part, or after a crash before its records, counts nothing twice and adds no entry', async () => {
  const lamps = await newBoard('Lamps again', [grace, bea]);
  const first = [await savedEvent(lamps, 'f'), await savedEvent(lamps, 'g'), await savedEvent(lamps, 'h')];
  const { batch } = dispatcher();
  await batch(first);
  const counted = (await boardNow(lamps._id)).pinCount;
  const [graceFeed, beaFeed] = [await feedOf(grace), await feedOf(bea)];

  // Kafka redelivers from an older offset: the whole batch, then part of it with a new save.
  const more = await savedEvent(lamps, 'i');
  await batch(first);
  // An event published twice in a row, in one batch.
  await batch([first[0]!, first[0]!]);
  await batch([first[1]!, first[2]!, more]);
  expect((await boardNow(lamps._id)).pinCount).toBe(counted + 1);
  expect(await feedOf(grace)).toEqual([more.data.pinId, ...graceFeed]);
  expect(await feedOf(bea)).toEqual([more.data.pinId, ...beaFeed]);

  // The handler itself, handed one event twice in a batch (no dispatcher in between): counted once.
  const count = saveHandlers().find((h) => h.name === 'count-saved-pin')!;
  const twice = await savedEvent(lamps, 'twice');
  await count.handleBatch!([twice, twice] as never);
  expect((await boardNow(lamps._id)).pinCount).toBe(counted + 2);
  await batch([twice]);

  // A process that died after counting but before recording: no records, only the board's ledger stops a second count.
  const forgetful = dispatcher({ records: { has: async () => false, mark: async () => undefined, markMany: async () => undefined } });
  const last = await savedEvent(lamps, 'j');
  await forgetful.batch([first[2]!, more, last]);
  await forgetful.batch([first[0]!, first[1]!, first[2]!, more, twice, last]);
  expect((await boardNow(lamps._id)).pinCount).toBe(counted + 3);
  expect(await feedOf(grace)).toEqual([last.data.pinId, twice.data.pinId, more.data.pinId, ...graceFeed]);
  expect(forgetful.parked).toEqual([]);
});

it('an event that fails in a batch is retried and parked alone: the others are counted and fanned out, in their order', async () => {
  const lamps = await newBoard('Lamps failing', [grace]);
  const events = [await savedEvent(lamps, 'k'), await savedEvent(lamps, 'l'), await savedEvent(lamps, 'm')];
  const before = await boardNow(lamps._id);
  const feedBefore = await feedOf(grace);
  const bad = events[1]!;
  const { batch, parked } = dispatcher({ handlers: saveHandlers(new Set([bad.data.pinId])) });
  await batch(events);
  expect(parked).toEqual([{ handler: 'fan-out-saved-pin', key: bad.key }]);
  expect(await feedOf(grace)).toEqual([events[2]!.data.pinId, events[0]!.data.pinId, ...feedBefore]);
  // The counting handler's batch did not fail: all three counted.
  expect((await boardNow(lamps._id)).pinCount - before.pinCount).toBe(3);
});

it('a save whose event carries its card is written without reading the pin first, and as the pin would be; one deleted before its fan-out leaves no entry', async () => {
  const lamps = await newBoard('Lamps carded', [grace]);
  const kept = await savedEvent(lamps, 'n', true);
  const gone = await savedEvent(lamps, 'o', true);
  const old = await savedEvent(lamps, 'p');
  // Deleted, and its deletion handled (feed-deleted-pin), before its save is fanned out.
  await db().collection<{ _id: string }>('pins').updateOne({ _id: gone.data.pinId }, { $set: { deletedAt: new Date() } });
  await feed.tombstone([gone.data.pinId]);
  const { batch, parked } = dispatcher();
  await batch([kept, gone, old]);
  expect(parked).toEqual([]);
  const shown = await feedPins(grace);
  expect(shown.slice(0, 2).map((p) => p.id)).toEqual([old.data.pinId, kept.data.pinId]);
  expect(shown.map((p) => p.id)).not.toContain(gone.data.pinId);
  // The same card whether from the event or from the pin.
  const fromCard = shown.find((p) => p.id === kept.data.pinId)!;
  const pin = (await db().collection<SeededPin>('pins').findOne({ _id: kept.data.pinId }))!;
  expect(fromCard).toEqual({
    id: pin._id, type: 'pin', title: pin.title, description: pin.description, link: pin.link, dominant_color: pin.image.dominantColor,
    images: { '236x': pin.image['236x'], orig: pin.image.orig }, board: { id: lamps._id, name: 'Lamps carded' }, pinner: { id: owner }, created_at: pin.createdAt.toISOString(),
  });
  // Its card expired: read from the store again, the same.
  await redis.del(feed.keys.card(kept.data.pinId));
  expect((await feedPins(grace)).find((p) => p.id === kept.data.pinId)).toEqual(fromCard);
});
