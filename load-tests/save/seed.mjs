// The saving benchmark's data. People are real accounts, registered through the gateway (auth
// makes their pins-boards profile from its event, as for anybody); one of them saves ONE real
// pin through the API (PinResource create with a PNG upload), so its image is stored (document
// and files) exactly as the service stores images. Everything else goes straight into the
// store, in the shapes pins-boards itself leaves after a save and its events:
// - boards (board.model.ts, as BoardService.create writes them), each with the counters, cover,
//   recency and `counted` ledger (the last COUNTED_KEYS_KEPT `saved:<pinId>` keys) that the
//   `count-saved-pin` handler leaves after its pins, and the owner's `board_lists` document
//   (board-list.repository.ts: one entry per board keyed `b<id>`, listEntryOf's fields, then
//   patched by the same handler);
// - pins (pin.model.ts, as PinService.store writes them: `seq` from 1, `boardBucket` =
//   `<boardId>:<floor(seq/50)>`, the image summary and `imageId` of the real pin), their
//   outbox already published (`pendingEvents: []`, no `outboxPending`);
// - `pinners` (pin.repository.ts claimFirstSave) for everybody who has pins.
// Ids are what shared/ids.ts makes: 13 digits of milliseconds, 3 of counter, 4 random.
import { randomInt } from 'node:crypto';
import { MongoClient } from 'mongodb';
import sharp from 'sharp';

export const SAVE_PASSWORD = 'save bench 42';
const BIRTHDAY = 631152000; // 1990-01-01
const BATCH = 1000;
/** pin.model.ts PIN_BUCKET_SIZE, board.model.ts COUNTED_KEYS_KEPT. */
const PIN_BUCKET_SIZE = 50;
const COUNTED_KEYS_KEPT = 16;
const bucketKey = (boardId, seq) => `${boardId}:${Math.floor(seq / PIN_BUCKET_SIZE)}`;

/** The accounts: whose picker is read, who saved the pin everybody repins, who saves. */
export const emails = {
  owner: 'save-owner@example.com',
  author: 'save-author@example.com',
  saver: (k) => `save-saver-${k}@example.com`,
};

const json = { 'content-type': 'application/json' };

export async function call(url, { method = 'GET', body, token } = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body ? json : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30000),
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, res };
}

export const resourceData = (body) => body?.resource_response?.data;

