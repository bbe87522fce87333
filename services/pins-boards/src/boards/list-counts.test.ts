import { createLogger } from '@pinhive/kit';
import type { BoardDoc } from './board.model';
import { ListCounts } from './list-counts';

const board = (id: string, ownerId: string, pinCount: number): BoardDoc => ({
  _id: id, ownerId, pinCount, lastSavedAt: new Date(1000 + pinCount), coverPinId: `p${pinCount}`, coverImageUrl: `u${pinCount}`, coverColor: '#000', listPending: true, listPendingOwner: ownerId,
} as BoardDoc);

function setup() {
  const stored = new Map<string, BoardDoc>();
  const patches: { ownerId: string; boardIds: string[]; counts: number[] }[] = [];
  const cleared: string[] = [];
  let failPatch = false;
  const counts = new ListCounts({
    boards: {
      pendingOf: async (ownerId: string) => [...stored.values()].filter((b) => b.listPendingOwner === ownerId),
      clearListPendingOf: async (_ownerId: string, seen: BoardDoc[]) => { cleared.push(...seen.map((b) => b._id)); return seen.length; },
      listPending: async () => [...stored.values()].filter((b) => b.listPending).map((b) => ({ _id: b._id, ownerId: b.ownerId, listPendingOwner: b.listPendingOwner })),
      nameListOwner: async (b: BoardDoc) => { stored.set(b._id, { ...stored.get(b._id)!, listPendingOwner: b.ownerId }); },
    } as never,
    lists: {
      patchMany: async (ownerId: string, changes: { boardId: string; fields: { pinCount?: number } }[]) => {
        if (failPatch) throw new Error('store down');
        patches.push({ ownerId, boardIds: changes.map((c) => c.boardId), counts: changes.map((c) => c.fields.pinCount!) });
      },
    } as never,
    logger: createLogger('test', 'silent'),
  }, 20);
  return { counts, stored, patches, cleared, failWith: (v: boolean) => { failPatch = v; } };
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('ListCounts', () => {
  it("writes an owner's counted boards into their list once per window, with the boards' latest counts", async () => {
    const t = setup();
    t.stored.set('b1', board('b1', 'ada', 1));
    t.stored.set('b2', board('b2', 'ada', 5));
    t.stored.set('c1', board('c1', 'cy', 2));
    t.counts.schedule('ada');
    t.counts.schedule('ada');
    t.counts.schedule('cy');
    t.stored.set('b1', board('b1', 'ada', 2)); // a later count before the window closed
    t.counts.schedule('ada');
    await until(() => t.patches.length === 2);
    expect(t.patches.sort((a, b) => a.ownerId.localeCompare(b.ownerId))).toEqual([
      { ownerId: 'ada', boardIds: ['b1', 'b2'], counts: [2, 5] },
      { ownerId: 'cy', boardIds: ['c1'], counts: [2] },
    ]);
    expect(t.cleared.sort()).toEqual(['b1', 'b2', 'c1']);
  });

  it('clears no mark when the list write failed, so the sweep writes them later', async () => {
    const t = setup();
    t.stored.set('b1', board('b1', 'ada', 1));
    t.failWith(true);
    await t.counts.flush('ada').catch(() => undefined);
    t.counts.schedule('ada');
    await t.counts.flush('ada').catch(() => undefined);
    expect(t.cleared).toEqual([]);

    t.failWith(false);
    expect(await t.counts.sweep()).toEqual({ boards: 1 });
    await t.counts.drain();
    expect(t.patches).toEqual([{ ownerId: 'ada', boardIds: ['b1'], counts: [1] }]);
    expect(t.cleared).toEqual(['b1']);
  });

  it('leaves out a board that changed owner, is gone or is no longer marked', async () => {
    const t = setup();
    t.stored.set('b1', board('b1', 'someone-else', 1));
    t.stored.set('b2', { ...board('b2', 'ada', 1), listPending: undefined, listPendingOwner: undefined });
    t.counts.schedule('ada');
    await t.counts.drain();
    expect(t.patches).toEqual([]);
  });

  it("writes every marked board of the owner, those another process counted too, in one read", async () => {
    const t = setup();
    t.stored.set('b1', board('b1', 'ada', 1));
    t.stored.set('b2', board('b2', 'ada', 3)); // counted elsewhere, still marked
    t.counts.schedule('ada');
    await t.counts.drain();
    expect(t.patches).toEqual([{ ownerId: 'ada', boardIds: ['b1', 'b2'], counts: [1, 3] }]);
  });

  it('names the owner of a board marked before marks did, so the sweep gets it into their list', async () => {
    const t = setup();
    t.stored.set('b1', { ...board('b1', 'ada', 2), listPendingOwner: undefined });
    expect(await t.counts.sweep()).toEqual({ boards: 1 });
    await t.counts.drain();
    expect(t.patches).toEqual([{ ownerId: 'ada', boardIds: ['b1'], counts: [2] }]);
  });
});
