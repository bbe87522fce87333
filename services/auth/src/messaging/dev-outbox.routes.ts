import { devMessageSchema } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import { z } from 'zod';
import type { DevOutboxRepository } from './dev-outbox.repository';

/** Only mounted when the dev outbox is on (never in production). */
export function devOutboxRoutes(outbox: DevOutboxRepository) {
  return [
    defineRoute({
      method: 'get',
      path: '/v3/dev/outbox/',
      summary: 'Messages sent in development (email and SMS), newest first',
      response: z.array(devMessageSchema),
      handler: async () => outbox.latest(),
    }),
  ];
}
