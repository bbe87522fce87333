import type { ProviderFlows } from '../provider-flows';

/**
 * The Facebook-kind log-in dialog, opened in a popup that lands on `/connect/facebook/` with the
 * access token in its fragment. The real dialog takes `response_type=token`; the local provider,
 * being OpenID Connect, answers `id_token token` (which also needs `openid` and a nonce): both are
 * settings (FACEBOOK_DIALOG_RESPONSE_TYPE, FACEBOOK_SCOPE), one code path.
 */
export class FacebookStart {
  constructor(
    private readonly flows: ProviderFlows,
    private readonly opts: { dialogUrl: string; appId: string; publicUrl: string; responseType: string; scope: string },
  ) {}

  async start(rerequest: boolean): Promise<{ authorizationUri: string; flowId: string }> {
    const { id, flow } = await this.flows.start({ provider: 'facebook' });
    const url = new URL(this.opts.dialogUrl);
    const params = {
      client_id: this.opts.appId, redirect_uri: `${this.opts.publicUrl.replace(/\/$/, '')}/connect/facebook/`,
      response_type: this.opts.responseType, scope: this.opts.scope, state: flow.state, nonce: flow.nonce,
      // Spec: sign-up needs the email permission; a declined one is asked for again.
      ...(rerequest ? { auth_type: 'rerequest' } : {}),
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { authorizationUri: url.href, flowId: id };
  }
}
