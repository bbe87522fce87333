import { offsiteCheckQuerySchema, offsiteCheckSchema, type OffsiteStatus } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import { Router } from 'express';
import type { OffsiteService } from './offsite.service';

/** What a person who reached `/offsite/` anyway reads (the web app checks first, so this is rare): plain, no script. */
const PAGE = (title: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}a{color:#111}</style></head>
<body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Back to Pinhive</a></p></main></body></html>`;

const REFUSED: Record<Exclude<OffsiteStatus, 'ok'>, string> = {
  blocked: 'This link is blocked: it was reported as harmful.',
  suspicious: 'This link looks unsafe, so Pinhive does not open it.',
  porn: 'This link leads to adult content, which Pinhive does not open.',
};

export function offsiteRoutes(offsite: OffsiteService) {
  return [
    defineRoute({
      method: 'get', path: '/v3/offsite/', summary: 'Check a link before following it: its status, and the signed /offsite/ path to follow it by', auth: 'optional',
      query: offsiteCheckQuerySchema, response: offsiteCheckSchema,
      handler: ({ query }) => offsite.check(query.url, query.pin_id),
    }),
  ];
}

/**
 * `/offsite/?token=&url=&pin=`: a 302 to the link when the token was made for it here and the
 * link may be followed; never a redirect to anything else (no open redirect). No referrer goes
 * with it, and nothing is cached (the operators' list may change).
 */
export function offsiteRedirectRouter(offsite: OffsiteService): Router {
  const router = Router();
  router.get('/offsite/', (req, res, next) => {
    offsite
      .redirect(req.query)
      .then((result) => {
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Referrer-Policy', 'no-referrer');
        if (result.kind === 'follow') return res.redirect(302, result.location);
        res.type('html');
        if (result.kind === 'forged') return res.status(400).send(PAGE('This link can’t be opened', 'It was not made by Pinhive, so it is not followed.'));
        return res.status(403).send(PAGE('This link isn’t opened', REFUSED[result.status as Exclude<OffsiteStatus, 'ok'>]));
      })
      .catch(next);
  });
  return router;
}
