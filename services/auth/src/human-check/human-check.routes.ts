import { defineRoute } from '@pinhive/kit';
import { z } from 'zod';
import type { LocalHumanCheck } from './human-check.verifier';

/** Development and tests only: the local stand-in for the reCAPTCHA widget. */
export function localHumanCheckRoutes(check: LocalHumanCheck) {
  return [
    defineRoute({
      method: 'post', path: '/v3/auth/human_check/', summary: 'Local human check (development): a single-use token for this IP, valid 2 minutes', auth: 'public',
      response: z.object({ token: z.string() }),
      handler: async ({ req }) => ({ token: await check.issue(req.ip ?? 'unknown') }),
    }),
  ];
}
