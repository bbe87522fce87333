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

/** What "More like this" reads of a pin of a near picture: where it is, and its words for ranking. */
export type LookAlikePin = Pick<PinDoc, '_id' | 'boardId' | 'deletedAt' | 'title' | 'description'>;

/** Pins of one image (the success dialog's related board, "More like this"). */
export class RelatedPinRepository {
  constructor(private readonly conn: Connection) {}

  /** Up to `limit` pins of an image (equality on the indexed `imageId`; see hot-queries.ts). */
  async ofImage(imageId: string, limit = RELATED_PINS_READ): Promise<RelatedPin[]> {
    return this.conn
      .collection<PinDoc>(PINS_COLLECTION)
      .find({ imageId }, { projection: { _id: 1, boardId: 1, deletedAt: 1 }, limit })
      .toArray();
  }

  /** Up to `limit` pins of an image with their text (the same indexed equality as `ofImage`). */
  async lookAlikesOf(imageId: string, limit: number): Promise<LookAlikePin[]> {
    return this.conn
      .collection<PinDoc>(PINS_COLLECTION)
      .find({ imageId }, { projection: { _id: 1, boardId: 1, deletedAt: 1, title: 1, description: 1 }, limit })
      .toArray();
  }
}
