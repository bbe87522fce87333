import {
  LINE_COUNTRIES, SESSION_COOKIES, emailQuerySchema, facebookProfileRequestSchema, facebookProfileSchema, oneTapStartResponseSchema, providerStartRequestSchema, providerStartResponseSchema, providersQuerySchema, providersResponseSchema,
  registerResponseSchema, socialRegisterRequestSchema, ssoCheckResponseSchema, type SocialProvider,
} from '@pinhive/contracts';
import { AppError, appError, defineRoute, perIp, readCookie, type DeclaredLimiter } from '@pinhive/kit';
import { z } from 'zod';
import { setSessionCookies, setUnderageCookie } from '../sessions/session.cookies';
import type { CookieOptions } from '../sessions/session.routes';
import type { SessionService } from '../sessions/session.service';
import type { RegistrationService } from '../users/registration.service';
import { clearPendingIdentityCookie, setFlowCookie, setOneTapFlowCookie } from './identity.cookies';
import { birthdaySeconds } from './identity-login.service';
import type { ProviderFlows } from './provider-flows';
import type { FacebookGraph } from './facebook/facebook.graph';
import type { FacebookStart } from './facebook/facebook.start';
import { identityFromProfile } from './facebook/facebook.verifier';
import type { SocialStart } from './social-start';
import type { SsoService } from './sso/sso.service';

/** Which provider a registration type is (one-tap is the Google-kind provider's). */
const PROVIDER_OF_TYPE = { sso: 'sso', google: 'google', google_one_tap: 'google', facebook: 'facebook', line: 'line' } as const;

export function identityRoutes(deps: {
  sso: SsoService; social: SocialStart; facebook: { start: FacebookStart; graph: FacebookGraph } | null; flows: ProviderFlows; registration: RegistrationService; sessions: SessionService;
  checkLimit: DeclaredLimiter; oneTapLimit: DeclaredLimiter; cookies: CookieOptions; googleFedcmMinVersion: number;
}) {
  const { sso, social, facebook, flows, registration, sessions, checkLimit, oneTapLimit, cookies } = deps;
  const facebookOn = () => {
    if (!facebook) throw appError('provider_disabled', { data: { provider: 'facebook' } });
    return facebook;
  };
  return [
    defineRoute({
      method: 'get',
      path: '/v3/sso/check/',
      summary: 'Whether an email signs in with SSO; for one that does, starts its authorisation for this browser',
      auth: 'public',
      rateLimit: { ...checkLimit, ...perIp },
      query: emailQuerySchema,
      response: ssoCheckResponseSchema,
      handler: async ({ query, res }) => {
        const { result, flowId } = await sso.check(query.email);
        if (flowId) setFlowCookie(res, flowId, cookies.secure);
        return result;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v3/auth/providers/',
      summary: 'The social sign-in providers offered (LINE only where the country is JP) and whether SSO is on',
      auth: 'public',
      query: providersQuerySchema,
      response: providersResponseSchema,
      handler: async ({ query }) => {
        const offered: SocialProvider[] = [];
        if (social.offers('google')) offered.push('google');
        if (facebook) offered.push('facebook');
        if (social.offers('line') && (LINE_COUNTRIES as readonly string[]).includes(query.country ?? '')) offered.push('line');
        return { providers: offered, sso: sso.isConfigured(), googleOneTap: social.offersOneTap(), googleFedcmMinVersion: deps.googleFedcmMinVersion };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v3/auth/google/one_tap/start/',
      summary: "Starts a Google-kind one-tap for this browser: the provider's FedCM config, our client id there and the nonce its ID token must carry",
      auth: 'public',
      rateLimit: { ...oneTapLimit, ...perIp },
      response: oneTapStartResponseSchema,
      handler: async ({ res }) => {
        const { flowId, ...prompt } = await social.startOneTap();
        setOneTapFlowCookie(res, flowId, cookies.secure);
        return prompt;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v3/auth/:provider/start/',
      summary: "Starts a Google-kind, LINE or Facebook-kind popup for this browser: the provider's authorisation page to open",
      auth: 'public',
      rateLimit: { ...checkLimit, ...perIp },
      params: z.object({ provider: z.enum(['google', 'line', 'facebook']) }),
      body: providerStartRequestSchema,
      response: providerStartResponseSchema,
      handler: async ({ params, body, res }) => {
        const { authorizationUri, flowId } = params.provider === 'facebook'
          ? await facebookOn().start.start(body?.rerequest ?? false)
          : await social.start(params.provider);
        setFlowCookie(res, flowId, cookies.secure);
        return { authorizationUri };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v3/facebook/profile_data/',
      summary: "The Facebook-kind profile an access token may read, once the token is checked to be this app's",
      auth: 'public',
      rateLimit: { ...checkLimit, ...perIp },
      body: facebookProfileRequestSchema,
      response: facebookProfileSchema,
      handler: async ({ body }) => {
        const { graph } = facebookOn();
        const facts = await graph.inspect(body.access_token);
        const profile = await graph.profile(body.access_token);
        const identity = identityFromProfile(facts, profile);
        return {
          id: facts.userId, first_name: profile.first_name, last_name: profile.last_name, email: identity.email ?? undefined, gender: profile.gender,
          birthday: body.pii_safe_birthday ? undefined : profile.birthday,
          picture: profile.picture?.data, email_declined: !facts.scopes.includes('email'),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v3/register/social/',
      summary: "Sign-up with the identity a provider proved in this browser (after log-in's identity_not_linked); logs the new account in",
      auth: 'public',
      body: socialRegisterRequestSchema,
      response: registerResponseSchema,
      status: 201,
      handler: async ({ body, req, res }) => {
        if (readCookie(req, SESSION_COOKIES.underage) === '1') throw appError('underage', { field: 'birthday' });
        const pendingId = readCookie(req, SESSION_COOKIES.identity);
        const identity = await flows.pending(pendingId);
        if (!pendingId || !identity || identity.provider !== PROVIDER_OF_TYPE[body.type]) throw appError('identity_expired');
        // The provider's email when it gave one: a typed one only where it gave none (email collection).
        const email = identity.email ?? body.email;
        if (!email) throw appError('bad_request', { message: 'Email is required', field: 'email' });
        const birthday = body.birthday ?? (identity.birthday ? birthdaySeconds(identity.birthday) : undefined);
        try {
          const { user } = await registration.registerWithIdentity({
            provider: identity.provider, subject: identity.subject, email, birthday: birthday ?? Number.NaN,
            firstName: body.first_name || identity.firstName, lastName: body.last_name ?? identity.lastName, country: body.country, gender: identity.gender,
            kr_privacy_consent_opt_in: body.kr_privacy_consent_opt_in, marketing_notifs_opt_out: body.marketing_notifs_opt_out,
          });
          await flows.dropPending(pendingId);
          clearPendingIdentityCookie(res, cookies.secure);
          setSessionCookies(res, await sessions.open(user, body.type), cookies);
          return { user };
        } catch (err) {
          if (err instanceof AppError && err.code === 'underage') setUnderageCookie(res, cookies.secure);
          throw err;
        }
      },
    }),
  ];
}
