// The home-feed benchmark's data. People are real accounts registered through the gateway; the
// author saves ONE real pin through the API (its image stored by the service), which every save
// of the run repins. The savers' boards go straight into the store, as the saving benchmark's do
// (save/seed.mjs). Every reader then follows every one of those boards THROUGH THE API
// (PUT /v3/boards/{id}/follow/), so the follows, their follower-list buckets and counters are
// exactly what pins-boards writes. Last, each reader's feed gets `entriesPerReader` entries
// (at most a feed's cap, FEED_MAX_ENTRIES) straight into Redis, in the shape the fan-out writes
// them (pins-boards feed/feed.model.ts: a sorted set `<db>:feed:<reader>` of `<pin>:<board>`
// scored by save time, with the BUILT mark, and one card per pin `<db>:feed-card:<pin>`, the
// source pin's picture under a pin id of its own).
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { call, listEntryOf, newBoard, newId, register, resourceData, saveSourcePin } from '../save/seed.mjs';

export const FEED_PASSWORD = 'feed bench 42';
/** pins-boards feed/feed.model.ts FEED_MAX_ENTRIES, BUILT and CARD_SECONDS. */
export const FEED_MAX_ENTRIES = 500;
const BUILT = '~';
const CARD_SECONDS = 30 * 24 * 60 * 60;
const BATCH = 1000;
/** Follows sent at once through the gateway. */
const FOLLOWS_IN_FLIGHT = 8;

const emails = {
  author: 'feed-author@example.com',
  reader: (k) => `feed-reader-${k}@example.com`,
  saver: (k) => `feed-saver-${k}@example.com`,
};

