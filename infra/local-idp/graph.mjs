// The two Graph API calls a Facebook-kind relying party makes, answered in the Graph API's
// shape for the local provider's access tokens: `debug_token` (is this user token valid, and for
// which app; asked with the app's id and secret) and `me` (the profile the token may read). So
// auth has one code path for the real provider and this one: FACEBOOK_GRAPH_URL chooses.
import { timingSafeEqual } from 'node:crypto';
import { claimsOf } from './accounts.mjs';
import { json } from './http.mjs';

const oauthError = (message, code = 190) => ({ error: { message, type: 'OAuthException', code } });

const sameSecret = (a, b) => typeof a === 'string' && typeof b === 'string' && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The Graph API's birthday form: MM/DD/YYYY. */
const graphBirthday = (iso) => (/^\d{4}-\d{2}-\d{2}$/.test(iso ?? '') ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : undefined);

export function graphRoute(provider, accounts, clients) {
  return async (req, res) => {
    const url = new URL(req.url, 'http://local');
    if (req.method !== 'GET' || !url.pathname.startsWith('/graph/')) return false;
    const call = url.pathname.replace(/^\/graph\/(v[\d.]+\/)?/, '').replace(/\/$/, '');
    const q = url.searchParams;
    if (call === 'debug_token') {
      const [appId, appSecret] = String(q.get('access_token') ?? '').split('|');
      const app = clients.find((c) => c.client_id === appId);
      if (!app || !sameSecret(app.client_secret, appSecret)) return json(res, 400, oauthError('Invalid OAuth access token signature.')), true;
      const token = await provider.AccessToken.find(String(q.get('input_token') ?? ''));
      if (!token || token.isExpired) return json(res, 200, { data: { is_valid: false, error: { code: 190, message: 'The access token is invalid or has expired.' } } }), true;
      json(res, 200, {
        data: { app_id: token.clientId, type: 'USER', is_valid: true, user_id: token.accountId, expires_at: token.exp, scopes: String(token.scope ?? '').split(' ').filter(Boolean) },
      });
      return true;
    }
    if (call === 'me') {
      const token = await provider.AccessToken.find(String(q.get('access_token') ?? ''));
      const account = token && !token.isExpired ? accounts.findBySub(token.accountId) : null;
      if (!account) return json(res, 400, oauthError('Invalid OAuth access token.')), true;
      const scopes = new Set(String(token.scope ?? '').split(' '));
      const c = claimsOf(account);
      const profile = {
        id: c.sub,
        first_name: c.given_name,
        last_name: c.family_name,
        // Only when the person shared it (the email permission).
        email: scopes.has('email') ? c.email : undefined,
        gender: c.gender || undefined,
        birthday: graphBirthday(c.birthdate),
        picture: { data: { url: c.picture ?? '', is_silhouette: !c.picture } },
      };
      const fields = q.get('fields') ? new Set(['id', ...q.get('fields').split(',')]) : null;
      json(res, 200, Object.fromEntries(Object.entries(profile).filter(([k, v]) => v !== undefined && (!fields || fields.has(k)))));
      return true;
    }
    return json(res, 404, oauthError(`Unknown path components: /${call}`, 2500)), true;
  };
}
