import * as oidc from 'openid-client';
import { appError } from '@pinhive/kit';
import type { DiscoveredProvider } from './discovered-provider';
import type { ProviderFlows } from './provider-flows';

export type PopupProvider = 'google' | 'line';

/** Google-kind one-tap through the browser's FedCM prompt: the provider's FedCM config and our client id there. */
export interface OneTapSettings {
  configUrl: string;
  clientId: string;
}

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
    private readonly oneTap: OneTapSettings | null = null,
  ) {}

  offers = (provider: PopupProvider): boolean => this.providers.has(provider);

  offersOneTap = (): boolean => this.oneTap !== null && this.providers.has('google');

  /**
   * The start of a one-tap prompt: the browser asks the provider (FedCM) for an ID token carrying
   * this flow's nonce, and logs in with it as with the popup's; the flow says the log-in (and a
   * sign-up that follows) came through one-tap.
   */
  async startOneTap(): Promise<OneTapSettings & { nonce: string; flowId: string }> {
    if (!this.oneTap || !this.providers.has('google')) throw appError('provider_disabled', { data: { provider: 'google' } });
    const { id, flow } = await this.flows.start({ provider: 'google', oneTap: true });
    return { ...this.oneTap, nonce: flow.nonce, flowId: id };
  }

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
