import { bucketKey, PIN_BUCKET_SIZE } from '../pins/pin.model';
import type { MoveDoc, MoveItem, Place } from './move.model';

/** What planning reads of a pin. */
export interface PinPosition {
  _id: string;
  boardId: string;
  sectionId: string | null;
  seq: number;
  sectionSeq: number | null;
  deletedAt: Date | null;
}

type Planned = Pick<MoveDoc, 'to' | 'source' | 'seqBase' | 'sectionSeqBase'>;

const atTarget = (pin: Pick<PinPosition, 'boardId' | 'sectionId'>, to: Place) => pin.boardId === to.boardId && pin.sectionId === to.sectionId;

/** Whether a source and a target are the same board and section (refused: section 5). */
export const samePlace = (a: Place, b: Place): boolean => a.boardId === b.boardId && a.sectionId === b.sectionId;

/**
 * How many numbers a move reserves on its target board and section when it starts (one `$inc`
 * each), so that every batch's pins are numbered from that range: a list's length (the first
 * listed pin becomes the newest), or a select-all's highest number plus one (a pin keeps its
 * place: the newest stays newest, whichever batch moves it).
 */
export function numbersNeeded(source: MoveDoc['source']): number {
  return source.kind === 'list' ? source.pinIds.length : source.top + 1;
}

/** The item of a pin that goes, numbered `offset` within the move's reserved range. */
function itemOf(pin: PinPosition, move: Planned, offset: number): MoveItem {
  const crossBoard = pin.boardId !== move.to.boardId;
  return {
    pinId: pin._id,
    boardId: pin.boardId,
    sectionId: pin.sectionId,
    seq: crossBoard && move.seqBase !== null ? move.seqBase + offset : null,
    sectionSeq: move.to.sectionId !== null && move.sectionSeqBase !== null ? move.sectionSeqBase + offset : null,
  };
}

/**
 * The pins of one chunk of a list (`pins[i]` read for `pinIds[start + i]`, null when missing)
 * that go: live, on one of the move's source boards (and in its section, if it names one), not
 * at the target already. Others are passed over: a pin id that is not on the source is no error.
 */
export function planListChunk(move: Planned, start: number, pins: readonly (PinPosition | null)[]): MoveItem[] {
  const source = move.source;
  if (source.kind !== 'list') throw new Error('planListChunk needs a list move');
  const items: MoveItem[] = [];
  pins.forEach((pin, i) => {
    if (!pin || pin.deletedAt || !source.fromBoards.includes(pin.boardId) || atTarget(pin, move.to)) return;
    if (source.onlySectionId !== null && pin.sectionId !== source.onlySectionId) return;
    items.push(itemOf(pin, move, source.pinIds.length - 1 - (start + i)));
  });
  return items;
}

/**
 * The pins of one bucket of a select-all's source that go: live, still in the source, numbered
 * at most the move's `top` (later saves stay), not left out by the viewer, not at the target.
 */
export function planBucket(move: Planned, pins: readonly PinPosition[]): MoveItem[] {
  const source = move.source;
  if (source.kind !== 'selectAll') throw new Error('planBucket needs a select-all move');
  const except = new Set(source.except);
  const numberOf = (p: PinPosition) => (source.sectionId ? (p.sectionSeq ?? Number.POSITIVE_INFINITY) : p.seq);
  return pins
    .filter((p) => !p.deletedAt && p.boardId === source.boardId && (source.sectionId === null || p.sectionId === source.sectionId))
    .filter((p) => numberOf(p) <= source.top && !except.has(p._id) && !atTarget(p, move.to))
    .sort((a, b) => numberOf(a) - numberOf(b))
    .map((p) => itemOf(p, move, numberOf(p)));
}

/** The bucket a select-all starts from: its top number's. */
export const firstBucket = (top: number): number => Math.floor(top / PIN_BUCKET_SIZE);

/**
 * One pin's write in a batch: filtered on where the pin was when the batch was planned (so it
 * matches once, and a pin deleted or moved meanwhile is passed over), stamped with the batch.
 */
export function pinMoveWrite(item: MoveItem, to: Place, stamp: string): { filter: Record<string, unknown>; update: Record<string, unknown> } {
  const set: Record<string, unknown> = { moveBatch: stamp };
  if (item.seq !== null) Object.assign(set, { boardId: to.boardId, seq: item.seq, boardBucket: bucketKey(to.boardId, item.seq) });
  if (to.sectionId !== null && item.sectionSeq !== null) {
    Object.assign(set, { sectionId: to.sectionId, sectionSeq: item.sectionSeq, sectionBucket: bucketKey(to.sectionId, item.sectionSeq) });
  } else {
    Object.assign(set, { sectionId: null, sectionSeq: null });
  }
  return {
    filter: { _id: item.pinId, boardId: item.boardId, sectionId: item.sectionId, deletedAt: null },
    update: { $set: set, ...(to.sectionId === null ? { $unset: { sectionBucket: '' } } : {}) },
  };
}

/**
 * The counter changes of a batch's moved pins: per board and per section, one number each (a
 * board that is both a source and the target of same-board pins nets to what really changed).
 */
export function batchDeltas(moved: readonly MoveItem[], to: Place): { boards: Map<string, number>; sections: Map<string, number> } {
  const boards = new Map<string, number>();
  const sections = new Map<string, number>();
  const add = (map: Map<string, number>, id: string, d: number) => map.set(id, (map.get(id) ?? 0) + d);
  for (const item of moved) {
    if (item.boardId !== to.boardId) {
      add(boards, item.boardId, -1);
      add(boards, to.boardId, 1);
    }
    if (item.sectionId !== null) add(sections, item.sectionId, -1);
    if (to.sectionId !== null) add(sections, to.sectionId, 1);
  }
  for (const map of [boards, sections]) for (const [id, d] of map) if (d === 0) map.delete(id);
  return { boards, sections };
}

/** The newest of a batch's pins that reached another board: the target's cover when the move gives it one. */
export function newestArrival(moved: readonly MoveItem[]): MoveItem | undefined {
  return moved.filter((i) => i.seq !== null).reduce<MoveItem | undefined>((best, i) => (!best || (i.seq ?? 0) > (best.seq ?? 0) ? i : best), undefined);
}
