import { pinSendOptionsSchema, pinSendSchema, RECEIVED_PINS_PAGE_MAX, RECEIVED_PINS_PAGE_SIZE, receivedPinSchema, receivedPinsOptionsSchema } from '@pinhive/contracts';
import { defineResource, idempotencyKey, memoryLimit, pagedOptions, pageWithNextKey, perViewer } from '@pinhive/kit';
import { z } from 'zod';
import { bucketPageKeySchema } from '../shared/bucket-pages';
import type { SendService } from './send.service';

/**
 * Sends per viewer: generous for people sharing by hand, a wall for a script working through
 * whom it follows (sends land in people's lists unasked).
 */
const SENDS = { points: 120, durationSeconds: 3600 };

export function sendRoutes(sends: SendService) {
  return [
    defineResource({
      resource: 'PinSendResource', action: 'create', summary: 'Send a pin to a person the viewer follows who may see it (Idempotency-Key: a retry is the same send)', auth: 'viewer', status: 201,
      rateLimit: { ...memoryLimit('pin-send', SENDS.points, SENDS.durationSeconds), ...perViewer },
      options: pinSendOptionsSchema, response: pinSendSchema,
      handler: ({ viewer, options, req }) => sends.send(viewer, options, idempotencyKey(req.get('idempotency-key'))),
    }),
    defineResource({
      resource: 'ReceivedPinsResource', action: 'get', summary: 'Pins sent to the viewer, newest first (pins since deleted or hidden from them left out)', auth: 'viewer', paged: true,
      options: pagedOptions(receivedPinsOptionsSchema.omit({ page_size: true, bookmarks: true }), { key: bucketPageKeySchema, defaultLimit: RECEIVED_PINS_PAGE_SIZE, maxLimit: RECEIVED_PINS_PAGE_MAX }),
      response: z.array(receivedPinSchema),
      handler: async ({ viewer, options }) => {
        const { items, next } = await sends.received(viewer, options.bookmarks, options.page_size);
        return pageWithNextKey(items, next);
      },
    }),
  ];
}