async function waitForProfiles(baseUrl, people) {
  const deadline = Date.now() + 60000;
  for (const who of people) {
    for (;;) {
      const { status } = await call(`${baseUrl}/v3/users/${who.username}/`);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`the profile of ${who.username} never appeared in pins-boards (answers ${status})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Registers the author, the readers and the savers, and waits until pins-boards shows each profile. */
export async function registerFeedPeople({ baseUrl, readers, savers, log = console.log }) {
  const t0 = Date.now();
  const author = await register(baseUrl, emails.author, FEED_PASSWORD);
  const readerList = [];
  for (let k = 0; k < readers; k++) readerList.push(await register(baseUrl, emails.reader(k), FEED_PASSWORD));
  const saverList = [];
  for (let k = 0; k < savers; k++) saverList.push(await register(baseUrl, emails.saver(k), FEED_PASSWORD));
  await waitForProfiles(baseUrl, [author, ...readerList, ...saverList]);
  log(`[seed] ${1 + readers + savers} accounts registered, their profiles visible in pins-boards, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { author, readers: readerList, savers: saverList };
}

/** Runs `fn` over `items`, `limit` at a time. */
async function inFlight(items, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/**
 * Seeds the store (see the top of this file): `boards` public boards spread over the savers,
 * followed by every reader, and `entriesPerReader` feed entries per reader. Answers the ids the
 * journey needs and what was stored.
 */
export async function seedFeed({ baseUrl, mongoPort, redisPort, dbPrefix, people, sizes, log = console.log }) {
  const source = await saveSourcePin({ baseUrl, author: people.author, log });
  const client = new MongoClient(`mongodb://127.0.0.1:${mongoPort}/`, { serverSelectionTimeoutMS: 10000 });
  await client.connect();
  try {
    const db = client.db(`${dbPrefix}_pins_boards`);
    const pin = await db.collection('pins').findOne({ _id: source.pinId });
    if (!pin) throw new Error(`the source pin ${source.pinId} is not in ${dbPrefix}_pins_boards.pins`);
    const t0 = Date.now();

    // The savers' boards, as BoardService.create writes them, and their owners' lists.
    let clock = Date.now() - 30 * 86400e3;
    const boards = Array.from({ length: sizes.boards }, (_, i) => {
      const saver = people.savers[i % people.savers.length];
      return newBoard(saver.id, `Followed ${i + 1}`, new Date((clock += 1000)));
    });
    for (let i = 0; i < boards.length; i += BATCH) await db.collection('boards').insertMany(boards.slice(i, i + BATCH), { ordered: false });
    // Each board's pin counter, as its first save leaves it (boards/board.repository.ts reservePins):
    // the runs measure saves onto boards that were saved to before, not a board's first save (which
    // also reads the board and makes the counter: two store commands more, once per board).
    const counters = boards.map((b) => ({ _id: `board-pins:${b._id}`, n: b.pinSeq }));
    for (let i = 0; i < counters.length; i += BATCH) await db.collection('list_numbers').insertMany(counters.slice(i, i + BATCH), { ordered: false });
    await db.collection('board_lists').insertMany(people.savers.map((s) => ({
      _id: s.id, boards: Object.fromEntries(boards.filter((b) => b.ownerId === s.id).map((b) => [`b${b._id}`, listEntryOf(b)])),
    })), { ordered: false });

    // Every reader follows every board, through the gateway.
    const t1 = Date.now();
    const follows = people.readers.flatMap((reader) => boards.map((board) => ({ reader, board })));
    await inFlight(follows, FOLLOWS_IN_FLIGHT, async ({ reader, board }) => {
      const res = await call(`${baseUrl}/v3/boards/${board._id}/follow/`, { method: 'PUT', token: reader.token });
      if (res.status !== 200) throw new Error(`following board ${board._id} as ${reader.username} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    });
    const followMs = Date.now() - t1;
    log(`[seed] ${follows.length} follows through the gateway in ${(followMs / 1000).toFixed(1)} s`);

    // Each reader's feed: entries of pins saved over the last 30 days, one card per pin (shared by every feed).
    const t2 = Date.now();
    const perReader = Math.min(sizes.entriesPerReader, FEED_MAX_ENTRIES);
    const step = Math.floor((30 * 86400e3) / perReader);
    const saved = Array.from({ length: perReader }, (_, n) => {
      const board = boards[n % boards.length];
      const savedAt = Date.now() - 30 * 86400e3 + n * step;
      const id = newId(savedAt);
      const card = {
        id, type: 'pin', title: pin.title, description: pin.description, link: pin.link, dominant_color: pin.image.dominantColor,
        images: { '236x': pin.image['236x'], orig: pin.image.orig }, board: { id: board._id, name: board.name }, pinner: { id: pin.pinnerId }, created_at: new Date(savedAt).toISOString(),
      };
      return { id, board: board._id, savedAt, card };
    });
    const redis = new Redis(`redis://127.0.0.1:${redisPort}`);
    let stored = 0;
    try {
      const ns = `${dbPrefix}_pins_boards`;
      for (let i = 0; i < saved.length; i += BATCH) {
        const pipeline = redis.pipeline();
        for (const s of saved.slice(i, i + BATCH)) pipeline.set(`${ns}:feed-card:${s.id}`, JSON.stringify(s.card), 'EX', CARD_SECONDS);
        await pipeline.exec();
      }
      for (const reader of people.readers) {
        const key = `${ns}:feed:${reader.id}`;
        await redis.del(key);
        await redis.zadd(key, 0, BUILT, ...saved.flatMap((s) => [s.savedAt, `${s.id}:${s.board}`]));
        stored += saved.length;
      }
    } finally {
      redis.disconnect();
    }
    const entriesMs = Date.now() - t2;

    // Sanity: a reader's first page is a full page of the seeded feed, through the gateway.
    const first = await call(`${baseUrl}/resource/HomeFeedResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { page_size: 25 } }))}`, { token: people.readers[0].token });
    const items = resourceData(first.body);
    if (first.status !== 200 || !Array.isArray(items) || items.length !== 25) throw new Error(`a reader's first feed page answered ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}`);

    const counts = Object.fromEntries(await Promise.all(['boards', 'board_follows', 'list_numbers', 'pins', 'profiles'].map(async (c) => [c, await db.collection(c).countDocuments()])));
    log(`[seed] ${boards.length} boards, ${stored} feed entries in Redis, in ${((Date.now() - t0) / 1000).toFixed(1)} s; the store now holds ${JSON.stringify(counts)}`);
    return { ms: Date.now() - t0, followMs, entriesMs, counts, sourcePinId: source.pinId, boardsBySaver: people.savers.map((s) => boards.filter((b) => b.ownerId === s.id).map((b) => b._id)) };
  } finally {
    await client.close();
  }
}
