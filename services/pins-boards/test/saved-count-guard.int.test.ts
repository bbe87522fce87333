import type { EventEnvelope, PinSavedV1 } from '@pinhive/contracts';
import { createLogger, Dispatcher, ensureIndexes, newEvent, ProcessedEvents, type EventHandler } from '@pinhive/kit';
import { COUNTED_KEYS_KEPT, COUNTED_KEYS_TRIMMED_TOGETHER, legacySavedLedgerKey, savedLedgerKey, type BoardDoc } from '../src/boards/board.model';
import { BoardRepository, type CountOptions } from '../src/boards/board.repository';
import { pinsBoardsIndexes } from '../src/indexes';
import { pinHandlers } from '../src/pins/pin.handlers';
import { PinRepository } from '../src/pins/pin.repository';
import { SectionRepository } from '../src/sections/section.repository';
import { scratchDatabase, uniqueName, waitFor } from '../../../test/support/servers';

/**
 * A save's count is guarded by its own write (its key in the board's ledger and the board's
 * `savedKeysTo`), not by a read of `processed_events` before each event: against the real store,
 * the same saves delivered again count nothing twice, a batch that failed half way and is
 * delivered again counts each save once, a save whose key left the ledger is still not counted
 * again, and a board counted before `savedKeysTo` was kept still finds its old keys.
 */
const db = scratchDatabase('saved_count_guard');
const logger = createLogger('test', 'silent');
const owner = 'user-ada';
let boards: BoardRepository;
let processed: ProcessedEvents;

beforeAll(async () => {
  processed = new ProcessedEvents(db(), { retentionDays: 7 });
  await ensureIndexes(db(), [...pinsBoardsIndexes, ...processed.indexes]);
  boards = new BoardRepository(db(), async () => undefined);
});

/** A board as BoardService.create writes it; `legacy`: as boards were before they kept `savedKeysTo`. */
async function newBoard(name: string, opts: { legacy?: boolean; counted?: string[]; pinCount?: number } = {}): Promise<BoardDoc> {
  const at = new Date('2026-01-01T00:00:00Z');
  const board: BoardDoc = {
    _id: uniqueName('b'), ownerId: owner, name, slug: name.toLowerCase().replace(/ /g, '-'), ownerSlug: '', description: '', privacy: 'public', advertiserId: null, collaboratorIds: [],
    pinCount: opts.pinCount ?? 0, sectionCount: 0, pinSeq: 0, counted: opts.counted ?? [], ...(opts.legacy ? {} : { savedKeysTo: 0 }),
    coverPinId: null, coverImageUrl: null, coverColor: null, hasCustomCover: false, createdAt: at, lastSavedAt: at, archivedAt: null, deletedAt: null,
  };
  return boards.create(board, () => []);
}

let n = 0;
/** A save of a new pin onto `board`, as PinService publishes it (at `at`, now unless given). */
function saved(board: BoardDoc, at = new Date()): EventEnvelope<PinSavedV1> {
  const pinId = `${Date.now()}${String(n++).padStart(6, '0')}`;
  return newEvent('pins-boards', 'pins.pin.saved.v1', pinId, {
    pinId, boardId: board._id, sectionId: null, pinnerId: owner, firstSave: false, repinOf: null, imageId: `img-${pinId}`, coverImageUrl: `https://img.example/${pinId}.jpg`, dominantColor: '#123456',
  }, at);
}

/** A board repository whose counts on `failing` throw (the store went away half way through a batch). */
class FailingBoards extends BoardRepository {
  constructor(private readonly failing: string) {
    super(db(), async () => undefined);
  }
  override async applyCounts(id: string, keys: readonly string[], delta: number, opts?: CountOptions): Promise<BoardDoc | undefined> {
    if (id === this.failing) throw new Error('the store went away');
    return super.applyCounts(id, keys, delta, opts);
  }
}

