import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { viewerTypeSchema, type ViewerType } from '@pinhive/contracts';
import { z } from 'zod';
import { appError } from '../errors';

/** The one algorithm access tokens are signed with; anything else is refused. */
export const ACCESS_TOKEN_ALG = 'ES256';
export const ACCESS_TOKEN_ISSUER = 'pinhive-auth';
export const ACCESS_TOKEN_AUDIENCE = 'pinhive';

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  typ: z.literal('access'),
  vt: viewerTypeSchema,
  usr: z.string(),
  /** Seconds since the epoch: a verified token is kept until then (cachedAccessTokens). */
  exp: z.number(),
});

/** Who is calling, as established from a verified access token. */
export interface Viewer {
  userId: string;
  sessionId: string;
  username: string;
  viewerType: ViewerType;
}

/** Finds the public key for a `kid`; undefined when unknown. */
export type KeyLookup = (kid: string) => Promise<KeyObject | undefined>;

/**
 * Verifies a token auth signed: the algorithm is pinned (no `none`, no HS256 with a public key),
 * the key is chosen by `kid` only among ours, and `iss`, `aud` and `exp` are checked. Answers
 * the payload, or throws `unauthorized` (`token_expired` when only its time is up).
 */
export async function verifySignedToken(token: string, lookup: KeyLookup, audience: string): Promise<unknown> {
  const decoded = jwt.decode(token, { complete: true });
  const kid = decoded && typeof decoded === 'object' ? decoded.header.kid : undefined;
  if (!kid || decoded?.header.alg !== ACCESS_TOKEN_ALG) throw appError('unauthorized');
  const key = await lookup(kid);
  if (!key) throw appError('unauthorized');
  try {
    return jwt.verify(token, key, { algorithms: [ACCESS_TOKEN_ALG], issuer: ACCESS_TOKEN_ISSUER, audience });
  } catch (err) {
    throw appError(err instanceof jwt.TokenExpiredError ? 'token_expired' : 'unauthorized');
  }
}

/**
 * Verifies an access token (`verifySignedToken` for our audience), which must be an access
 * token (a refresh token is opaque and never verifies; other kinds have their own audience).
 */
export async function verifyAccessToken(token: string, lookup: KeyLookup): Promise<Viewer> {
  return (await verifiedAccessToken(token, lookup)).viewer;
}

async function verifiedAccessToken(token: string, lookup: KeyLookup): Promise<{ viewer: Viewer; expiresAt: number }> {
  const payload = await verifySignedToken(token, lookup, ACCESS_TOKEN_AUDIENCE);
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw appError('unauthorized');
  const viewer = { userId: claims.data.sub, sessionId: claims.data.sid, username: claims.data.usr, viewerType: claims.data.vt };
  return { viewer, expiresAt: claims.data.exp * 1000 };
}

/**
 * verifyAccessToken with its answers kept for a while: every request of a viewer carries the
 * same token, and its ES256 check was the largest CPU cost of a read served from memory. A kept
 * answer is used until its token's `exp` and for at most `keepMs` (a withdrawn signing key stops
 * working within it); refusals are never kept, and an expired token is checked again (and
 * refused with `token_expired`).
 */
export function cachedAccessTokens(lookup: KeyLookup, { max = 10_000, keepMs = 60_000, now = Date.now } = {}): (token: string) => Promise<Viewer> {
  const kept = new LRUCache<string, { viewer: Viewer; expiresAt: number }>({ max, ttl: keepMs });
  return async (token) => {
    const hit = kept.get(token);
    if (hit && now() < hit.expiresAt) return hit.viewer;
    const verified = await verifiedAccessToken(token, lookup);
    kept.set(token, verified);
    return verified.viewer;
  };
}

export const publicKeyFromJwk = (jwk: JsonWebKey): KeyObject => createPublicKey({ key: jwk, format: 'jwk' });

const jwksSchema = z.object({ keys: z.array(z.object({ kid: z.string() }).loose()) });

/**
 * Keys from the auth service's JWKS endpoint, cached. An unknown `kid` refetches (a rotated
 * key), at most once per `minRefetchMs`, so forged kids cannot make us hammer the endpoint.
 */
export function jwksLookup(url: string, { minRefetchMs = 30_000, fetchImpl = fetch } = {}): KeyLookup {
  let keys = new Map<string, KeyObject>();
  let lastFetch = 0;
  let inflight: Promise<void> | undefined;
  const refresh = async () => {
    lastFetch = Date.now();
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
    const body = (await res.json()) as { resource_response?: { data?: unknown } };
    const parsed = jwksSchema.parse(body.resource_response?.data);
    keys = new Map(parsed.keys.map((k) => [k.kid, publicKeyFromJwk(k as JsonWebKey)]));
  };
  return async (kid) => {
    if (!keys.has(kid)) {
      if (!inflight && Date.now() - lastFetch >= minRefetchMs) inflight = refresh().finally(() => { inflight = undefined; });
      // A lookup arriving while a fetch runs (the first one, just after a start) waits for it
      // rather than refusing a valid token for want of keys not yet read.
      await inflight?.catch(() => undefined);
    }
    return keys.get(kid);
  };
}
