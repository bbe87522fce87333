// The local provider's FedCM endpoints (the browser's own account chooser, as Google's one-tap
// uses it): the well-known file, the config, the accounts list, the client metadata and the ID
// assertion, plus a log-in page for the browser's login_url and a log-out page. The people a
// browser signed in as here (at the popup's page or the log-in page) are kept in a signed cookie,
// and each sign-in and sign-out tells the browser with the Login Status API's `Set-Login` header.
//
// The assertion is an ID token signed with the provider's own key (the one its JWKS publishes),
// for the client and nonce the browser names: auth checks it exactly as it checks a popup's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { claimsOf, isLogin } from './accounts.mjs';
import { esc, formBody, html, json } from './http.mjs';

const COOKIE = 'local_idp_fedcm';
/** At most this many people signed in at once in one browser (the chooser's list). */
const MAX_SIGNED_IN = 5;

function readCookie(req, name) {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The browser's signed-in subjects, in a cookie signed with the provider's cookie key. */
export class SignedInCookie {
  constructor(key) {
    this.key = key;
  }

  mac(payload) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  read(req) {
    const raw = readCookie(req, COOKIE);
    if (!raw) return [];
    const [payload, mac] = raw.split('.');
    const expected = this.mac(payload ?? '');
    if (!mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return [];
    try {
      const subs = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return Array.isArray(subs) ? subs.filter((s) => typeof s === 'string') : [];
    } catch {
      return [];
    }
  }

  /**
   * Header lines for a browser now signed in as `subs` (none: signed out). SameSite=None and
   * Secure because the browser sends FedCM's credentialed requests as cross-site ones; Chromium
   * keeps Secure cookies of http://localhost, where this provider runs.
   */
  headers(subs) {
    if (subs.length === 0) {
      return { 'set-cookie': `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure`, 'set-login': 'logged-out' };
    }
    const payload = Buffer.from(JSON.stringify(subs)).toString('base64url');
    return { 'set-cookie': `${COOKIE}=${payload}.${this.mac(payload)}; Path=/; Max-Age=86400; HttpOnly; SameSite=None; Secure`, 'set-login': 'logged-in' };
  }

  /** Adds `sub` to the browser's signed-in people (most recent first). */
  signedIn(req, sub) {
    return this.headers([sub, ...this.read(req).filter((s) => s !== sub)].slice(0, MAX_SIGNED_IN));
  }
}

/** The relying party's nonce: in the `params` it passed (JSON), or a top-level `nonce` (older browsers). */
function nonceOf(form) {
  try {
    const params = form.params ? JSON.parse(form.params) : {};
    if (typeof params.nonce === 'string' && params.nonce) return params.nonce;
  } catch {
    // Unreadable params: only the top-level nonce counts.
  }
  return typeof form.nonce === 'string' && form.nonce ? form.nonce : undefined;
}

/** The origin a client's pages are at (its redirect URIs'): the only origin it may ask assertions from. */
const clientOrigin = (client) => {
  try {
    return new URL(client.redirect_uris[0]).origin;
  } catch {
    return null;
  }
};

function loginPage({ error, login }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to the local identity provider</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1.2rem;padding:.6rem 1rem}.error{color:#b00020}</style>
</head><body><main>
<h1>Local identity provider</h1>
<p>Sign in to use this provider's accounts in the browser's sign-in prompt. It runs on this machine for development and tests: anyone may sign in as anyone.</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/fedcm/login">
<label for="login">Email or phone number</label>
<input id="login" name="login" type="text" autocomplete="username" required value="${esc(login)}" autofocus>
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}

/** After a sign-in at the browser's login_url: the browser's prompt goes on (IdentityProvider.close). */
const signedInPage = (name) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head><body><main><h1>Signed in</h1><p>You are signed in as ${esc(name)}. You can close this window.</p></main>
<script>if (window.IdentityProvider && IdentityProvider.close) IdentityProvider.close();</script></body></html>`;

const signedOutPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body><main><h1>Signed out</h1><p>No one is signed in to the local identity provider in this browser.</p></main></body></html>`;

/**
 * @param {object} o
 * @param {string} o.issuer
 * @param {object[]} o.clients  client metadata (clients.mjs)
 * @param {import('./accounts.mjs').Accounts} o.accounts
 * @param {{ jwks: { keys: object[] } }} o.keys
 * @param {SignedInCookie} o.signedIn
 * @param {number} o.idTokenTtl seconds
 */
export function fedcmRoute({ issuer, clients, accounts, keys, signedIn, idTokenTtl }) {
  const jwk = keys.jwks.keys[0];
  const signingKey = importJWK(jwk, 'RS256');
  const configUrl = `${issuer}/fedcm/config.json`;

  const assertion = async (req, res) => {
    const origin = String(req.headers.origin ?? '');
    const cors = origin ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' } : {};
    const refuse = (status, code) => json(res, status, { error: { code } }, cors);
    // Only the browser's FedCM requests (a page cannot set this header): no cross-site forgery.
    if (req.headers['sec-fetch-dest'] !== 'webidentity') return refuse(400, 'invalid_request');
    const form = await formBody(req);
    const client = clients.find((c) => c.client_id === form.client_id);
    if (!client || clientOrigin(client) !== origin) return refuse(400, 'unauthorized_client');
    const sub = String(form.account_id ?? '');
    const account = signedIn.read(req).includes(sub) ? accounts.findBySub(sub) : null;
    if (!account) return refuse(401, 'access_denied');
    accounts.approve(sub, client.client_id);
    const nonce = nonceOf(form);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...claimsOf(account), ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
      .setIssuer(issuer).setSubject(sub).setAudience(client.client_id).setIssuedAt(now).setExpirationTime(now + idTokenTtl)
      .sign(await signingKey);
    return json(res, 200, { token }, cors);
  };

  return async (req, res) => {
    const url = new URL(req.url, 'http://local');
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /.well-known/web-identity':
        // With a client metadata endpoint the browser wants these two here as well.
        return json(res, 200, { provider_urls: [configUrl], accounts_endpoint: `${issuer}/fedcm/accounts`, login_url: `${issuer}/fedcm/login` }), true;
      case 'GET /fedcm/config.json':
        return json(res, 200, {
          accounts_endpoint: '/fedcm/accounts',
          client_metadata_endpoint: '/fedcm/client_metadata',
          id_assertion_endpoint: '/fedcm/assertion',
          login_url: '/fedcm/login',
          branding: { background_color: '#1f6feb', color: '#ffffff', name: 'Local identity provider' },
        }), true;
      case 'GET /fedcm/accounts': {
        if (req.headers['sec-fetch-dest'] !== 'webidentity') return json(res, 400, { error: 'not a FedCM request' }), true;
        const people = signedIn.read(req).map((sub) => accounts.findBySub(sub)).filter(Boolean);
        // Nobody signed in: 401, and the browser marks this provider signed out.
        if (people.length === 0) return json(res, 401, { accounts: [] }, { 'set-login': 'logged-out' }), true;
        return json(res, 200, {
          accounts: people.map((a) => {
            const claims = claimsOf(a);
            const login = a.email ?? a.phone_number;
            return { id: a.sub, name: claims.name ?? login, given_name: claims.given_name, email: login, login_hints: [login], approved_clients: a.approved_clients ?? [] };
          }),
        }), true;
      }
      case 'GET /fedcm/client_metadata': {
        const client = clients.find((c) => c.client_id === url.searchParams.get('client_id'));
        const origin = client && clientOrigin(client);
        if (!origin) return json(res, 404, { error: 'unknown client' }), true;
        return json(res, 200, { privacy_policy_url: `${origin}/`, terms_of_service_url: `${origin}/` }), true;
      }
      case 'POST /fedcm/assertion':
        return await assertion(req, res), true;
      case 'GET /fedcm/login':
        return html(res, 200, loginPage({ login: url.searchParams.get('login_hint') ?? '' })), true;
      case 'POST /fedcm/login': {
        const form = await formBody(req);
        const login = String(form.login ?? '').trim();
        if (!isLogin(login)) return html(res, 400, loginPage({ login, error: 'Type an email address or a phone number.' })), true;
        const account = accounts.signIn(login, {});
        return html(res, 200, signedInPage(login), signedIn.signedIn(req, account.sub)), true;
      }
      case 'GET /fedcm/logout':
        return html(res, 200, signedOutPage, signedIn.headers([])), true;
      default:
        return false;
    }
  };
}
