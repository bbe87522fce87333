import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import { updateWithEvents } from '@pinhive/kit';
import type { Settled } from '../boards/board.repository';
import { MOVES_COLLECTION, parseMoveLedgerKey, type BatchIntent, type MoveDoc } from './move.model';

/** Unfinished moves one sweep looks at, at most (crashes are rare; the next sweep takes the rest). */
const SWEEP_BATCH = 20;

/**
 * Whether the counter key of a move's batch may leave a board's or section's ledger: once the
 * batch's progress is recorded (the move's `inFlight` is no longer that batch), nothing applies
 * it again. Until then it is all that stops a resumed batch from counting twice, however many
 * saves push keys after it. Other keys are the caller's to judge (`others`).
 */
export function settledWithMoves(conn: Connection, others: Settled = async () => true): Settled {
  return async (key) => {
    const move = parseMoveLedgerKey(key);
    if (!move) return others(key);
    const doc = await conn.collection<MoveDoc>(MOVES_COLLECTION).findOne({ _id: move.moveId }, { projection: { inFlight: 1 } });
    return !doc || doc.inFlight !== move.batch;
  };
}

/** Moves and their progress (move.model.ts); the outbox of their `pins.pin.moved.v1` events. */
export class MoveRepository {
  constructor(private readonly conn: Connection) {}

  private moves() {
    return this.conn.collection<MoveDoc>(MOVES_COLLECTION);
  }

  async insert(move: MoveDoc): Promise<void> {
    await this.moves().insertOne(move);
  }

  async findById(id: string): Promise<MoveDoc | null> {
    return this.moves().findOne({ _id: id }, { projection: { pendingEvents: 0 } });
  }

  /** Whether a move is still to be finished (running, or left half done by a process that died). */
  async unfinished(id: string): Promise<boolean> {
    const move = await this.moves().findOne({ _id: id }, { projection: { running: 1 } });
    return move?.running === true;
  }

  /** Some unfinished moves, by the indexed flag (absent once finished, so only they are in the index). */
  async unfinishedMoves(): Promise<MoveDoc[]> {
    return this.moves().find({ running: true }, { projection: { pendingEvents: 0 }, limit: SWEEP_BATCH }).toArray();
  }

  /**
   * Records a batch's intent before its first pin write: which pins, where each was, where it
   * goes. Only after the previous batch's progress (the condition), so two runners of one move
   * record one intent per batch.
   */
  async recordIntent(id: string, intent: BatchIntent): Promise<boolean> {
    const res = await this.moves().updateOne({ _id: id, inFlight: null, next: intent.n }, { $set: { batch: intent, inFlight: intent.n } });
    return res.modifiedCount === 1;
  }

  /**
   * A batch written (pins and counts): its progress and its events, in one write, once. False
   * when another runner of the move recorded it first.
   */
  async recordProgress(id: string, intent: BatchIntent, moved: number, coverSet: boolean, events: EventEnvelope[]): Promise<boolean> {
    const update = { $set: { batch: null, inFlight: null, cursor: intent.after, next: intent.n + 1, coverSet }, $inc: { moved } };
    const res = await this.moves().updateOne({ _id: id, inFlight: intent.n }, events.length > 0 ? updateWithEvents(update, events) : update);
    return res.modifiedCount === 1;
  }

  /** The move is done: it leaves the sweep's flag (its boards are released after this). */
  async finish(id: string, at: Date): Promise<void> {
    await this.moves().updateOne({ _id: id, inFlight: null, running: true }, { $set: { finishedAt: at }, $unset: { running: '' } });
  }
}
