import {
  SESSION_COOKIES, emailBodySchema, emailQuerySchema, emailValidationResponseSchema, meResponseSchema, registerRequestSchema, registerResponseSchema,
} from '@pinhive/contracts';
import { AppError, appError, defineRoute, perIp, readCookie, type DeclaredLimiter } from '@pinhive/kit';
import { z } from 'zod';
import { setSessionCookies, setUnderageCookie } from '../sessions/session.cookies';
import type { CookieOptions } from '../sessions/session.routes';
import type { SessionService } from '../sessions/session.service';
import { checkEmail, type RegistrationService } from './registration.service';
import { normaliseIdentifier } from './identifier';
import { currentUser } from './current-user';
import { presentSessionUser } from './user.presenter';
import type { UserRepository } from './user.repository';

export function userRoutes(deps: { registration: RegistrationService; users: UserRepository; sessions: SessionService; existsLimit: DeclaredLimiter; cookies: CookieOptions }) {
  const { registration, users, sessions, existsLimit, cookies } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/v3/register/',
      summary: 'Register with email, password and birthday; logs the new account in',
      auth: 'public',
      body: registerRequestSchema,
      response: registerResponseSchema,
      status: 201,
      handler: async ({ body, req, res }) => {
        // Spec: once a browser was told it is under age, later sign-ups from it are refused.
        if (readCookie(req, SESSION_COOKIES.underage) === '1') throw appError('underage', { field: 'birthday' });
        try {
          const user = await registration.register(body);
          setSessionCookies(res, await sessions.open(user, 'email'), cookies);
          return { user };
        } catch (err) {
          if (err instanceof AppError && err.code === 'underage') setUnderageCookie(res, cookies.secure);
          throw err;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v3/register/exists/',
      summary: 'Whether an account uses this email (false: free); rate-limited per IP',
      auth: 'public',
      rateLimit: { ...existsLimit, ...perIp },
      query: emailQuerySchema,
      response: z.boolean(),
      handler: async ({ query }) => users.emailExists(normaliseIdentifier(query.email)),
    }),
    defineRoute({
      method: 'post',
      path: '/v3/email/validation/',
      summary: "Server-side email rules (format, ASCII, brand name)",
      auth: 'public',
      body: emailBodySchema,
      response: emailValidationResponseSchema,
      handler: async ({ body }) => {
        try {
          checkEmail(body.email);
          return { is_valid: true };
        } catch (err) {
          if (err instanceof AppError) return { is_valid: false };
          throw err;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v3/users/me/',
      summary: 'The logged-in account',
      auth: 'viewer',
      response: meResponseSchema,
      handler: async ({ req, viewer }) => {
        // Auth's own routes also check that the session is still open (logout honoured at once).
        const user = await currentUser(req, sessions, users);
        return { ...presentSessionUser(user), viewer_type: viewer.viewerType, has_password: true };
      },
    }),
  ];
}
