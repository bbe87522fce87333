// The relying parties the local identity provider knows, and the auth settings that point at it:
// one place, so the provider and auth of a stack (npm run up, the browser tests, the benchmark
// stack) always agree. The secrets are development values, never used in production (auth's
// config refuses the local provider there).

/** Email domains whose people sign in with single sign-on at the local provider (no brand name in it: sign-up refuses emails that carry it). */
export const LOCAL_SSO_DOMAINS = ['sso-company.test'];

/** Client ids the local provider knows; auth's settings name the same ids. */
export const LOCAL_CLIENT_IDS = { sso: 'pinhive-sso', google: 'pinhive-google', facebook: 'pinhive-facebook', line: 'pinhive-line' };

const DEV_SECRETS = { sso: 'local-sso-client-secret-not-for-production', facebook: 'local-facebook-app-secret-not-for-production' };

/**
 * Clients of a local provider for a web app at `publicUrl`:
 * - SSO: a confidential client using the code flow (auth exchanges the code, with PKCE);
 * - Google-kind and LINE: the browser receives an ID token (implicit `id_token`), which auth verifies
 *   against the provider's key set, as with the real providers' one-tap and LINE log-in;
 * - Facebook-kind: the browser receives an access token (`id_token token`: the provider never hands
 *   out a bare `token`), which auth checks with the provider's Graph-like `debug_token` using the
 *   app secret, as with the real one.
 */
export function localClients(publicUrl) {
  const base = publicUrl.replace(/\/$/, '');
  return [
    {
      client_id: LOCAL_CLIENT_IDS.sso, client_secret: DEV_SECRETS.sso, client_name: 'Pinhive Test Company SSO',
      redirect_uris: [`${base}/sso/callback/`], response_types: ['code'], grant_types: ['authorization_code'],
    },
    {
      client_id: LOCAL_CLIENT_IDS.google, client_name: 'Google-kind sign-in (local)', token_endpoint_auth_method: 'none',
      redirect_uris: [`${base}/connect/google/`], response_types: ['id_token'], grant_types: ['implicit'],
    },
    {
      client_id: LOCAL_CLIENT_IDS.facebook, client_secret: DEV_SECRETS.facebook, client_name: 'Facebook-kind sign-in (local)',
      redirect_uris: [`${base}/connect/facebook/`], response_types: ['id_token token'], grant_types: ['implicit'],
    },
    {
      client_id: LOCAL_CLIENT_IDS.line, client_name: 'LINE sign-in (local)', token_endpoint_auth_method: 'none',
      redirect_uris: [`${base}/connect/line/`], response_types: ['id_token'], grant_types: ['implicit'],
    },
  ];
}

/** Auth's environment for a stack whose local provider is at `issuer` (see services/auth/src/config.ts). */
export function authEnvForLocalIdp(issuer) {
  return {
    SSO_ISSUER: issuer,
    SSO_CLIENT_ID: LOCAL_CLIENT_IDS.sso,
    SSO_CLIENT_SECRET: DEV_SECRETS.sso,
    SSO_DOMAINS: LOCAL_SSO_DOMAINS.join(','),
    GOOGLE_ISSUER: issuer,
    GOOGLE_CLIENT_ID: LOCAL_CLIENT_IDS.google,
    // One-tap through the browser's FedCM prompt (fedcm.mjs).
    GOOGLE_FEDCM_CONFIG_URL: `${issuer}/fedcm/config.json`,
    FACEBOOK_APP_ID: LOCAL_CLIENT_IDS.facebook,
    FACEBOOK_APP_SECRET: DEV_SECRETS.facebook,
    FACEBOOK_GRAPH_URL: `${issuer}/graph`,
    FACEBOOK_DIALOG_URL: `${issuer}/auth`,
    // The local provider is OpenID Connect: it answers an access token only with an ID token.
    FACEBOOK_DIALOG_RESPONSE_TYPE: 'id_token token',
    FACEBOOK_SCOPE: 'openid email profile',
    LINE_ISSUER: issuer,
    LINE_CHANNEL_ID: LOCAL_CLIENT_IDS.line,
  };
}
