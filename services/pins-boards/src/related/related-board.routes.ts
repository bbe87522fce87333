import { relatedBoardOptionsSchema, relatedBoardsSchema } from '@pinhive/contracts';
import { defineResource } from '@pinhive/kit';
import type { BoardRepository } from '../boards/board.repository';
import type { PinRepository } from '../pins/pin.repository';
import type { People } from '../shared/people';
import { RelatedBoardService } from './related-board.service';
import { RelatedPinRepository } from './related-pins.repository';

export interface RelatedBoardRoutesDeps {
  /** The service's store connection (only the repository touches it). */
  mongo: ConstructorParameters<typeof RelatedPinRepository>[0];
  pins: PinRepository;
  boards: BoardRepository;
  people: People;
}

/** The success dialog's related-board lookup: wired by service.ts in one line. */
export function relatedBoardRoutes({ mongo, pins, boards, people }: RelatedBoardRoutesDeps) {
  const related = new RelatedBoardService({ pins, boards, people, related: new RelatedPinRepository(mongo) });
  return [
    defineResource({
      resource: 'RelatedBoardForPinRandomFeedResource', action: 'get', auth: 'viewer',
      summary: "One public board of someone else holding the pin's image, at random, or none (404 when the pin is hidden from the viewer)",
      options: relatedBoardOptionsSchema, response: relatedBoardsSchema,
      handler: ({ viewer, options, res }) => {
        // A random pick each time: nothing between here and the browser may keep one.
        res.set('Cache-Control', 'no-store');
        return related.forPin(viewer, options.pin);
      },
    }),
  ];
}
