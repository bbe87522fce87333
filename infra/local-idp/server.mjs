// A local OpenID provider (oidc-provider) standing in, by configuration, for a company's SSO,
// the Google-kind and LINE ID-token providers and the Facebook-kind token provider, so every
// sign-in flow runs for real on this machine. Development and tests only: anyone may sign in as
// anyone by typing an email or a phone number at its page.
//
// Environment: LOCAL_IDP_PORT, LOCAL_IDP_ISSUER (default http://localhost:<port>: the same site as
// the web app on http://localhost, which the browser's FedCM prompt needs),
// LOCAL_IDP_DATA_DIR (accounts and keys), LOCAL_IDP_PUBLIC_URL (the web app the clients return
// to; clients.mjs) or LOCAL_IDP_CLIENTS (a JSON array of client metadata, for tests).
import http from 'node:http';
import path from 'node:path';
import Provider from 'oidc-provider';
import { Accounts, claimsOf } from './accounts.mjs';
import { fedcmRoute, SignedInCookie } from './fedcm.mjs';
import { graphRoute } from './graph.mjs';
import { interactionRoute } from './interaction.mjs';
import { loadKeys } from './keys.mjs';
import { localClients } from './clients.mjs';

const port = Number(process.env.LOCAL_IDP_PORT ?? 9400);
const issuer = process.env.LOCAL_IDP_ISSUER ?? `http://localhost:${port}`;
const dataDir = path.resolve(process.env.LOCAL_IDP_DATA_DIR ?? '.run/local-idp');
const clients = process.env.LOCAL_IDP_CLIENTS
  ? JSON.parse(process.env.LOCAL_IDP_CLIENTS)
  : localClients(process.env.LOCAL_IDP_PUBLIC_URL ?? 'http://localhost:8080');
// How long an ID token it issues is valid (tests of expiry shorten it).
const idTokenTtl = Number(process.env.LOCAL_IDP_ID_TOKEN_TTL_SECONDS ?? 3600);

const accounts = new Accounts(dataDir);
const keys = loadKeys(dataDir);

const provider = new Provider(issuer, {
  clients,
  jwks: keys.jwks,
  cookies: { keys: keys.cookieKeys },
  responseTypes: ['code', 'id_token', 'id_token token'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified', 'hd'],
    profile: ['name', 'given_name', 'family_name', 'birthdate', 'gender', 'picture'],
    phone: ['phone_number', 'phone_number_verified'],
  },
  // An ID token carries the person's claims whatever the response type, as Google's does.
  conformIdTokenClaims: false,
  features: {
    devInteractions: { enabled: false },
    // Confidential clients (the Facebook-kind app) may ask about their own tokens.
    introspection: { enabled: true, allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId },
  },
  // Public clients may not call the token endpoint from the web app's origin: they get their
  // tokens in the redirect, as the real providers' browser flows do.
  clientBasedCORS: () => false,
  findAccount: async (ctx, sub) => {
    const account = accounts.findBySub(sub);
    return account && { accountId: sub, claims: async () => claimsOf(account) };
  },
  // Every authorisation shows the sign-in page (prefilled), so a developer or a test can choose
  // who signs in each time; the grant is the one the page made.
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId;
    return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
  },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: idTokenTtl, Interaction: 600, Session: 86400, Grant: 86400 },
  renderError: async (ctx, out) => {
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${String(out.error_description ?? out.error).replace(/[<>&"]/g, '')}</p></main></body></html>`;
  },
});

// The product's web app runs on http://localhost here, which the provider refuses for browser
// flows by default; oidc-provider's documented way to allow it for a development provider.
const { invalidate } = provider.Client.Schema.prototype;
provider.Client.Schema.prototype.invalidate = function allowLocalHttp(message, code) {
  if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
  invalidate.call(this, message, code);
};

const signedIn = new SignedInCookie(keys.cookieKeys[0]);
const routes = [
  interactionRoute(provider, accounts, signedIn),
  graphRoute(provider, accounts, clients),
  fedcmRoute({ issuer, clients, accounts, keys, signedIn, idTokenTtl }),
];
const handleProvider = provider.callback();

async function handle(req, res) {
  try {
    for (const route of routes) if (await route(req, res)) return;
    handleProvider(req, res);
  } catch (err) {
    console.error(err);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('local identity provider error');
  }
}

// Loopback only. A browser that tries `localhost` at ::1 first is refused there at once and goes on to 127.0.0.1.
http.createServer(handle).listen(port, '127.0.0.1', () => console.log(`local identity provider ${issuer} (data ${dataDir})`));
