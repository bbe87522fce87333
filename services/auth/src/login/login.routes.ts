import { loginRequestSchema, loginResponseSchema } from '@pinhive/contracts';
import { defineRoute } from '@pinhive/kit';
import { setSessionCookies } from '../sessions/session.cookies';
import type { CookieOptions } from '../sessions/session.routes';
import type { SessionService } from '../sessions/session.service';
import { presentSessionUser } from '../users/user.presenter';
import type { LoginService } from './login.service';

export function loginRoutes(login: LoginService, sessions: SessionService, cookies: CookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/v3/login/',
      summary: 'Log in with email (or username) and password; sets the session cookies',
      body: loginRequestSchema,
      response: loginResponseSchema,
      handler: async ({ body, req, res }) => {
        const user = await login.verify(body, req.ip ?? 'unknown');
        setSessionCookies(res, await sessions.open({ id: user._id, username: user.username }, 'email'), cookies);
        return { user: presentSessionUser(user) };
      },
    }),
  ];
}
