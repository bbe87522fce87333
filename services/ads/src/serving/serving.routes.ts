import { adEventsAcceptedSchema, adEventsBodySchema, adServeQuerySchema, adServeResponseSchema } from '@pinhive/contracts';
import { defineRoute, memoryLimit, perIp } from '@pinhive/kit';
import type { ServingService } from './serving.service';

/** Event posts per address a minute: a busy page sends one every couple of seconds. */
const EVENT_POSTS = { points: 600, durationSeconds: 60 };

export function servingRoutes(serving: ServingService) {
  return [
    defineRoute({
      method: 'get', path: '/ads/v4/serve/', summary: 'Promoted pins for a placement (home feed, search): running, targeted, paced campaigns; never the viewer\'s own advertisers\'', auth: 'optional',
      query: adServeQuerySchema, response: adServeResponseSchema,
      handler: ({ viewer, query, res }) => {
        res.set('Cache-Control', 'private, no-store');
        return serving.serve(viewer, query.placement, query.count, query.q);
      },
    }),
    defineRoute({
      method: 'post', path: '/ads/v4/events/', summary: 'Impressions and clicks of served promoted pins, by their tokens (202; stale or foreign tokens skipped)', auth: 'optional', status: 202,
      body: adEventsBodySchema, response: adEventsAcceptedSchema, rateLimit: { ...memoryLimit('ad-event-posts', EVENT_POSTS.points, EVENT_POSTS.durationSeconds), ...perIp },
      handler: ({ viewer, body }) => serving.accept(viewer, body),
    }),
  ];
}
