import { LOOKS_ALIKE_MAX_DISTANCE, type Pin } from '@pinhive/contracts';
import { authorize, type Viewer } from '@pinhive/kit';
import type { BoardService } from '../boards/board.service';
import type { ImageService } from '../images/image.service';
import { pinPolicy } from '../pins/pin.policy';
import type { PinRepository } from '../pins/pin.repository';
import type { PinService } from '../pins/pin.service';
import { ranked, wordOverlap, wordsOf, type LookAlike } from './more-like-this.rules';
import type { RelatedPinRepository } from './related-pins.repository';

/** Near images whose pins are read, nearest first: one indexed read each. */
export const MORE_LIKE_THIS_IMAGES = 40;
/** Pins read per near image (the store applies the limit after its index scan, as for `ofImage`). */
export const MORE_LIKE_THIS_PINS_PER_IMAGE = 10;
/** Pins shown through the pin read at once (each its policy check and presentation). */
const PRESENTED_TOGETHER = 5;

export interface MoreLikeThisServiceDeps {
  pins: Pick<PinRepository, 'findById'>;
  boards: Pick<BoardService, 'factsOf'>;
  images: Pick<ImageService, 'nearImages'>;
  related: Pick<RelatedPinRepository, 'lookAlikesOf'>;
  /** A pin as the viewer sees it, or null when hidden from them or gone (PinService.getUnlessHidden). */
  present: PinService['getUnlessHidden'];
}

/**
 * "More like this" on the pin page (MoreLikeThisResource): pins whose pictures look like the
 * pin's, by the pictures' hashes (docs/decisions/picture-similarity.md), the nearest first, then
 * the most words in common. Every read is bounded: the image, its 4 band reads, one pins read
 * per near image, and the pins shown.
 */
export class MoreLikeThisService {
  constructor(private readonly deps: MoreLikeThisServiceDeps) {}

  async forPin(viewer: Viewer | undefined, pinId: string, limit: number): Promise<Pin[]> {
    const pin = await this.deps.pins.findById(pinId);
    const board = pin ? await this.deps.boards.factsOf(pin.boardId) : null;
    // The same 404 as the pin's own read: a missing pin and one of a secret board answer alike.
    authorize(viewer, 'read', pin && board ? { pinnerId: pin.pinnerId, board } : null, pinPolicy);
    if (!pin) return [];
    // Other images only: pins of the pin's own image are its repins, the same picture again.
    const near = (await this.deps.images.nearImages(pin.image.id, LOOKS_ALIKE_MAX_DISTANCE)).slice(0, MORE_LIKE_THIS_IMAGES);
    const pinsOf = await Promise.all(near.map((image) => this.deps.related.lookAlikesOf(image.id, MORE_LIKE_THIS_PINS_PER_IMAGE)));
    const words = wordsOf(`${pin.title} ${pin.description}`);
    const candidates: LookAlike[] = near.flatMap((image, i) =>
      (pinsOf[i] ?? [])
        .filter((p) => !p.deletedAt)
        .map((p) => ({ pinId: p._id, imageId: image.id, distance: image.distance, overlap: wordOverlap(words, wordsOf(`${p.title} ${p.description}`)) })),
    );
    return this.shown(viewer, ranked(candidates), limit);
  }

  /**
   * The first `limit` candidates the viewer may see, one per image (the best ranked of its pins
   * they may see): each through the pin's own read, so the pin policy decides (never a secret
   * board of someone else, never a deleted pin).
   */
  private async shown(viewer: Viewer | undefined, order: LookAlike[], limit: number): Promise<Pin[]> {
    const shown: Pin[] = [];
    const imagesShown = new Set<string>();
    let rest = order;
    while (shown.length < limit && rest.length > 0) {
      const batch = rest.filter((c) => !imagesShown.has(c.imageId)).slice(0, PRESENTED_TOGETHER);
      if (batch.length === 0) break;
      rest = rest.slice(rest.indexOf(batch[batch.length - 1] as LookAlike) + 1);
      const pins = await Promise.all(batch.map((c) => this.deps.present(viewer, c.pinId)));
      for (const [i, pin] of pins.entries()) {
        const candidate = batch[i] as LookAlike;
        if (!pin || imagesShown.has(candidate.imageId) || shown.length >= limit) continue;
        shown.push(pin);
        imagesShown.add(candidate.imageId);
      }
    }
    return shown;
  }
}
