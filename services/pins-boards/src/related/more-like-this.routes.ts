import { moreLikeThisOptionsSchema, moreLikeThisSchema } from '@pinhive/contracts';
import { defineResource } from '@pinhive/kit';
import type { BoardService } from '../boards/board.service';
import type { ImageService } from '../images/image.service';
import type { PinRepository } from '../pins/pin.repository';
import type { PinService } from '../pins/pin.service';
import { MoreLikeThisService } from './more-like-this.service';
import { RelatedPinRepository } from './related-pins.repository';

export interface MoreLikeThisRoutesDeps {
  /** The service's store connection (only the repository touches it). */
  mongo: ConstructorParameters<typeof RelatedPinRepository>[0];
  pins: PinRepository;
  boardService: BoardService;
  images: ImageService;
  pinService: PinService;
}

/** The pin page's "More like this": wired by service.ts in one line. */
export function moreLikeThisRoutes({ mongo, pins, boardService, images, pinService }: MoreLikeThisRoutesDeps) {
  const more = new MoreLikeThisService({ pins, boards: boardService, images, related: new RelatedPinRepository(mongo), present: (viewer, id) => pinService.getUnlessHidden(viewer, id) });
  return [
    defineResource({
      resource: 'MoreLikeThisResource', action: 'get', auth: 'optional',
      summary: "Pins whose pictures look like the pin's, the nearest first (404 when the pin is hidden from the viewer)",
      options: moreLikeThisOptionsSchema, response: moreLikeThisSchema,
      handler: ({ viewer, options }) => more.forPin(viewer, options.pin, options.page_size),
    }),
  ];
}
