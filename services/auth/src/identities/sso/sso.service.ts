import type { Request } from 'express';
import * as oidc from 'openid-client';
import { SESSION_COOKIES, type IdentityCredentials, type SsoCheckResponse } from '@pinhive/contracts';
import { appError, readCookie, type Logger } from '@pinhive/kit';
import { normaliseIdentifier } from '../../users/identifier';
import type { UserRepository } from '../../users/user.repository';
import { providerFailure, type DiscoveredProvider } from '../discovered-provider';
import { identityFromClaims } from '../id-token.verifier';
import type { IdentityLinkRepository } from '../identity-link.repository';
import type { IdentityLoginMethod, IdentityVerifier, VerifiedIdentity } from '../identity-verifier';
import type { ProviderFlows } from '../provider-flows';

export const SSO_SCOPE = 'openid email profile';

/** The email's domain, lower-case; '' when it has none. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * Single sign-on for work emails (spec sections 4 and 7). The check tells the web app whether an
 * email signs in with SSO and, when it does, starts the authorisation (code flow with state, nonce
 * and PKCE) bound to this browser; the popup's code comes back through the log-in, where it is
 * exchanged and its ID token verified by openid-client.
 */
export class SsoService implements IdentityVerifier {
  readonly provider = 'sso';

  constructor(
    /** Null when SSO is not configured: no email is an SSO email. */
    private readonly discovered: DiscoveredProvider | null,
    private readonly flows: ProviderFlows,
    private readonly users: UserRepository,
    private readonly links: IdentityLinkRepository,
    private readonly logger: Logger,
    private readonly opts: { domains: readonly string[]; redirectUri: string },
  ) {}

  isConfigured = (): boolean => this.discovered !== null;

  isSsoEmail = (email: string): boolean => this.discovered !== null && this.opts.domains.includes(domainOf(normaliseIdentifier(email)));

  /** The check result, and the flow id to hold in the browser's cookie when an authorisation was started. */
  async check(rawEmail: string): Promise<{ result: SsoCheckResponse; flowId: string | null }> {
    const email = normaliseIdentifier(rawEmail);
    const user = await this.users.findByEmail(email);
    const existingUserIsSso = user ? (await this.links.forUser(user._id)).some((l) => l.provider === 'sso') : false;
    const base = { existingUser: user !== null, existingUserIsSso };
    if (!this.discovered || !this.isSsoEmail(email)) return { result: { isSso: false, ...base, exchangeCodeToTokenUrl: null, authorizationUri: null }, flowId: null };
    const config = await this.discovered.get();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const { id, flow } = await this.flows.start({ provider: 'sso', codeVerifier, email });
    const authorizationUri = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.opts.redirectUri, scope: SSO_SCOPE, state: flow.state, nonce: flow.nonce, login_hint: email,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
    });
    return { result: { isSso: true, ...base, exchangeCodeToTokenUrl: '/v3/login/', authorizationUri: authorizationUri.href }, flowId: id };
  }

  /** Log-in's part: the popup's code, exchanged with this browser's flow (state, nonce, PKCE). */
  async verify(credentials: IdentityCredentials, req: Request): Promise<{ identity: VerifiedIdentity; method: IdentityLoginMethod } | null> {
    if (!credentials.sso_auth_code) return null;
    if (!this.discovered) throw appError('provider_disabled', { data: { provider: 'sso' } });
    const flow = await this.flows.takeFlow(readCookie(req, SESSION_COOKIES.idFlow));
    const email = normaliseIdentifier(credentials.sso_user_email ?? '');
    if (!flow || flow.provider !== 'sso' || !flow.codeVerifier) throw appError('identity_expired', { data: { provider: 'sso' } });
    if (flow.email !== email) throw appError('identity_invalid', { data: { provider: 'sso' } });
    const config = await this.discovered.get();
    // The popup's answer as the provider sent it to our callback page.
    const answer = new URL(this.opts.redirectUri);
    answer.searchParams.set('code', credentials.sso_auth_code);
    if (credentials.sso_state !== undefined) answer.searchParams.set('state', credentials.sso_state);
    if (credentials.sso_iss !== undefined) answer.searchParams.set('iss', credentials.sso_iss);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      throw providerFailure(err, 'sso', this.logger);
    }
    if (!claims) throw appError('identity_invalid', { data: { provider: 'sso' } });
    const identity = identityFromClaims('sso', claims);
    // The provider vouches for an address of one of its domains, the one this sign-in was for.
    if (!identity.email || identity.email !== email || !this.isSsoEmail(identity.email)) throw appError('identity_invalid', { data: { provider: 'sso' } });
    return { identity, method: 'sso' };
  }
}
