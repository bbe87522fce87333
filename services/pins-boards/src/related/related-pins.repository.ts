import type { Connection } from 'mongoose';
import { PINS_COLLECTION, type PinDoc } from '../pins/pin.model';

/**
 * Pins of one image read for a suggestion, at most. The store pushes the equality on `imageId`
 * down to its index but not the limit (blueprint: FerretDB never pushes a limit with a filter),
 * so a much-saved image still costs its index matches; the limit bounds what comes back to us.
 */
export const RELATED_PINS_READ = 30;

/** What a suggestion reads of a pin: where it was saved, and whether it is gone. */
export type RelatedPin = Pick<PinDoc, '_id' | 'boardId' | 'deletedAt'>;

/** The success dialog's one query of its own: other pins of the same image. */
export class RelatedPinRepository {
  constructor(private readonly conn: Connection) {}

  /** Up to `limit` pins of an image (equality on the indexed `imageId`; see hot-queries.ts). */
  async ofImage(imageId: string, limit = RELATED_PINS_READ): Promise<RelatedPin[]> {
    return this.conn
      .collection<PinDoc>(PINS_COLLECTION)
      .find({ imageId }, { projection: { _id: 1, boardId: 1, deletedAt: 1 }, limit })
      .toArray();
  }
}
