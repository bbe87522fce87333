import { SESSION_COOKIES } from '@pinhive/contracts';
import { defineRoute, readCookie } from '@pinhive/kit';
import type { Request } from 'express';
import { z } from 'zod';
import type { SigningKeys } from '../keys/signing-keys';
import type { UserRepository } from '../users/user.repository';
import { clearSessionCookies, setSessionCookies } from './session.cookies';
import { SessionService } from './session.service';

export interface CookieOptions {
  secure: boolean;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export const refreshCookie = (req: Request): string | undefined => readCookie(req, SESSION_COOKIES.refresh);

export function sessionRoutes(sessions: SessionService, users: UserRepository, keys: SigningKeys, cookies: CookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/v3/auth/refresh/',
      summary: 'Rotate the refresh token and issue a new access token (cookies)',
      // The refresh cookie is the credential here: an expired access token must not stop it.
      auth: 'public',
      response: z.object({ refreshed: z.literal(true) }),
      handler: async ({ req, res }) => {
        try {
          const issued = await sessions.refresh(refreshCookie(req), async (id) => (await users.findById(id))?.username ?? null);
          setSessionCookies(res, issued, cookies);
          return { refreshed: true as const };
        } catch (err) {
          clearSessionCookies(res, cookies.secure);
          throw err;
        }
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v3/logout/',
      summary: 'End this session',
      // With an expired access token the refresh cookie still names the session to end.
      auth: 'optional',
      response: z.object({ logged_out: z.literal(true) }),
      handler: async ({ req, res, viewer }) => {
        const sessionId = viewer?.sessionId ?? SessionService.idOf(refreshCookie(req));
        if (sessionId) await sessions.close(sessionId);
        clearSessionCookies(res, cookies.secure);
        return { logged_out: true as const };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v3/auth/jwks/',
      summary: 'Public keys that verify access tokens (JWKS)',
      auth: 'public',
      response: z.object({ keys: z.array(z.object({ kid: z.string() }).loose()) }),
      handler: async () => {
        await keys.load();
        return keys.jwks();
      },
    }),
  ];
}
