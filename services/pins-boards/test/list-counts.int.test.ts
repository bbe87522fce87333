import { createLogger, ensureIndexes } from '@pinhive/kit';
import { BoardListRepository } from '../src/boards/board-list.repository';
import type { BoardDoc } from '../src/boards/board.model';
import { listEntryOf } from '../src/boards/board.presenter';
import { BoardRepository } from '../src/boards/board.repository';
import { ListCounts } from '../src/boards/list-counts';
import { pinsBoardsIndexes } from '../src/indexes';
import { scratchDatabase, uniqueName } from '../../../test/support/servers';

/**
 * The owners' lists written behind the counts (boards/list-counts.ts), against the real store:
 * one list write for many counts, and nothing lost when the process that counted dies before it.
 */
const db = scratchDatabase('list_counts');
let boards: BoardRepository;
let lists: BoardListRepository;
const logger = createLogger('test', 'silent');

beforeAll(async () => {
  await ensureIndexes(db(), pinsBoardsIndexes);
  boards = new BoardRepository(db(), async () => undefined);
  lists = new BoardListRepository(db(), async () => undefined);
});

async function newBoard(ownerId: string, name: string): Promise<BoardDoc> {
  const at = new Date('2026-01-01T00:00:00Z');
  const board: BoardDoc = {
    _id: uniqueName('b'), ownerId, name, slug: name.toLowerCase(), ownerSlug: '', description: '', privacy: 'public', advertiserId: null, collaboratorIds: [],
    pinCount: 0, sectionCount: 0, pinSeq: 0, counted: [], coverPinId: null, coverImageUrl: null, coverColor: null, hasCustomCover: false, createdAt: at, lastSavedAt: at, archivedAt: null, deletedAt: null,
  };
  const stored = await boards.create(board, () => []);
  await lists.put(ownerId, listEntryOf(stored));
  return stored;
}

/** A counted save as count-saved-pin applies it. */
const countSave = (board: BoardDoc, n: number) =>
  boards.applyCount(board._id, `saved:p${n}@e${n}`, 1, { savedAt: new Date(Date.UTC(2026, 1, 1, 0, 0, n)), cover: { pinId: `p${n}`, imageUrl: `https://img.example/${n}.jpg`, color: '#123456' }, listPending: { ownerId: board.ownerId } });

const entry = async (ownerId: string, boardId: string) => (await lists.entries(ownerId)).find((e) => e.id === boardId);

it("puts many boards' counts into the owner's list in one write, and clears their marks", async () => {
  const owner = uniqueName('owner');
  const [a, b] = [await newBoard(owner, 'Lamps'), await newBoard(owner, 'Chairs')];
  const counts = new ListCounts({ boards, lists, logger }, 60_000);
  for (let n = 1; n <= 3; n++) {
    await countSave(a, n);
    counts.schedule(owner);
  }
  await countSave(b, 4);
  counts.schedule(owner);
  // Within the window the list still has the old counts.
  expect((await entry(owner, a._id))!.pinCount).toBe(0);

  await counts.drain();
  expect(await entry(owner, a._id)).toMatchObject({ pinCount: 3, coverImageUrl: 'https://img.example/3.jpg', lastSavedAt: new Date(Date.UTC(2026, 1, 1, 0, 0, 3)) });
  expect(await entry(owner, b._id)).toMatchObject({ pinCount: 1, coverImageUrl: 'https://img.example/4.jpg', name: 'Chairs' });
  expect(await boards.listPending(1000)).not.toContainEqual(expect.objectContaining({ _id: a._id }));
});

it('finishes, after a restart, the list writes of a process that died within the window', async () => {
  const owner = uniqueName('owner');
  const board = await newBoard(owner, 'Rugs');
  const dying = new ListCounts({ boards, lists, logger }, 60_000);
  await countSave(board, 1);
  dying.schedule(owner);
  dying.close(); // died: its window never closed

  expect(await boards.listPending(1000)).toContainEqual({ _id: board._id, ownerId: owner, listPendingOwner: owner });
  const next = new ListCounts({ boards, lists, logger }, 60_000);
  expect((await next.sweep()).boards).toBeGreaterThanOrEqual(1);
  await next.drain();
  expect((await entry(owner, board._id))!.pinCount).toBe(1);
  expect(await boards.listPending(1000)).not.toContainEqual(expect.objectContaining({ _id: board._id }));
});

it('keeps the mark of a board counted again after its values were read, for the next write', async () => {
  const owner = uniqueName('owner');
  const board = await newBoard(owner, 'Vases');
  await countSave(board, 1);
  const read = (await boards.findById(board._id))!;
  await countSave(board, 2); // between the list write's read and its clearing
  expect(await boards.clearListPendingOf(owner, [read])).toBe(0);
  expect(await boards.listPending(1000)).toContainEqual({ _id: board._id, ownerId: owner, listPendingOwner: owner });
});

it("clears, in one command, the marks of an owner's boards that still hold what was read, and keeps the one counted again since", async () => {
  const owner = uniqueName('owner');
  const other = uniqueName('owner');
  const [vases, rugs, lamps] = [await newBoard(owner, 'Vases'), await newBoard(owner, 'Rugs'), await newBoard(other, 'Lamps')];
  await countSave(vases, 1);
  await countSave(rugs, 2);
  await countSave(lamps, 3);
  const read = await boards.pendingOf(owner);
  expect(read.map((b) => b._id).sort()).toEqual([vases._id, rugs._id].sort());
  await countSave(rugs, 4); // between the list write's read and its clearing
  // Another owner's board, as read, in the same call: not theirs, so not cleared.
  expect(await boards.clearListPendingOf(owner, [...read, (await boards.findById(lamps._id))!])).toBe(1);
  const marked = await boards.listPending(1000);
  expect(marked).not.toContainEqual(expect.objectContaining({ _id: vases._id }));
  expect(marked).toContainEqual({ _id: rugs._id, ownerId: owner, listPendingOwner: owner });
  expect(marked).toContainEqual({ _id: lamps._id, ownerId: other, listPendingOwner: other });
});

it('does not bring back a board removed from the list meanwhile', async () => {
  const owner = uniqueName('owner');
  const [kept, removed] = [await newBoard(owner, 'Kept'), await newBoard(owner, 'Removed')];
  const counts = new ListCounts({ boards, lists, logger }, 60_000);
  await countSave(kept, 1);
  await countSave(removed, 2);
  counts.schedule(owner);
  await lists.remove(owner, removed._id);
  await counts.drain();
  expect(await entry(owner, removed._id)).toBeUndefined();
  expect((await entry(owner, kept._id))!.pinCount).toBe(1);
});
