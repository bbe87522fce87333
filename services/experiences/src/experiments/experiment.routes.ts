import { randomUUID } from 'node:crypto';
import { EXPERIMENT_OVERRIDE_COOKIE, EXPERIMENTS, VISITOR_COOKIE, experimentsResponseSchema, type ExperimentName, type ExperimentsResponse } from '@pinhive/contracts';
import { defineRoute, readCookie } from '@pinhive/kit';
import { groupOf, parseOverrides, type Allocations } from './assignment';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function experimentRoutes(allocations: Allocations, opts: { allowOverrides: boolean; secureCookies: boolean }) {
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
        const forced = opts.allowOverrides ? parseOverrides(readCookie(req, EXPERIMENT_OVERRIDE_COOKIE)) : {};
        const groups = Object.fromEntries(
          (Object.keys(EXPERIMENTS) as ExperimentName[]).map((name) => [name, forced[name] ?? groupOf(name, subject, allocations)]),
        ) as ExperimentsResponse;
        return Promise.resolve(groups);
      },
    }),
  ];
}
