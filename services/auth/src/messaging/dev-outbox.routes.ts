import { devMessageSchema } from '@pinhive/contracts';
import { defineRoute, page, pageQuery } from '@pinhive/kit';
import { z } from 'zod';
import { DEV_OUTBOX_WINDOW, type DevOutboxRepository } from './dev-outbox.repository';

/** How many messages the repository's `latest()` returns: the window this route pages over. */
const WINDOW = DEV_OUTBOX_WINDOW;

type Place = { sent_at: string; id: string };
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Negative when `a` comes before `b`: newest first, equal times by id, so the order is total. */
const newestFirst = (a: Place, b: Place) => cmp(b.sent_at, a.sent_at) || cmp(b.id, a.id);
/** The bookmark's key: the last message shown; the next page is what comes after it in that order. */
const outboxKey = z.object({ sent_at: z.iso.datetime(), id: z.string().min(1).max(64) });

/** Only mounted when the dev outbox is on (never in production). */
export function devOutboxRoutes(outbox: DevOutboxRepository) {
  return [
    defineRoute({
      method: 'get',
      path: '/v3/dev/outbox/',
      summary: `Messages sent in development (email and SMS), newest first; pages over the newest ${WINDOW}`,
      auth: 'public',
      // All of the window by default, as before paging: tests and the dev page read one answer.
      query: z.object(pageQuery({ key: outboxKey, defaultLimit: WINDOW, maxLimit: WINDOW })),
      response: z.array(devMessageSchema),
      paged: true,
      handler: async ({ query }) => {
        // The repository reads the newest 50 by key; the route pages over that window.
        const window = (await outbox.latest()).sort(newestFirst);
        const after = query.bookmark;
        const rest = after ? window.filter((m) => newestFirst(after, m) < 0) : window;
        return page(rest.slice(0, query.limit + 1), query.limit, (last) => ({ sent_at: last.sent_at, id: last.id }));
      },
    }),
  ];
}
