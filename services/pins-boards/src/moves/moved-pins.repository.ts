import { mapLimit } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { bucketKey, PIN_BUCKET_SIZE, PINS_COLLECTION, type PinDoc } from '../pins/pin.model';
import type { Changed } from '../shared/changes';
import { pinMoveWrite } from './move-plan';
import { MOVE_WRITES_IN_FLIGHT, type MoveItem, type Place } from './move.model';

/** What a move reads of a pin (not its outbox). */
const PIN_FIELDS = { pendingEvents: 0 } as const;

/**
 * The pins' side of moves: reading them by id or by bucket, and each pin's guarded write.
 * Every query is by `_id`, by a bucket key, or by the batch stamp `moveBatch` (indexed).
 */
export class MovedPinsRepository {
  /** As PinRepository's: `changed(boardId)` when a board's pins change, `pinChanged(pinId)` after a write to a pin. */
  constructor(
    private readonly conn: Connection,
    private readonly changed: Changed,
    private readonly pinChanged: Changed,
  ) {}

  private pins() {
    return this.conn.collection<PinDoc>(PINS_COLLECTION);
  }

  /** Pins by id, one `_id` read each (the store does not push `$in` down); null for a missing one. */
  async byIds(ids: readonly string[]): Promise<(PinDoc | null)[]> {
    return mapLimit(ids, MOVE_WRITES_IN_FLIGHT, (id) => this.pins().findOne({ _id: id }, { projection: PIN_FIELDS }));
  }

  /** One bucket of a board's (`boardBucket`) or a section's (`sectionBucket`) pins. */
  async bucket(field: 'boardBucket' | 'sectionBucket', ownerId: string, bucket: number): Promise<PinDoc[]> {
    return this.pins().find({ [field]: bucketKey(ownerId, bucket * PIN_BUCKET_SIZE) }, { projection: PIN_FIELDS }).toArray();
  }

  /**
   * Writes a batch's pins, each filtered on where it was (so a pin moved or deleted meanwhile, or
   * moved by an earlier attempt at this batch, is passed over), then marks the boards' pages and
   * the pins changed (pins that were moved before a crash are marked again: harmless).
   */
  async writeBatch(items: readonly MoveItem[], to: Place, stamp: string): Promise<void> {
    await mapLimit(items, MOVE_WRITES_IN_FLIGHT, async (item) => {
      const { filter, update } = pinMoveWrite(item, to, stamp);
      await this.pins().updateOne(filter, update);
    });
    const boards = new Set([to.boardId, ...items.map((i) => i.boardId)]);
    await Promise.all([...[...boards].map((b) => this.changed(b)), ...items.map((i) => this.pinChanged(i.pinId))]);
  }

  /** The pins a batch really moved: those carrying its stamp (at most one bucket), deleted since or not. */
  async stampedWith(stamp: string): Promise<PinDoc[]> {
    return this.pins().find({ moveBatch: stamp }, { projection: PIN_FIELDS }).toArray();
  }
}