/** Registers one account through the gateway; its id, username and access token (cookie `ph_access`). */
export async function register(baseUrl, email, password = SAVE_PASSWORD) {
  const { status, body, res } = await call(`${baseUrl}/v3/register/`, { method: 'POST', body: { type: 'email', email, password, birthday: BIRTHDAY } });
  if (status !== 201) throw new Error(`registering ${email} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ph_access='));
  const token = cookie?.slice('ph_access='.length).split(';')[0];
  if (!token) throw new Error(`registering ${email}: no ph_access cookie in the answer`);
  const { id, username } = resourceData(body).user;
  return { email, id, username, token };
}

/**
 * Registers the owner, the author and `savers` savers, then waits until pins-boards shows every
 * profile (auth's event, through Kafka): the service reads them for usernames.
 */
export async function registerPeople({ baseUrl, savers, log = console.log }) {
  const t0 = Date.now();
  const owner = await register(baseUrl, emails.owner);
  const author = await register(baseUrl, emails.author);
  const saverList = [];
  for (let k = 0; k < savers; k++) saverList.push(await register(baseUrl, emails.saver(k)));
  const everybody = [owner, author, ...saverList];
  const deadline = Date.now() + 60000;
  for (const who of everybody) {
    for (;;) {
      const { status } = await call(`${baseUrl}/v3/users/${who.username}/`);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`the profile of ${who.username} never appeared in pins-boards (GET /v3/users/${who.username}/ answers ${status})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  log(`[seed] ${everybody.length} accounts registered through the gateway, their profiles visible in pins-boards, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { owner, author, savers: saverList };
}

/** The author's board and the one pin saved through the API (its image stored by the service). */
export async function saveSourcePin({ baseUrl, author, log = console.log }) {
  const board = await call(`${baseUrl}/resource/BoardResource/create/`, { method: 'POST', token: author.token, body: { options: { name: 'Sources', privacy: 'public' } } });
  if (board.status !== 201) throw new Error(`BoardResource create answered ${board.status}: ${JSON.stringify(board.body).slice(0, 300)}`);
  const boardId = resourceData(board.body).id;
  // A 600x400 picture with some detail (a gradient and a disc), so both renditions are real work once.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><defs><linearGradient id="g"><stop offset="0" stop-color="#c2703d"/><stop offset="1" stop-color="#2d5f7a"/></linearGradient></defs>
    <rect width="600" height="400" fill="url(#g)"/><circle cx="300" cy="200" r="120" fill="#f2e8cf"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const t = performance.now();
  const pin = await call(`${baseUrl}/resource/PinResource/create/`, {
    method: 'POST', token: author.token,
    body: { options: { board_id: boardId, image_base64: png.toString('base64'), title: 'Terracotta lamp', description: 'A lamp for the reading corner', link: 'https://example.com/lamp', method: 'uploaded' } },
  });
  if (pin.status !== 201) throw new Error(`PinResource create answered ${pin.status}: ${JSON.stringify(pin.body).slice(0, 300)}`);
  const saved = resourceData(pin.body);
  log(`[seed] source pin ${saved.id} saved through the API onto board ${boardId} in ${(performance.now() - t).toFixed(0)} ms (image ${saved.images.orig.url})`);
  return { boardId, pinId: saved.id, imageUrl: saved.images.orig.url };
}

let idMs = 0;
let idCounter = 0;
/** An id as shared/ids.ts newId makes it, for the moment `ms`. */
export function newId(ms) {
  if (ms === idMs) idCounter += 1;
  else {
    idMs = ms;
    idCounter = 0;
  }
  return `${ms}${String(idCounter % 1000).padStart(3, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** A board's slug as shared/slug.ts makes it (the names here are plain ASCII). */
const slugify = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '') || 'board';

const WORDS = ['Lamps', 'Kitchen', 'Garden', 'Recipes', 'Travel', 'Reading corner', 'Ceramics', 'Knitting', 'Bikes', 'Posters', 'Cabins', 'Tiles',
  'Wedding', 'Birthday', 'Outfits', 'Shoes', 'Typography', 'Logos', 'Bread', 'Soups', 'Plants', 'Balcony', 'Bathroom', 'Desk setup', 'Maps'];

/** The owner's board names: words with a number, and every 20th beginning with digits (the picker puts those last). */
const ownerBoardName = (i) => (i % 20 === 19 ? `${2001 + i} trips` : `${WORDS[i % WORDS.length]} ${Math.floor(i / WORDS.length) + 1}`);

/** A board as BoardService.create writes it (without its pins yet: see boardAfterPins). */
export function newBoard(ownerId, name, createdAt) {
  const slug = slugify(name);
  return {
    _id: newId(createdAt.getTime()), ownerId, name, slug, ownerSlug: `${ownerId}:${slug}`, description: '', privacy: 'public', advertiserId: null,
    collaboratorIds: [], pinCount: 0, sectionCount: 0, pinSeq: 0, counted: [], savedKeysTo: 0, coverPinId: null, coverImageUrl: null, coverColor: null,
    hasCustomCover: false, createdAt, lastSavedAt: createdAt, archivedAt: null, deletedAt: null, pendingEvents: [],
  };
}

/** The board after its pins' `pins.pin.saved.v1` events were counted (board.repository.ts applyCount). */
function boardAfterPins(board, pins) {
  if (pins.count === 0) return board;
  return {
    ...board, pinCount: pins.count, pinSeq: pins.count, counted: pins.lastIds.map((id) => `saved:${id}`),
    coverPinId: pins.lastIds[pins.lastIds.length - 1], coverImageUrl: pins.image['236x'].url, coverColor: pins.image.dominantColor,
    lastSavedAt: pins.lastAt,
    // Saves of older pins may have left the ledger: up to the last one's time (board.model.ts savedKeysTo).
    savedKeysTo: pins.lastAt.getTime(),
  };
}

/** board.presenter.ts listEntryOf, as the board_lists document keeps it. */
export const listEntryOf = (b) => ({
  id: b._id, name: b.name, slug: b.slug, privacy: b.privacy, pinCount: Math.max(0, b.pinCount), sectionCount: b.sectionCount,
  coverImageUrl: b.coverImageUrl, coverColor: b.coverColor, collaborative: b.collaboratorIds.length > 0, createdAt: b.createdAt,
  lastSavedAt: b.lastSavedAt, archived: b.archivedAt !== null,
});

/**
 * Seeds the store (see the top of this file). The pins: `bigBoardPins` on the owner's first
 * board (the board page read), the rest (`totalPins` less those and the source pin) spread
 * round-robin over the owner's other boards and the savers' boards. Every other pin of the big
 * board is a repin (method `repin`, `viaPinnerId`/`repinOf`) from one of the author and the
 * savers, so a page of it names a dozen people, as a board of saved pins does.
 * Answers the ids the journey needs and what was stored.
 */
export async function seedSaving({ mongoPort, dbPrefix, people, sourcePinId, sizes, log = console.log }) {
  const { totalPins, bigBoardPins, pickerBoards, saverBoards } = sizes;
  const client = new MongoClient(`mongodb://127.0.0.1:${mongoPort}/`, { serverSelectionTimeoutMS: 10000 });
  await client.connect();
  try {
    const db = client.db(`${dbPrefix}_pins_boards`);
    const source = await db.collection('pins').findOne({ _id: sourcePinId });
    if (!source) throw new Error(`the source pin ${sourcePinId} is not in ${dbPrefix}_pins_boards.pins`);
    const image = await db.collection('images').findOne({ _id: source.imageId });
    if (!image) throw new Error(`the source pin's image ${source.imageId} is not in ${dbPrefix}_pins_boards.images`);
    const t0 = Date.now();

    // Boards: created 120 days ago, a minute apart; pins from 100 days ago on.
    let clock = Date.now() - 120 * 86400e3;
    const at = (stepMs) => new Date((clock += stepMs));
    const ownerBoards = Array.from({ length: pickerBoards }, (_, i) => newBoard(people.owner.id, i === 0 ? 'Living room ideas' : ownerBoardName(i), at(60000)));
    const saverBoardsOf = people.savers.map((s) => Array.from({ length: saverBoards }, (_, j) => newBoard(s.id, `Saves ${j + 1}`, at(60000))));
    const [bigBoard, ...otherOwnerBoards] = ownerBoards;
    const spread = [...saverBoardsOf.flat(), ...otherOwnerBoards];
    const otherPins = totalPins - bigBoardPins - 1;
    if (otherPins < 0 || spread.length === 0) throw new Error(`sizes do not fit: ${JSON.stringify(sizes)}`);

    clock = Date.now() - 100 * 86400e3;
    const step = Math.floor((95 * 86400e3) / totalPins); // the newest about 5 days ago
    const pinsOf = new Map(); // board id -> { count, lastIds, lastAt, image }
    const pinner = new Map(); // person id -> first pin id
    const boardOwner = new Map([...ownerBoards, ...saverBoardsOf.flat()].map((b) => [b._id, b.ownerId]));
    const repinSource = new Map([[people.author.id, sourcePinId]]); // a pin of each person, for repinOf

    const summary = { id: source.imageId, '236x': source.image['236x'], orig: source.image.orig, dominantColor: source.image.dominantColor };
    /** A pin as PinService.store writes it, its event already published. */
    const pinDoc = (board, via) => {
      const seen = pinsOf.get(board._id) ?? { count: 0, lastIds: [], lastAt: null, image: summary };
      const createdAt = at(step);
      const _id = newId(createdAt.getTime());
      const seq = seen.count + 1;
      seen.count = seq;
      seen.lastIds.push(_id);
      if (seen.lastIds.length > COUNTED_KEYS_KEPT) seen.lastIds.shift();
      seen.lastAt = createdAt;
      pinsOf.set(board._id, seen);
      const pinnerId = boardOwner.get(board._id);
      if (!pinner.has(pinnerId)) pinner.set(pinnerId, { _id: pinnerId, firstPinId: _id, at: createdAt });
      if (!repinSource.has(pinnerId)) repinSource.set(pinnerId, _id);
      return {
        _id, boardId: board._id, sectionId: null, image: summary, title: source.title, description: source.description, link: source.link,
        method: via ? 'repin' : 'uploaded', viaPinnerId: via ?? null, repinOf: via ? repinSource.get(via) : null,
        pinnerId, seq, boardBucket: bucketKey(board._id, seq), sectionSeq: null, imageId: source.imageId, createdAt, deletedAt: null, pendingEvents: [],
      };
    };

    const pins = db.collection('pins');
    let batch = [];
    let stored = 0;
    let lastLog = Date.now();
    const flush = async (force = false) => {
      if (batch.length === 0 || (!force && batch.length < BATCH)) return;
      await pins.insertMany(batch, { ordered: false });
      stored += batch.length;
      batch = [];
      if (Date.now() - lastLog > 10000) {
        lastLog = Date.now();
        log(`[seed] ${stored} of ${totalPins - 1} pins (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
    };
    // The spread pins first (each saver's and the owner's other boards), then the big board, newest.
    for (let i = 0; i < otherPins; i++) {
      batch.push(pinDoc(spread[i % spread.length]));
      await flush();
    }
    const viaPeople = [people.author.id, ...people.savers.map((s) => s.id)];
    for (let seq = 1; seq <= bigBoardPins; seq++) {
      batch.push(pinDoc(bigBoard, seq % 2 === 0 ? viaPeople[(seq / 2) % viaPeople.length] : undefined));
      await flush();
    }
    await flush(true);

    const boards = [...ownerBoards, ...saverBoardsOf.flat()].map((b) => boardAfterPins(b, pinsOf.get(b._id) ?? { count: 0 }));
    for (let i = 0; i < boards.length; i += BATCH) await db.collection('boards').insertMany(boards.slice(i, i + BATCH), { ordered: false });
    const lists = [people.owner, ...people.savers].map((person) => ({
      _id: person.id,
      boards: Object.fromEntries(boards.filter((b) => b.ownerId === person.id).map((b) => [`b${b._id}`, listEntryOf(b)])),
    }));
    await db.collection('board_lists').insertMany(lists, { ordered: false });
    await db.collection('pinners').insertMany([...pinner.values()], { ordered: false });

    const ms = Date.now() - t0;
    const counts = Object.fromEntries(await Promise.all(['pins', 'boards', 'board_lists', 'pinners', 'images', 'profiles'].map(async (c) => [c, await db.collection(c).countDocuments()])));
    const big = boards.find((b) => b._id === bigBoard._id);
    log(`[seed] ${stored} pins, ${boards.length} boards, ${lists.length} board lists stored in ${(ms / 1000).toFixed(1)} s; the store now holds ${JSON.stringify(counts)}`);
    return {
      ms,
      counts,
      image: { id: image._id, width: image.width, height: image.height, orig: summary.orig.url },
      bigBoard: { id: big._id, pinCount: big.pinCount, pinSeq: big.pinSeq, ownerId: big.ownerId },
      ownerBoards: ownerBoards.length,
      saverBoards: saverBoardsOf.map((list) => list.map((b) => b._id)),
      pinsPerSpreadBoard: Math.round(otherPins / spread.length),
    };
  } finally {
    await client.close();
  }
}
