import type { OneTapStartResponse } from '@pinhive/contracts';

/**
 * Google-kind one-tap through the browser's own account chooser (FedCM): no script of the
 * provider's in the page, no popup. Offered where the browser has FedCM from the spec's version
 * on (`googleFedcmMinVersion`, served by `GET /v3/auth/providers/`); elsewhere the button stays.
 */

/** The browser's Chromium major version from its user agent (Chrome, Edge, Opera...); null for others. */
export function chromiumMajorVersion(userAgent: string): number | null {
  const m = /(?:Chrome|Chromium)\/(\d+)\./.exec(userAgent);
  return m ? Number(m[1]) : null;
}

/** Whether this browser shows the one-tap prompt: FedCM there, from `minVersion` on. */
export function browserOffersOneTap(minVersion: number, env: { userAgent: string; hasFedCm: boolean }): boolean {
  const version = chromiumMajorVersion(env.userAgent);
  return env.hasFedCm && version !== null && version >= minVersion;
}

/** The same, for this browser. */
export function thisBrowserOffersOneTap(minVersion: number): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  return browserOffersOneTap(minVersion, { userAgent: navigator.userAgent, hasFedCm: 'IdentityCredential' in window && Boolean(navigator.credentials) });
}

/** FedCM's request (not yet in TypeScript's DOM types). */
interface IdentityRequest {
  identity: {
    context: 'signin' | 'signup' | 'use' | 'continue';
    providers: { configURL: string; clientId: string; nonce?: string; params?: Record<string, string> }[];
  };
  mediation: 'optional';
  signal?: AbortSignal;
}

/**
 * Shows the browser's prompt and resolves with the provider's ID token for this start (its nonce
 * inside), or null when there is none to have: the person closed the prompt, no one is signed in
 * at the provider, the browser holds the prompt back for a while after it was closed, or the
 * request was aborted (the person pressed a button instead). The nonce goes both where browsers
 * from about version 132 read it (`params`) and where older ones do.
 */
export async function askBrowserForToken(start: OneTapStartResponse, signal?: AbortSignal): Promise<string | null> {
  const request: IdentityRequest = {
    identity: { context: 'signin', providers: [{ configURL: start.configUrl, clientId: start.clientId, nonce: start.nonce, params: { nonce: start.nonce } }] },
    mediation: 'optional',
    signal,
  };
  try {
    const credential = (await navigator.credentials.get(request)) as { token?: unknown } | null;
    return typeof credential?.token === 'string' && credential.token ? credential.token : null;
  } catch {
    return null;
  }
}
