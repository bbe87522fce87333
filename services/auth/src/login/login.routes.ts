import { SESSION_COOKIES, hasIdentityCredentials, loginRequestSchema, loginResponseSchema, type MfaRequiredData } from '@pinhive/contracts';
import { appError, defineRoute, readCookie } from '@pinhive/kit';
import type { MfaService } from '../mfa/mfa.service';
import type { StoredAccounts } from '../sessions/stored-accounts';
import type { IpRule } from '../human-check/ip-rule';
import { setSessionCookies } from '../sessions/session.cookies';
import { clearFirstFactorCookie, setFirstFactorCookie, setPendingIdentityCookie } from '../identities/identity.cookies';
import type { CookieOptions } from '../sessions/session.routes';
import type { SessionService } from '../sessions/session.service';
import { presentSessionUser } from '../users/user.presenter';
import type { IdentityLoginService } from '../identities/identity-login.service';
import type { SessionDoc } from '../sessions/session.model';
import type { LoginService } from './login.service';

const mfaCookie = { httpOnly: true, sameSite: 'lax' as const, path: '/v3/', maxAge: 10 * 60 * 1000 };

export function loginRoutes(login: LoginService, identityLogin: IdentityLoginService, ipRule: IpRule, mfa: MfaService, sessions: SessionService, accounts: StoredAccounts, cookies: CookieOptions) {
  return [
    defineRoute({
      method: 'post',
      path: '/v3/login/',
      summary: 'Log in with email (or username) and password, or with SSO or a social provider; sets the session cookies',
      // Not a declared rateLimit: the IP rule lets a human-check token through and answers
      // login_too_quick with what the web app needs to show the check (human-check/ip-rule.ts).
      auth: 'public',
      body: loginRequestSchema,
      response: loginResponseSchema,
      handler: async ({ body, req, res }) => {
        // Too many attempts from this IP: only a human-check token gets this one through.
        await ipRule.guard(req.ip ?? 'unknown', body.recaptchaV2Token);
        // A provider's credentials (SSO, Google-kind, Facebook-kind, LINE), else email and password
        // (the body's schema requires both when no provider's credentials are given).
        // The code step of a provider's log-in goes on from the account the provider proved (its
        // popup cannot be shown again, SSO's code cannot be exchanged twice).
        const heldId = readCookie(req, SESSION_COOKIES.identityMfa);
        const resumed = heldId && (body.mfa_token || body.mfa_resend) && hasIdentityCredentials(body) ? await identityLogin.resume(heldId) : null;
        const viaIdentity = resumed ?? (await identityLogin.verify(body, req));
        if (viaIdentity?.kind === 'unlinked') {
          // The provider's sign-up (birthday, email collection) goes on with the identity held here.
          setPendingIdentityCookie(res, viaIdentity.pendingId, cookies.secure);
          throw appError('identity_not_linked', { data: viaIdentity.data });
        }
        const user = viaIdentity?.user ?? (await login.verify({ username_or_email: body.username_or_email!, password: body.password! }, req.ip ?? 'unknown'));
        let method: SessionDoc['method'] = viaIdentity?.method ?? 'email';
        if (user.mfa) {
          if (viaIdentity && !resumed) setFirstFactorCookie(res, await identityLogin.holdFirstFactor(user, viaIdentity.method), cookies.secure);
          // The code's challenge is bound to this attempt by an httpOnly cookie.
          const outcome = await mfa.atLogin(user, readCookie(req, SESSION_COOKIES.mfa), body);
          if (outcome.kind === 'challenge') {
            res.cookie(SESSION_COOKIES.mfa, outcome.challengeId, { ...mfaCookie, secure: cookies.secure });
            const data: MfaRequiredData = { factor: 'sms', phone_number_end: outcome.phoneNumberEnd };
            throw appError('mfa_required', { data });
          }
          res.clearCookie(SESSION_COOKIES.mfa, { ...mfaCookie, maxAge: undefined, secure: cookies.secure });
          if (resumed && heldId) {
            await identityLogin.dropFirstFactor(heldId);
            clearFirstFactorCookie(res, cookies.secure);
          }
          method = 'multifactor';
        }
        await accounts.beforeLogin(req, res, body.account_switch ?? false, user._id);
        setSessionCookies(res, await sessions.open({ id: user._id, username: user.username }, body.account_switch ? 'switch_account' : method), cookies);
        return { user: presentSessionUser(user) };
      },
    }),
  ];
}
