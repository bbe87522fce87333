import type { ImageSpec, PinMethod } from '@pinhive/contracts';
import type { OutboxFields } from '@pinhive/kit';

export const PINS_COLLECTION = 'pins';

/**
 * Pins are read a board (or section) page at a time. The store pushes down no sort and no
 * range, so each pin carries the key of its page-sized bucket: `<boardId>:<floor(seq / 50)>`,
 * where `seq` is the board's next pin number at the save. A page reads the newest bucket, then
 * older ones, each by equality on an indexed field, and orders the at most 50 pins it got.
 */
export const PIN_BUCKET_SIZE = 50;
export const bucketKey = (ownerId: string, seq: number): string => `${ownerId}:${Math.floor(seq / PIN_BUCKET_SIZE)}`;

/** The stored image of a pin: shared by every pin of the same bytes (repins included). */
export interface PinImage {
  id: string;
  '236x': ImageSpec;
  orig: ImageSpec;
  dominantColor: string;
}

export interface PinDoc extends Partial<OutboxFields> {
  _id: string;
  boardId: string;
  sectionId: string | null;
  pinnerId: string;
  seq: number;
  /** Absent once deleted (the pin leaves every page). */
  boardBucket?: string;
  sectionSeq: number | null;
  sectionBucket?: string;
  /** Pins of an image, for removing it when none is left; absent once deleted. */
  imageId?: string;
  /**
   * `<pinnerId>:<imageId>`: the already-saved check finds the viewer's pin of an image by
   * equality on it. Absent once deleted, and on pins saved before the check existed.
   */
  pinnerImage?: string;
  image: PinImage;
  title: string;
  description: string;
  /** The pin builder's alt text, when one was given. */
  altText?: string;
  link: string | null;
  method: PinMethod;
  /** The pinner of the pin this one was saved from, and that pin. */
  viaPinnerId: string | null;
  repinOf: string | null;
  createdAt: Date;
  deletedAt: Date | null;
  /**
   * `<pinner>:<Idempotency-Key>` of the save that made it, or `<pinner>:<pin id>` without one
   * (always there, so the unique index needs no sparse option): a retried save finds its pin.
   */
  requestKey: string;
  /**
   * `<moveId>:<batch>` of the last move batch that moved it (indexed): a resumed batch counts the
   * pins carrying it to know what it really moved (moves/move-runner.ts).
   */
  moveBatch?: string;
  /**
   * Set once an advertiser promoted it (`ads.pin.promoted.v1`): the pin reads `is_promoted`, and
   * `removable` says whether its pinner may still delete it (deleting it ends its ads).
   */
  promoted?: { removable: boolean; at: Date };
}

/** A pin's `pinnerImage`: its pinner's and image's ids (the already-saved check). */
export const pinnerImageKey = (pinnerId: string, imageId: string): string => `${pinnerId}:${imageId}`;
