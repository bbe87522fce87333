import * as oidc from 'openid-client';
import { appError } from '@pinhive/kit';
import type { DiscoveredProvider } from './discovered-provider';
import type { ProviderFlows } from './provider-flows';

export type PopupProvider = 'google' | 'line';

/**
 * The start of a Google-kind or LINE popup: the provider's authorisation page asking for an ID
 * token (`response_type=id_token`) for our client, with a nonce bound to this browser's flow. The
 * popup's page (`/connect/<provider>/`) hands the token to its opener, which logs in with it.
 */
export class SocialStart {
  constructor(
    private readonly providers: ReadonlyMap<PopupProvider, DiscoveredProvider>,
    private readonly flows: ProviderFlows,
    private readonly publicUrl: string,
  ) {}

  offers = (provider: PopupProvider): boolean => this.providers.has(provider);

  async start(provider: PopupProvider): Promise<{ authorizationUri: string; flowId: string }> {
    const discovered = this.providers.get(provider);
    if (!discovered) throw appError('provider_disabled', { data: { provider } });
    const config = await discovered.get();
    const { id, flow } = await this.flows.start({ provider });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${this.publicUrl.replace(/\/$/, '')}/connect/${provider}/`,
      response_type: 'id_token', scope: 'openid email profile', nonce: flow.nonce, state: flow.state,
    });
    return { authorizationUri: url.href, flowId: id };
  }
}
