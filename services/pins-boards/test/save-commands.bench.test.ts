import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BSON, type CommandStartedEvent, type CommandSucceededEvent, type Document } from 'mongodb';
import mongoose, { type Connection } from 'mongoose';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, seedProfiles, whenReady, type Person } from './support/resources';
import { followCalls, handledCount } from './support/follows';

/**
 * The store commands a save costs, as pins-boards sends them (the mongo driver's command
 * monitoring): the request, the counting and fan-out handlers, the outbox relay, the processed
 * records. Repins onto followed boards (5 followers each), spread over the boards as the home
 * feed benchmark spreads them: one at a time (each event handled alone) and 20 in flight (the
 * handlers get batches). Prints the table (docs/decisions/home-feed.md) and fails when a save
 * costs 20 commands or more. A measuring run, outside `npm test` (its set-up alone is 600
 * requests): `npm run bench -- save-commands`; `npm run bench -- cost` counts the same on the
 * whole stack.
 */
const prefix = `${uniqueName('sc')}.`;
const db = uniqueName('save_commands');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-save-commands-'));
const BOARDS = 100;
const READERS = 5;
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
let conn: Connection;

const saver: Person = { id: 'user-saver', username: 'saver' };
const author: Person = { id: 'user-author', username: 'author' };
const readers: Person[] = Array.from({ length: READERS }, (_, i) => ({ id: `user-reader${i}`, username: `reader${i}` }));
const calls = followCalls(() => ({ url: pins.url, viewers }));

/** One kind of command: its name, collection and the shape of what it asks (fields and operators, not values). */
type Tally = { n: number; sent: number; answered: number; ms: number };
let tally = new Map<string, Tally>();
const pending = new Map<number, string>();

/** A document's field names, a list's entries (`boards.b<id>`) as one. */
const keysOf = (doc: Document | undefined): string => (doc ? [...new Set(Object.keys(doc).map((k) => k.replace(/\.b\d+$/, '.b<id>')))].join(',') : '');
function shape(e: CommandStartedEvent): string {
  const c = e.command;
  const collection = String(c[e.commandName] ?? '');
  switch (e.commandName) {
    case 'find':
    case 'count':
      return `${e.commandName} ${collection} {${keysOf((c.filter ?? c.query) as Document)}}`;
    case 'findAndModify':
      return `findAndModify ${collection} {${keysOf(c.query as Document)}} ${keysOf(c.update as Document)}${c.upsert ? ' upsert' : ''}`;
    case 'update': {
      const u = (c.updates as Document[]).map((s) => `{${keysOf(s.q as Document)}} ${keysOf(s.u as Document)}`);
      return `update ${collection} ${[...new Set(u)].join(' | ')}${u.length > 1 ? ` x${u.length}` : ''}`;
    }
    case 'delete':
      return `delete ${collection} ${(c.deletes as Document[]).map((s) => `{${keysOf(s.q as Document)}}`).join(' | ')}`;
    case 'insert':
      return `insert ${collection}`;
    default:
      return `${e.commandName} ${collection}`;
  }
}

function watch(client: ReturnType<Connection['getClient']>): void {
  client.on('commandStarted', (e: CommandStartedEvent) => {
    if (['ping', 'hello', 'isMaster', 'endSessions', 'createIndexes', 'listIndexes'].includes(e.commandName)) return;
    const key = shape(e);
    const t = tally.get(key) ?? { n: 0, sent: 0, answered: 0, ms: 0 };
    t.n += 1;
    t.sent += BSON.calculateObjectSize(e.command);
    tally.set(key, t);
    pending.set(e.requestId, key);
  });
  client.on('commandSucceeded', (e: CommandSucceededEvent) => {
    const key = pending.get(e.requestId);
    pending.delete(e.requestId);
    const t = key ? tally.get(key) : undefined;
    if (!t) return;
    t.answered += BSON.calculateObjectSize(e.reply as Document);
    t.ms += e.duration;
  });
}

