import { batchDeltas, firstBucket, newestArrival, numbersNeeded, pinMoveWrite, planBucket, planListChunk, samePlace, type PinPosition } from './move-plan';
import type { MoveDoc } from './move.model';

/** Batch planning and the shape of each pin's write (moves/move-plan.ts). */
const pin = (id: string, boardId: string, sectionId: string | null, seq: number, sectionSeq: number | null = null, deletedAt: Date | null = null): PinPosition => ({ _id: id, boardId, sectionId, seq, sectionSeq, deletedAt });

type Planned = Pick<MoveDoc, 'to' | 'source' | 'seqBase' | 'sectionSeqBase'>;

describe('a listed move', () => {
  const move: Planned = {
    to: { boardId: 'B', sectionId: 'S' },
    source: { kind: 'list', pinIds: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], fromBoards: ['A', 'B'], onlySectionId: null },
    seqBase: 100,
    sectionSeqBase: 10,
  };

  it('passes over missing, deleted, foreign and already-placed pins, and numbers the rest so the first listed is the newest', () => {
    const items = planListChunk(move, 0, [pin('p1', 'A', null, 7), null, pin('p3', 'A', null, 8, null, new Date()), pin('p4', 'C', null, 1), pin('p5', 'B', 'S', 2, 1), pin('p6', 'B', 'X', 3, 4)]);
    expect(items).toEqual([
      { pinId: 'p1', boardId: 'A', sectionId: null, seq: 105, sectionSeq: 15 },
      // Already on the target board: only its section number changes.
      { pinId: 'p6', boardId: 'B', sectionId: 'X', seq: null, sectionSeq: 10 },
    ]);
  });

  it('numbers a later chunk by its place in the whole list', () => {
    expect(planListChunk(move, 4, [pin('p5', 'A', null, 1), pin('p6', 'A', null, 2)]).map((i) => i.seq)).toEqual([101, 100]);
  });

  it('takes only the pins of its section when it empties one (back to the board root)', () => {
    const out: Planned = { to: { boardId: 'A', sectionId: null }, source: { kind: 'list', pinIds: ['p1', 'p2'], fromBoards: ['A'], onlySectionId: 'X' }, seqBase: null, sectionSeqBase: null };
    expect(planListChunk(out, 0, [pin('p1', 'A', 'X', 1, 1), pin('p2', 'A', 'Y', 2, 1)])).toEqual([{ pinId: 'p1', boardId: 'A', sectionId: 'X', seq: null, sectionSeq: null }]);
  });
});

describe('a select-all', () => {
  const move: Planned = {
    to: { boardId: 'B', sectionId: null },
    source: { kind: 'selectAll', boardId: 'A', sectionId: null, except: ['p2'], top: 60 },
    seqBase: 1000,
    sectionSeqBase: null,
  };

  it('starts at the bucket of its top number and reserves numbers up to it', () => {
    expect(firstBucket(60)).toBe(1);
    expect(firstBucket(49)).toBe(0);
    expect(numbersNeeded(move.source)).toBe(61);
    expect(numbersNeeded({ kind: 'list', pinIds: ['a', 'b'], fromBoards: [], onlySectionId: null })).toBe(2);
  });

  it('moves the live pins numbered up to its top but the excluded ones, keeping their order, and leaves later saves', () => {
    const items = planBucket(move, [pin('p3', 'A', 'X', 55, 3), pin('p1', 'A', null, 51), pin('p2', 'A', null, 52), pin('p4', 'A', null, 61), pin('p5', 'A', null, 53, null, new Date())]);
    expect(items).toEqual([
      { pinId: 'p1', boardId: 'A', sectionId: null, seq: 1051, sectionSeq: null },
      { pinId: 'p3', boardId: 'A', sectionId: 'X', seq: 1055, sectionSeq: null },
    ]);
  });

  it('of a section walks its section numbers and passes over pins that left it', () => {
    const inSection: Planned = { to: { boardId: 'A', sectionId: 'Y' }, source: { kind: 'selectAll', boardId: 'A', sectionId: 'X', except: [], top: 5 }, seqBase: null, sectionSeqBase: 20 };
    expect(planBucket(inSection, [pin('p1', 'A', 'X', 40, 2), pin('p2', 'A', null, 41, 3), pin('p3', 'A', 'X', 42, 6)])).toEqual([{ pinId: 'p1', boardId: 'A', sectionId: 'X', seq: null, sectionSeq: 22 }]);
  });
});

describe("a pin's write", () => {
  it('is filtered on where the pin was read, and gives it its new board, bucket, section and the batch stamp', () => {
    const write = pinMoveWrite({ pinId: 'p1', boardId: 'A', sectionId: 'X', seq: 120, sectionSeq: 7 }, { boardId: 'B', sectionId: 'S' }, 'm:0');
    expect(write.filter).toEqual({ _id: 'p1', boardId: 'A', sectionId: 'X', deletedAt: null });
    expect(write.update).toEqual({ $set: { moveBatch: 'm:0', boardId: 'B', seq: 120, boardBucket: 'B:2', sectionId: 'S', sectionSeq: 7, sectionBucket: 'S:0' } });
  });

  it('to a board root clears the section and takes the pin off its section page', () => {
    const write = pinMoveWrite({ pinId: 'p1', boardId: 'A', sectionId: 'X', seq: null, sectionSeq: null }, { boardId: 'A', sectionId: null }, 'm:1');
    expect(write.update).toEqual({ $set: { moveBatch: 'm:1', sectionId: null, sectionSeq: null }, $unset: { sectionBucket: '' } });
  });
});

describe("a batch's counter changes", () => {
  it('are one net number per board and section', () => {
    const { boards, sections } = batchDeltas(
      [
        { pinId: 'p1', boardId: 'A', sectionId: 'X', seq: 1, sectionSeq: 1 },
        { pinId: 'p2', boardId: 'A', sectionId: null, seq: 2, sectionSeq: 2 },
        { pinId: 'p3', boardId: 'B', sectionId: 'Y', seq: null, sectionSeq: 3 },
      ],
      { boardId: 'B', sectionId: 'S' },
    );
    expect(Object.fromEntries(boards)).toEqual({ A: -2, B: 2 });
    expect(Object.fromEntries(sections)).toEqual({ X: -1, Y: -1, S: 3 });
  });

  it('leave the board alone when pins only change section on it', () => {
    const { boards, sections } = batchDeltas([{ pinId: 'p1', boardId: 'A', sectionId: 'X', seq: null, sectionSeq: null }], { boardId: 'A', sectionId: null });
    expect(boards.size).toBe(0);
    expect(Object.fromEntries(sections)).toEqual({ X: -1 });
  });

  it('give the target the newest pin that came from another board as its cover', () => {
    expect(newestArrival([{ pinId: 'a', boardId: 'A', sectionId: null, seq: 5, sectionSeq: null }, { pinId: 'b', boardId: 'A', sectionId: null, seq: 9, sectionSeq: null }])?.pinId).toBe('b');
    expect(newestArrival([{ pinId: 'a', boardId: 'B', sectionId: null, seq: null, sectionSeq: 1 }])).toBeUndefined();
  });
});

it('knows a source and a target that are the same place', () => {
  expect(samePlace({ boardId: 'A', sectionId: null }, { boardId: 'A', sectionId: null })).toBe(true);
  expect(samePlace({ boardId: 'A', sectionId: 'X' }, { boardId: 'A', sectionId: null })).toBe(false);
});
