import * as oidc from 'openid-client';
import { appError, type Logger } from '@pinhive/kit';
import type { IdentityProvider } from './identity-link.repository';

/** A provider that does not answer within this is "unavailable" (the spec's provider-unavailable state). */
const PROVIDER_TIMEOUT_SECONDS = 5;

/**
 * An OpenID Connect provider as openid-client knows it after discovery (its endpoints and key
 * set). Discovered on first use, not at start, so auth starts while a provider is down; a failed
 * discovery is tried again on the next use. Plain HTTP is allowed only for an `http:` issuer,
 * which the config refuses in production (a local provider on this machine).
 */
export class DiscoveredProvider<P extends IdentityProvider = IdentityProvider> {
  private config: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly provider: P,
    private readonly opts: {
      issuer: string; clientId: string; clientSecret?: string; clockToleranceSeconds: number; logger: Logger;
      /** `id_token`: the browser receives the ID token itself (Google-kind and LINE popups); else the code flow. */
      responseType?: 'code' | 'id_token';
    },
  ) {}

  get(): Promise<oidc.Configuration> {
    this.config ??= this.discover().catch((err: unknown) => {
      this.config = undefined;
      this.opts.logger.warn({ err, provider: this.provider, issuer: this.opts.issuer }, 'identity provider discovery failed');
      throw appError('provider_unavailable', { data: { provider: this.provider } });
    });
    return this.config;
  }

  private async discover(): Promise<oidc.Configuration> {
    const insecure = new URL(this.opts.issuer).protocol === 'http:';
    const metadata = { client_secret: this.opts.clientSecret, [oidc.clockTolerance]: this.opts.clockToleranceSeconds };
    const config = await oidc.discovery(new URL(this.opts.issuer), this.opts.clientId, metadata, undefined, {
      execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (this.opts.responseType === 'id_token') oidc.useIdTokenResponseType(config);
    return config;
  }
}

/**
 * What an openid-client failure means to the person: the provider refused or the answer did not
 * verify (signature, audience, issuer, expiry, nonce, state: `identity_invalid`), or the provider
 * could not be reached (`provider_unavailable`).
 */
export function providerFailure(err: unknown, provider: IdentityProvider, logger: Logger): Error {
  // fetch's own failure (refused, reset, DNS) or the timeout; a TypeError of a bad argument is a refusal.
  const unreachable = err instanceof Error && ((err instanceof TypeError && err.message === 'fetch failed') || err.name === 'AbortError' || err.name === 'TimeoutError');
  logger.info({ err, provider }, unreachable ? 'identity provider unreachable' : 'identity provider answer refused');
  return unreachable ? appError('provider_unavailable', { data: { provider } }) : appError('identity_invalid', { data: { provider } });
}
