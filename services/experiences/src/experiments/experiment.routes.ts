import { randomUUID } from 'node:crypto';
import { EXPERIMENT_NAMES, VISITOR_COOKIE, experimentsResponseSchema, type ExperimentsResponse } from '@pinhive/contracts';
import { ALLOCATIONS_PATH, AllocationTable, allocationsSnapshotSchema, appError, defineRoute, forcedGroupsOf, LONG_POLL_HOLD_MS, readCookie, type Allocations } from '@pinhive/kit';
import { z } from 'zod';
import type { AllocationWatcher } from './allocation.watcher';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function experimentRoutes(watcher: AllocationWatcher, starting: Allocations, opts: { allowOverrides: boolean; secureCookies: boolean; holdMs?: number }) {
  // Until the store first answered (a moment at start), the configured starting values.
  const startingTable = new AllocationTable(starting);
  return [
    defineRoute({
      method: 'get',
      path: '/v3/experiences/experiments/',
      summary: "This viewer's group in each experiment (members by account, visitors by a browser cookie)",
      auth: 'optional',
      response: experimentsResponseSchema,
      handler: ({ req, res, viewer }) => {
        let subject = viewer?.userId ?? readCookie(req, VISITOR_COOKIE);
        if (!subject) {
          subject = randomUUID();
          res.cookie(VISITOR_COOKIE, subject, { httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, path: '/', maxAge: YEAR_MS });
        }
        const forced = forcedGroupsOf(req, opts.allowOverrides);
        const table = watcher.current?.table ?? startingTable;
        const groups = Object.fromEntries(EXPERIMENT_NAMES.map((name) => [name, table.groupOf(name, subject, forced)])) as ExperimentsResponse;
        return Promise.resolve(groups);
      },
    }),
    defineRoute({
      method: 'get',
      path: ALLOCATIONS_PATH,
      summary: "Internal (the gateway does not route it): the allocation table for the services' experiments client, held open until its stamp is not `after` (or 25 s)",
      auth: 'public',
      query: z.object({ after: z.string().max(100).optional() }),
      response: allocationsSnapshotSchema,
      handler: async ({ query, res }) => {
        res.set('Cache-Control', 'no-store');
        // A client that hangs up stops being held.
        const gone = new AbortController();
        res.once('close', () => gone.abort());
        const current = await watcher.next(query.after, opts.holdMs ?? LONG_POLL_HOLD_MS, gone.signal);
        if (!current) throw appError('service_unavailable', { message: 'The experiment allocations are not loaded yet.' });
        return current.snapshot;
      },
    }),
  ];
}
