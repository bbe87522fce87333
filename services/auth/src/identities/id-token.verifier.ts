import type { Request } from 'express';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { genderOf, SESSION_COOKIES, type IdentityCredentials } from '@pinhive/contracts';
import { appError, readCookie, type Logger } from '@pinhive/kit';
import { normaliseIdentifier } from '../users/identifier';
import { providerFailure, type DiscoveredProvider } from './discovered-provider';
import type { ProviderFlows } from './provider-flows';
import type { IdentityLoginMethod, IdentityVerifier, VerifiedIdentity } from './identity-verifier';

/** Where a provider's ID token sits in the log-in body. */
const CREDENTIAL = { google: 'google_open_id_token', line: 'line_id_token' } as const;
/** Stands in for the popup's page: openid-client reads the ID token from this URL's fragment. */
const CALLBACK_BASE = 'https://pinhive.invalid/connect/';

/**
 * The Google-kind and LINE log-in: an ID token the browser got from the provider's popup (or
 * the one-tap prompt, whose flow makes the log-in a `google_one_tap` one), verified by openid-client's implicit-flow check against the provider's published keys:
 * signature, `iss`, `aud` (our client id), `exp`, and `nonce` equal to the one of the flow this
 * browser started (so a token minted for someone else's browser is refused). `hd` when configured.
 */
export class IdTokenVerifier implements IdentityVerifier {
  constructor(
    private readonly discovered: DiscoveredProvider<'google' | 'line'>,
    private readonly flows: ProviderFlows,
    private readonly logger: Logger,
    private readonly opts: { hostedDomain?: string } = {},
  ) {}

  get provider() { return this.discovered.provider; }

  async verify(credentials: IdentityCredentials, req: Request): Promise<{ identity: VerifiedIdentity; method: IdentityLoginMethod } | null> {
    const token = credentials[CREDENTIAL[this.provider]];
    if (!token) return null;
    const flow = await this.flowOf(token, req);
    if (!flow || flow.provider !== this.provider) throw appError('identity_expired', { data: { provider: this.provider } });
    const config = await this.discovered.get();
    const answer = new URL(`${CALLBACK_BASE}${this.provider}/`);
    answer.hash = new URLSearchParams({ id_token: token }).toString();
    let claims: oidc.IDToken;
    try {
      claims = await oidc.implicitAuthentication(config, answer, flow.nonce);
    } catch (err) {
      throw providerFailure(err, this.provider, this.logger);
    }
    if (this.opts.hostedDomain && claims['hd'] !== this.opts.hostedDomain) throw appError('identity_invalid', { data: { provider: this.provider } });
    return { identity: identityFromClaims(this.provider, claims), method: flow.oneTap ? 'google_one_tap' : this.provider };
  }

  /**
   * Taken once: the flow this browser started that the token answers. A browser may hold two, the
   * one-tap prompt's (started as the page loads) and a popup's (a button pressed meanwhile), each
   * in its own cookie; the token's nonce, read here unverified, picks the one-tap flow only when it
   * is that flow's. The check above then verifies the token against the flow taken, so a token
   * whose nonce matches neither still fails there, and still uses up the flow it was offered to.
   */
  private async flowOf(token: string, req: Request) {
    const popupId = readCookie(req, SESSION_COOKIES.idFlow);
    const oneTapId = readCookie(req, SESSION_COOKIES.oneTapFlow);
    if (oneTapId && popupId) {
      const oneTap = await this.flows.peekFlow(oneTapId);
      if (oneTap && oneTap.nonce === nonceOf(token)) return this.flows.takeFlow(oneTapId);
    }
    return this.flows.takeFlow(popupId ?? oneTapId);
  }
}

/** The `nonce` claim of a JWT, unverified; undefined when the token is not one. */
function nonceOf(token: string): unknown {
  try {
    return decodeJwt(token).nonce;
  } catch {
    return undefined;
  }
}

/** The person as an OpenID Connect provider's claims describe them (standard claim names). */
export function identityFromClaims(provider: VerifiedIdentity['provider'], claims: oidc.IDToken | oidc.UserInfoResponse): VerifiedIdentity {
  const text = (k: string): string | undefined => {
    const v = claims[k];
    return typeof v === 'string' && v ? v : undefined;
  };
  // An address the provider has not verified proves nothing about who owns it.
  const claimed = text('email');
  const email = claimed && claims['email_verified'] !== false ? normaliseIdentifier(claimed) : null;
  const birthday = text('birthdate');
  return {
    provider, subject: claims.sub, email,
    firstName: text('given_name'), lastName: text('family_name'), imageUrl: text('picture'),
    birthday: birthday && /^\d{4}-\d{2}-\d{2}$/.test(birthday) ? birthday : undefined,
    gender: genderOf(text('gender')) ?? undefined,
  };
}