/** The counting handler as pins-boards wires it, with the reads of `processed_events` it makes itself counted in `reads`. */
function counting(records: ProcessedEvents, repo: BoardRepository = boards) {
  const reads: string[] = [];
  const [count] = pinHandlers({
    pins: new PinRepository(db(), async () => undefined, async () => undefined), boards: repo, listCounts: { schedule: () => undefined },
    sections: new SectionRepository(db(), async () => undefined), images: { remove: async () => undefined }, kick: () => undefined, logger,
    handled: (id, h) => { reads.push(id); return records.has(id, h); }, ownerOf: async () => owner,
  }).filter((h) => h.name === 'count-saved-pin');
  return { handler: count as EventHandler, reads };
}

/** A dispatcher with the counting handler; `records`: a process's own ProcessedEvents (its memory of what it recorded). */
function consumer(records: ProcessedEvents = processed, repo?: BoardRepository) {
  const { handler, reads } = counting(records, repo);
  const parked: string[] = [];
  const d = new Dispatcher({ handlers: [handler], processed: records, deadLetter: async (_t, key) => { parked.push(key); }, maxAttempts: 2, retryBaseMs: 1, logger });
  const batch = (events: EventEnvelope[]) => d.dispatchBatch('pins.pin.saved.v1', events.map((e) => ({ key: e.key, value: JSON.stringify(e) })));
  return { batch, reads, parked, handler };
}

const countOf = async (id: string) => (await boards.findById(id))!.pinCount;
const ledgerOf = async (id: string) => (await db().collection<BoardDoc>('boards').findOne({ _id: id }))!;

it('the same saves delivered twice count once; the first delivery reads no processed record, and every save is recorded', async () => {
  const lamps = await newBoard('Lamps');
  const rugs = await newBoard('Rugs');
  const events = [saved(lamps), saved(rugs), saved(lamps)];
  const c = consumer();
  await c.batch(events);
  expect(c.reads).toEqual([]);
  expect([await countOf(lamps._id), await countOf(rugs._id)]).toEqual([2, 1]);
  // Kafka delivers them again (a consumer that died before committing), whole, one at a time, and in a fresh process.
  await c.batch(events);
  for (const e of events) await c.batch([e]);
  await consumer(new ProcessedEvents(db(), { retentionDays: 7 })).batch(events);
  expect([await countOf(lamps._id), await countOf(rugs._id)]).toEqual([2, 1]);
  for (const e of events) expect(await new ProcessedEvents(db(), { retentionDays: 7 }).has(e.id, 'count-saved-pin')).toBe(true);
  expect(c.parked).toEqual([]);
});

it('a batch that fails half way (one board counted, the next one not) and is delivered again counts each save once', async () => {
  const lamps = await newBoard('Lamps half');
  const rugs = await newBoard('Rugs half');
  const events = [saved(lamps), saved(rugs), saved(lamps), saved(rugs)];
  // The process dies in the batch: the lamps are counted, the rugs' write fails, nothing is recorded.
  const dying = counting(new ProcessedEvents(db(), { retentionDays: 7 }), new FailingBoards(rugs._id));
  await expect(dying.handler.handleBatch!(events as never)).rejects.toThrow('the store went away');
  // The boards are counted side by side: the lamps' write may land just after the rugs' failed.
  await waitFor(async () => ((await countOf(lamps._id)) === 2 ? true : undefined), "the lamps' count of the dying batch");
  expect(await countOf(rugs._id)).toBe(0);
  // Another process gets the batch again: the lamps' saves are in their ledger, the rugs' are new.
  const next = consumer(new ProcessedEvents(db(), { retentionDays: 7 }));
  await next.batch(events);
  expect([await countOf(lamps._id), await countOf(rugs._id)]).toEqual([2, 2]);
  // Only the saves the board's guard turned away were asked about.
  expect([...next.reads].sort()).toEqual([events[0]!.id, events[2]!.id].sort());
  await next.batch(events);
  expect([await countOf(lamps._id), await countOf(rugs._id)]).toEqual([2, 2]);
  // A dispatcher whose batch fails half way handles the events one at a time: still once each.
  const tiles = await newBoard('Tiles half');
  const more = [saved(tiles), saved(rugs), saved(tiles)];
  let failures = 1;
  class FailingOnce extends BoardRepository {
    override async applyCounts(id: string, keys: readonly string[], delta: number, opts?: CountOptions): Promise<BoardDoc | undefined> {
      if (id === rugs._id && failures-- > 0) throw new Error('the store went away');
      return super.applyCounts(id, keys, delta, opts);
    }
  }
  const retrying = consumer(new ProcessedEvents(db(), { retentionDays: 7 }), new FailingOnce(db(), async () => undefined));
  await retrying.batch(more);
  await retrying.batch(more);
  expect([await countOf(tiles._id), await countOf(rugs._id)]).toEqual([2, 3]);
  expect(retrying.parked).toEqual([]);
});

