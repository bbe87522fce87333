import type { BoardActionKind, BoardPrivacy } from '@pinhive/contracts';
import type { OutboxFields } from '@pinhive/kit';

export const MOVES_COLLECTION = 'moves';
export const BOARD_ACTIONS_COLLECTION = 'board_actions';

/** How long a board action holds its board without renewing: a crashed process frees it within this. */
export const LEASE_MS = 30_000;
/** A running action renews its leases this often (well inside LEASE_MS). */
export const LEASE_RENEW_MS = 10_000;
/** A move still running after this long answers 202 and goes on in the background. */
export const MOVE_ANSWER_WITHIN_MS = 5_000;
/** How often each instance looks for moves whose process died (their leases expired). */
export const MOVE_SWEEP_MS = 5_000;
/** Pins written at once within a batch (the store's pool is small, other boards keep being served). */
export const MOVE_WRITES_IN_FLIGHT = 8;

/**
 * One document per board that an action holds (`_id` = board id): a move, a select-all, a
 * section change. Taken by an insert (the unique `_id` lets one taker win), or, once expired,
 * by an update conditional on the old token; renewed while the action runs; deleted by token
 * when it ends. A crashed process's lease simply expires.
 */
export interface BoardActionDoc {
  _id: string;
  kind: BoardActionKind;
  token: string;
  expiresAt: Date;
  /** The move holding the board, if the action is a move: only it may take the board over while it is unfinished. */
  moveId: string | null;
  takenAt: Date;
}

/** Where a pin is, or goes: a board, and one of its sections or its root. */
export interface Place {
  boardId: string;
  sectionId: string | null;
}

/**
 * A pin of a batch as it was read before the batch's writes (the batch's intent): where it was,
 * and the numbers it gets where it goes (null: unchanged or none). Each pin's write is filtered
 * on where it was, so writing the batch again moves nothing twice.
 */
export interface MoveItem {
  pinId: string;
  boardId: string;
  sectionId: string | null;
  /** Its number on the target board (a move to another board), and in the target section. */
  seq: number | null;
  sectionSeq: number | null;
}

/** The batch being written: recorded in the move before any of its pin writes. */
export interface BatchIntent {
  n: number;
  items: MoveItem[];
  /** Where planning goes on after this batch: the next list index, or the next bucket down. */
  after: number;
}

/** What a move takes its pins from. */
export type MoveSource =
  /** Listed pins (at most MOVE_PINS_MAX), from the boards `fromBoards` (each also held). */
  | { kind: 'list'; pinIds: string[]; fromBoards: string[]; onlySectionId: string | null }
  /**
   * Every pin of a board (or of one of its sections) but `except`, numbered at most `top` when the
   * move started (pins saved later stay), walked a bucket at a time from `top`'s bucket down.
   */
  | { kind: 'selectAll'; boardId: string; sectionId: string | null; except: string[]; top: number };

/**
 * A move of pins, with its progress: batches of at most one bucket (PIN_BUCKET_SIZE pins), each
 * written as intent (before its pins), then its pins, its counts, then its progress and event
 * (one write). `running: true` (absent once finished) is the sweep's indexed flag.
 */
export interface MoveDoc extends Partial<OutboxFields> {
  _id: string;
  /** What the boards' leases say runs (a section created with pins moves them as a `sectionChange`). */
  kind: BoardActionKind;
  actorId: string;
  /** Every board the move holds (sorted). */
  boards: string[];
  to: Place;
  toPrivacy: BoardPrivacy;
  source: MoveSource;
  /**
   * The first of the numbers reserved on the target board / section when the move started (one
   * `$inc` each): a pin's new number is the base plus its offset (see move-plan.ts), so the
   * moved pins keep their order, whichever batch moves them.
   */
  seqBase: number | null;
  sectionSeqBase: number | null;
  /** The next list index, or the next bucket to read (-1: nothing left). */
  cursor: number;
  /** The next batch's number. */
  next: number;
  /** The batch being written, and its number (top level: the progress write's condition). */
  batch: BatchIntent | null;
  inFlight: number | null;
  moved: number;
  /** The target board got its cover from this move already (its newest moved pin). */
  coverSet: boolean;
  running?: true;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The counter key of a move's batch, the same on every board and section it changes (each has its own ledger). */
export const moveLedgerKey = (moveId: string, batch: number): string => `move:${moveId}:${batch}`;

/** The move and batch a ledger key names, or null for another kind of key. */
export function parseMoveLedgerKey(key: string): { moveId: string; batch: number } | null {
  const match = /^move:([^:]+):(\d+)$/.exec(key);
  return match ? { moveId: match[1] as string, batch: Number(match[2]) } : null;
}

/** The stamp a batch leaves on each pin it moved: counting the pins carrying it says what the batch really moved. */
export const moveBatchStamp = (moveId: string, batch: number): string => `${moveId}:${batch}`;
