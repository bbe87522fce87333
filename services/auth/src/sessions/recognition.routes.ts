import { recognisedViewerSchema } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import { z } from 'zod';
import type { UserRepository } from '../users/user.repository';
import type { IdentityLinkRepository } from '../identities/identity-link.repository';
import { presentRecognisedViewer } from '../users/user.presenter';
import type { Recognition } from './recognition';
import { clearRecognitionCookie } from './session.cookies';

export function recognitionRoutes(recognition: Recognition, users: UserRepository, links: IdentityLinkRepository, cookies: { secure: boolean }) {
  return [
    defineRoute({
      method: 'get',
      path: '/v3/auth/recognised/',
      summary: 'The account that last logged in on this browser, for the welcome-back log-in (or null)',
      auth: 'public',
      response: recognisedViewerSchema.nullable(),
      handler: async ({ req, res }) => {
        const userId = await recognition.read(req);
        const user = userId ? await users.findById(userId) : null;
        // A deactivated account is not welcomed back; its log-in answer explains instead.
        if (!user || user.deactivation) {
          if (userId) clearRecognitionCookie(res, cookies.secure);
          return null;
        }
        return presentRecognisedViewer(user, (await links.forUser(user._id)).map((l) => l.provider));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v3/auth/recognised/',
      summary: '"Not you?": this browser forgets the account it recognised',
      auth: 'public',
      response: z.null(),
      handler: ({ res }) => {
        clearRecognitionCookie(res, cookies.secure);
        return Promise.resolve(null);
      },
    }),
  ];
}
