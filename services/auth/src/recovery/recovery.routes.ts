import { forgotPasswordRequestSchema, forgotPasswordResponseSchema, loginResponseSchema, resetPasswordRequestSchema } from '@pinhive/contracts';
import { defineRoute, perIp, type DeclaredLimiter } from '@pinhive/kit';
import { normaliseIdentifier } from '../users/identifier';
import type { LoginLimiter } from '../login/login.limiter';
import { setSessionCookies } from '../sessions/session.cookies';
import type { CookieOptions } from '../sessions/session.routes';
import type { SessionService } from '../sessions/session.service';
import { presentSessionUser } from '../users/user.presenter';
import type { RecoveryService } from './recovery.service';

export function recoveryRoutes(
  recovery: RecoveryService,
  sessions: SessionService,
  limits: { forgotPerIp: DeclaredLimiter; forgotPerIdentifier: DeclaredLimiter; login: LoginLimiter },
  cookies: CookieOptions,
) {
  return [
    defineRoute({
      method: 'post',
      path: '/v3/users/forgot_password/',
      summary: 'Email a password-reset link (same answer whether or not the account exists)',
      auth: 'public',
      // Per IP first, then per account identifier (existing or not, so the limit reveals nothing).
      rateLimit: [
        { ...limits.forgotPerIp, ...perIp },
        { ...limits.forgotPerIdentifier, per: 'identifier', key: ({ body }) => normaliseIdentifier(body.username_or_email) },
      ],
      body: forgotPasswordRequestSchema,
      response: forgotPasswordResponseSchema,
      handler: async ({ body }) => {
        await recovery.forgot(normaliseIdentifier(body.username_or_email));
        return { sent: true as const };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v3/users/reset_password/',
      summary: "Set a new password with an emailed token; ends the account's other sessions and logs in",
      auth: 'public',
      body: resetPasswordRequestSchema,
      response: loginResponseSchema,
      handler: async ({ body, res }) => {
        const user = await recovery.reset(body.token, body.password);
        await sessions.closeAll(user._id, 'password_reset');
        await limits.login.recordSuccess(user.email);
        setSessionCookies(res, await sessions.open({ id: user._id, username: user.username }, 'email'), cookies);
        return { user: presentSessionUser(user) };
      },
    }),
  ];
}
