import type { Request, Response } from 'express';
import {
  PASSKEY_CHALLENGE_COOKIE, loginResponseSchema, passkeyIdParamsSchema, passkeyListSchema, passkeyLoginOptionsSchema, passkeyLoginRequestSchema,
  passkeyRegistrationOptionsSchema, passkeyRegistrationRequestSchema, passkeyRenameRequestSchema,
} from '@pinhive/contracts';
import { appError, defineRoute, perIp, readCookie, requireViewer, type DeclaredLimiter } from '@pinhive/kit';
import type { IpRule } from '../human-check/ip-rule';
import { setSessionCookies } from '../sessions/session.cookies';
import type { CookieOptions } from '../sessions/session.routes';
import type { SessionService } from '../sessions/session.service';
import type { StoredAccounts } from '../sessions/stored-accounts';
import { currentUser } from '../users/current-user';
import { presentSessionUser } from '../users/user.presenter';
import type { UserRepository } from '../users/user.repository';
import { PASSKEY_CHALLENGE_TTL_SECONDS } from './passkey-challenges';
import type { PasskeyService } from './passkey.service';

/** Where the passkey calls live: under /v3/auth/, which the gateway already sends to auth. */
export const PASSKEYS_PATH = '/v3/auth/passkeys/';

/** The log-in challenge's id: httpOnly (the page never sees it), Lax, only to the passkey calls. */
const challengeCookie = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: PASSKEYS_PATH });

export interface PasskeyRouteDeps {
  passkeys: PasskeyService;
  users: UserRepository;
  sessions: SessionService;
  accounts: StoredAccounts;
  ipRule: IpRule;
  cookies: CookieOptions;
  /** Log-in options per IP (each stores a challenge in Redis). */
  optionsLimit: DeclaredLimiter;
  /** Adding a passkey needs a log-in this recent (PASSKEY_ADD_LOGIN_WINDOW_SECONDS). */
  addLoginWindowSeconds: number;
}

export function passkeyRoutes({ passkeys, users, sessions, accounts, ipRule, cookies, optionsLimit, addLoginWindowSeconds }: PasskeyRouteDeps) {
  const me = (req: Request) => currentUser(req, sessions, users);
  const clearChallenge = (res: Response) => res.clearCookie(PASSKEY_CHALLENGE_COOKIE, challengeCookie(cookies.secure));
  return [
    defineRoute({
      method: 'get', path: PASSKEYS_PATH, auth: 'viewer', response: passkeyListSchema,
      summary: "The logged-in account's passkeys (names, when added and last used), oldest first",
      handler: async ({ req }) => passkeys.list(await me(req)),
    }),
    defineRoute({
      method: 'post', path: `${PASSKEYS_PATH}options/`, auth: 'viewer', response: passkeyRegistrationOptionsSchema,
      summary: "Start adding a passkey: WebAuthn creation options (discoverable preferred, user verification preferred, the account's passkeys excluded); only soon after a log-in (recent_login_required)",
      handler: async ({ req }) => {
        const user = await me(req);
        // The options' challenge is what the addition must sign: checking here covers the addition too.
        if (!(await sessions.loggedInWithin(requireViewer(req).sessionId, addLoginWindowSeconds))) throw appError('recent_login_required');
        return passkeys.registrationOptions(user);
      },
    }),
    defineRoute({
      method: 'post', path: PASSKEYS_PATH, auth: 'viewer', body: passkeyRegistrationRequestSchema, response: passkeyListSchema, status: 201,
      summary: "Add the passkey the browser made for the options' challenge (used once); answers the account's passkeys",
      handler: async ({ req, body }) => passkeys.register(await me(req), body.credential, body.name, req.get('user-agent')),
    }),
    defineRoute({
      method: 'patch', path: `${PASSKEYS_PATH}:id/`, auth: 'viewer', params: passkeyIdParamsSchema, body: passkeyRenameRequestSchema, response: passkeyListSchema,
      summary: 'Rename one of the account\'s passkeys',
      handler: async ({ req, params, body }) => passkeys.rename(await me(req), params.id, body.name),
    }),
    defineRoute({
      method: 'delete', path: `${PASSKEYS_PATH}:id/`, auth: 'viewer', params: passkeyIdParamsSchema, response: passkeyListSchema,
      summary: "Remove one of the account's passkeys: it logs nobody in from now on",
      handler: async ({ req, params }) => passkeys.remove(await me(req), params.id),
    }),
    defineRoute({
      method: 'post', path: `${PASSKEYS_PATH}login/options/`, auth: 'public', response: passkeyLoginOptionsSchema,
      summary: 'Start a log-in with a passkey: WebAuthn request options with no allowed credentials (the person picks one); the challenge is bound to this browser by an httpOnly cookie',
      rateLimit: { ...optionsLimit, ...perIp },
      handler: async ({ res }) => {
        const { options, challengeId } = await passkeys.loginOptions();
        res.cookie(PASSKEY_CHALLENGE_COOKIE, challengeId, { ...challengeCookie(cookies.secure), maxAge: PASSKEY_CHALLENGE_TTL_SECONDS * 1000 });
        return options;
      },
    }),
    defineRoute({
      method: 'post', path: `${PASSKEYS_PATH}login/`, auth: 'public', body: passkeyLoginRequestSchema, response: loginResponseSchema,
      summary: "Log in with a passkey's signature of this browser's challenge (used once); the same blocks as every log-in; sets the session cookies",
      handler: async ({ body, req, res }) => {
        const ip = req.ip ?? 'unknown';
        // The password log-in's IP rule: too many attempts from this IP need a human check.
        await ipRule.guard(ip, body.recaptchaV2Token);
        const challengeId = readCookie(req, PASSKEY_CHALLENGE_COOKIE);
        // Taken by this attempt whatever its outcome: the next one starts with new options.
        clearChallenge(res);
        const user = await passkeys.logIn(challengeId, body.credential, ip);
        const switching = body.account_switch ?? false;
        await accounts.beforeLogin(req, res, switching, user._id);
        setSessionCookies(res, await sessions.open({ id: user._id, username: user.username }, switching ? 'switch_account' : 'passkey'), cookies);
        return { user: presentSessionUser(user) };
      },
    }),
  ];
}