/** Everything counted so far, per save, most frequent first; and the total. */
function table(saves: number): { rows: string[]; perSave: number } {
  const rows = [...tally].sort((a, b) => b[1].n - a[1].n).map(([key, t]) =>
    `${(t.n / saves).toFixed(2).padStart(6)}  ${String(Math.round(t.sent / t.n)).padStart(6)} B  ${String(Math.round(t.answered / t.n)).padStart(6)} B  ${(t.ms / t.n).toFixed(1).padStart(5)} ms  ${key}`);
  const perSave = [...tally.values()].reduce((n, t) => n + t.n, 0) / saves;
  return { rows: ['per save  sent    answer    each   command', ...rows, `${perSave.toFixed(2).padStart(6)}  in all`], perSave };
}

const handled = async () => (await handledCount(pins, 'count-saved-pin', 'ok')) + (await handledCount(pins, 'fan-out-saved-pin', 'ok'));
/** Until both handlers handled `n` more saves, then the list counts' window and the relay. */
async function settle(from: number, n: number): Promise<void> {
  await waitFor(async () => ((await handled()) >= from + 2 * n ? true : undefined), `${n} saves handled`, 60_000);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

const boards: string[] = [];
let source = '';
let turn = 0;
const nextBoard = () => boards[turn++ % boards.length] as string;

beforeAll(async () => {
  viewers = await testViewers();
  // The production relay period: the sweep's reads are per second, not per save.
  const env = { ...serviceEnv(db, prefix), MONGO_URL: `${servers.mongoUrl(db)}?monitorCommands=true`, AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir, OUTBOX_POLL_MS: '5000' };
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  await whenReady(pins.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[saver, 'Saver'], [author, 'Author'], ...readers.map((r, i) => [r, `Reader ${i}`] as const)]);
  const own = await calls.createBoard(author, 'Source');
  source = (await calls.savePin(author, own.id, '#405060')).id;
  for (let i = 0; i < BOARDS; i++) boards.push((await calls.createBoard(saver, `Followed ${i}`)).id);
  for (const r of readers) for (const b of boards) expect((await calls.followBoard(r, b)).status).toBe(200);
  // Warm: caches filled, the saver known as a pinner, every board saved onto once.
  const from = await handled();
  for (let i = 0; i < BOARDS; i++) await calls.repin(saver, source, nextBoard());
  await settle(from, BOARDS);
  watch(pins.ctx.mongo.getClient());
}, 300_000);

afterAll(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await pins?.close();
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

const report: string[] = [];
afterAll(() => {
  if (report.length > 0) console.log(report.join('\n'));
});

it('one save at a time (each event handled alone)', async () => {
  tally = new Map();
  const saves = 40;
  for (let i = 0; i < saves; i++) {
    const from = await handled();
    ok(await calls.write('RepinResource', 'create', { pin_id: source, board_id: nextBoard() }, saver), 201);
    await waitFor(async () => ((await handled()) >= from + 2 ? true : undefined), 'the save handled');
  }
  await settle(await handled(), 0);
  const { rows, perSave } = table(saves);
  report.push(`one save at a time, ${saves} saves over ${BOARDS} boards, ${READERS} followers each:`, ...rows, '');
  expect(perSave).toBeLessThan(20);
});

it('20 saves in flight, each onto another board (the handlers get batches)', async () => {
  tally = new Map();
  const saves = BOARDS;
  const from = await handled();
  let started = 0;
  await Promise.all(Array.from({ length: 20 }, async () => {
    while (started < saves) {
      started += 1;
      ok(await calls.write('RepinResource', 'create', { pin_id: source, board_id: nextBoard() }, saver), 201);
    }
  }));
  await settle(from, saves);
  const { rows, perSave } = table(saves);
  report.push(`20 saves in flight, ${saves} saves over ${BOARDS} boards, ${READERS} followers each:`, ...rows, '');
  expect(perSave).toBeLessThan(20);
});
