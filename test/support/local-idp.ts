import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './servers';

const root = path.resolve(__dirname, '../..');

/** A local identity provider (infra/local-idp) run for one test file. */
export interface LocalIdp {
  issuer: string;
  /** Auth's settings for this provider, as a stack gets them (infra/local-idp/clients.mjs). */
  authEnv: Record<string, string>;
  /** Stops the process; with `keepData` its accounts and keys stay for a restart. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** Starts it again on the same port and data (its signing key and accounts survive). */
  restart(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function discoveryAnswers(issuer: string): Promise<true | undefined> {
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(1000) });
    return res.ok ? true : undefined;
  } catch {
    return undefined;
  }
}

/** clients.mjs is an ES module (shared with scripts/stack.mjs), which jest's CommonJS cannot load. */
function authEnvFor(issuer: string): Record<string, string> {
  const script = `import(process.argv[1]).then((m) => process.stdout.write(JSON.stringify(m.authEnvForLocalIdp(process.argv[2]))))`;
  const out = execFileSync(process.execPath, ['-e', script, path.join(root, 'infra/local-idp/clients.mjs'), issuer], { encoding: 'utf8' });
  return JSON.parse(out) as Record<string, string>;
}

/**
 * Starts the local provider with the clients of a web app at `publicUrl` (infra/local-idp/
 * clients.mjs), or with `clients` given as client metadata.
 */
export async function startLocalIdp(opts: { publicUrl?: string; clients?: object[]; idTokenTtlSeconds?: number } = {}): Promise<LocalIdp> {
  const port = await freePort();
  const issuer = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'local-idp-'));
  const env = {
    PATH: process.env.PATH, LOCAL_IDP_PORT: String(port), LOCAL_IDP_DATA_DIR: dataDir,
    ...(opts.idTokenTtlSeconds ? { LOCAL_IDP_ID_TOKEN_TTL_SECONDS: String(opts.idTokenTtlSeconds) } : {}),
    ...(opts.clients ? { LOCAL_IDP_CLIENTS: JSON.stringify(opts.clients) } : { LOCAL_IDP_PUBLIC_URL: opts.publicUrl ?? 'http://localhost:8080' }),
  };
  let child: ChildProcess;
  const start = async () => {
    child = spawn(process.execPath, [path.join(root, 'infra/local-idp/server.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(() => discoveryAnswers(issuer), `the local identity provider at ${issuer}`);
  };
  const stopProcess = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  await start();
  return {
    issuer,
    authEnv: authEnvFor(issuer),
    async stop({ keepData = false } = {}) {
      await stopProcess();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await stopProcess();
      await start();
    },
  };
}

/** Who signs in at the provider's page, as a person would type it. */
export interface IdpPerson {
  /** An email, or a phone number for a phone-only account. */
  login: string;
  given_name?: string;
  family_name?: string;
  /** YYYY-MM-DD */
  birthdate?: string;
  /** Untick "Share my email address" (default: shared). */
  withholdEmail?: boolean;
  /** Press Cancel instead of signing in. */
  cancel?: boolean;
}

/**
 * Walks an authorisation at the local provider without a browser, as a person would: follows its
 * redirects with its cookies, fills its sign-in page, and answers the URL it finally sends the
 * browser to (the client's redirect URI with `code`, or with the tokens in the fragment, or with
 * `error`). `authorizeUrl` is what the relying party would open in its popup.
 */
export async function signInAt(authorizeUrl: string, person: IdpPerson): Promise<URL> {
  const issuerOrigin = new URL(authorizeUrl).origin;
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  let url = new URL(authorizeUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = {};
      if (url.origin !== issuerOrigin) return url;
      continue;
    }
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (res.status === 200 && interaction) {
      const uid = interaction[1];
      if (person.cancel) {
        url = new URL(`/interaction/${uid}/abort`, url);
        init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' };
        continue;
      }
      const form = new URLSearchParams({ login: person.login, given_name: person.given_name ?? '', family_name: person.family_name ?? '', birthdate: person.birthdate ?? '' });
      if (!person.withholdEmail) form.set('share_email', 'yes');
      url = new URL(`/interaction/${uid}/login`, url);
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
      continue;
    }
    throw new Error(`the local identity provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
  }
  throw new Error('the local identity provider redirected too often');
}

/** The parameters the provider sent back: from the fragment (implicit flows) or the query. */
export function responseParams(redirect: URL): URLSearchParams {
  return redirect.hash ? new URLSearchParams(redirect.hash.slice(1)) : redirect.searchParams;
}

/**
 * What the browser's FedCM prompt does with the local provider (infra/local-idp/fedcm.mjs), done
 * without a browser: the person signs in at the provider's log-in page, the browser lists their
 * accounts and asks for an assertion (an ID token) for `clientId` and `nonce` from `origin`, the
 * relying party's page. Answers the provider's status and JSON.
 */
export async function fedcmAssertion(configUrl: string, opts: { login: string; clientId: string; nonce: string; origin: string; fetchDest?: string }) {
  const config = (await (await fetch(configUrl)).json()) as { accounts_endpoint: string; id_assertion_endpoint: string; login_url: string };
  const at = (p: string) => new URL(p, configUrl);
  const signIn = await fetch(at(config.login_url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ login: opts.login }).toString() });
  if (signIn.status !== 200 || signIn.headers.get('set-login') !== 'logged-in') throw new Error(`the local provider's log-in page answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const fedcm = { cookie, 'sec-fetch-dest': 'webidentity' };
  const accounts = (await (await fetch(at(config.accounts_endpoint), { headers: fedcm })).json()) as { accounts: { id: string; email: string }[] };
  const account = accounts.accounts.find((a) => a.email === opts.login.toLowerCase());
  if (!account) throw new Error(`no account ${opts.login} in the local provider's FedCM list`);
  const res = await fetch(at(config.id_assertion_endpoint), {
    method: 'POST',
    // `fetchDest`: what a page's own request would say instead (the provider must refuse it).
    headers: { ...fedcm, 'sec-fetch-dest': opts.fetchDest ?? 'webidentity', origin: opts.origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account_id: account.id, client_id: opts.clientId, params: JSON.stringify({ nonce: opts.nonce }), disclosure_text_shown: 'false', is_auto_selected: 'false' }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; error?: { code: string } }, allowOrigin: res.headers.get('access-control-allow-origin') };
}