it("a save whose key left the ledger is not counted again; one that occurred before, never counted, is counted once", async () => {
  const lamps = await newBoard('Lamps trimmed');
  const c = consumer();
  const total = COUNTED_KEYS_KEPT + COUNTED_KEYS_TRIMMED_TOGETHER + 4;
  const events: EventEnvelope<PinSavedV1>[] = [];
  // Saves a millisecond apart at least, each batch of 4 handled as a fetch brings them.
  for (let i = 0; i < total; i++) events.push(saved(lamps, new Date(Date.parse('2026-11-28T10:00:00Z') + i * 1000)));
  for (let i = 0; i < total; i += 4) await c.batch(events.slice(i, i + 4));
  const board = await ledgerOf(lamps._id);
  expect(board.pinCount).toBe(total);
  const first = events[0]!;
  expect(board.counted).not.toContain(savedLedgerKey(first.data.pinId, first.id, first.occurredAt));
  expect(board.savedKeysTo).toBeGreaterThanOrEqual(Date.parse(first.occurredAt));
  // Delivered again, the trimmed ones and the kept ones, in a process that remembers nothing: counted nothing.
  const fresh = consumer(new ProcessedEvents(db(), { retentionDays: 7 }));
  await fresh.batch(events.slice(0, 8));
  await fresh.batch(events.slice(-4));
  for (const e of events.slice(0, 3)) await fresh.batch([e]);
  expect(await countOf(lamps._id)).toBe(total);
  // A save made before the trimmed ones, published late (a relay that was away): counted once.
  const late = saved(lamps, new Date(Date.parse(first.occurredAt) - 60_000));
  await fresh.batch([late, events[1]!]);
  await fresh.batch([late]);
  expect(await countOf(lamps._id)).toBe(total + 1);
});

it('a board counted before it kept savedKeysTo finds the keys of its saves in their old form, then gets savedKeysTo', async () => {
  const before = saved({ _id: 'placeholder' } as BoardDoc);
  const lamps = await newBoard('Lamps legacy', { legacy: true, pinCount: 1, counted: [] });
  // Counted by a process of the version before (key without its time), which died before recording it.
  const old = { ...before, data: { ...before.data, boardId: lamps._id } };
  await db().collection<BoardDoc>('boards').updateOne({ _id: lamps._id }, { $push: { counted: legacySavedLedgerKey(old.data.pinId, old.id) } });
  const c = consumer(new ProcessedEvents(db(), { retentionDays: 7 }));
  await c.batch([old]);
  expect(await countOf(lamps._id)).toBe(1);
  const next = saved(lamps);
  await c.batch([next]);
  await c.batch([old, next]);
  expect(await countOf(lamps._id)).toBe(2);
  expect((await ledgerOf(lamps._id)).savedKeysTo).toBeGreaterThan(Date.now());
  expect(c.parked).toEqual([]);
});
