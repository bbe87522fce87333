import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What a served promoted pin carries back with its impression or click: which ad, for whom, when
 * served, signed with the secret the serving services share (ADS_TOKEN_SECRET: ads' serve call,
 * pins-boards' home feed and search pages; ads verifies every token), so nobody counts impressions of an
 * ad they were never shown, nor for someone else. Tokens live a day: an open tab's impressions
 * still count, a replay of old ones does not.
 */
export interface AdTokenClaims {
  adId: string;
  adGroupId: string;
  campaignId: string;
  advertiserId: string;
  /** The account id, or a visitor id made at serving for someone signed out. */
  viewerKey: string;
  placement: 'home_feed' | 'search';
  /** When served, seconds since the epoch. */
  servedAt: number;
}

export const AD_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signAdToken(secret: string, claims: AdTokenClaims): string {
  const body = Buffer.from(JSON.stringify([claims.adId, claims.adGroupId, claims.campaignId, claims.advertiserId, claims.viewerKey, claims.placement, claims.servedAt])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The token of a served campaign's item for one viewer at one placement (ads' serve call and the pages that carry their ads alike). */
export const servedAdToken = (secret: string, c: Pick<AdTokenClaims, 'adId' | 'adGroupId' | 'campaignId' | 'advertiserId'>, served: Pick<AdTokenClaims, 'viewerKey' | 'placement' | 'servedAt'>): string =>
  signAdToken(secret, { adId: c.adId, adGroupId: c.adGroupId, campaignId: c.campaignId, advertiserId: c.advertiserId, ...served });

/** The claims of a token this service signed and that has not expired; null otherwise. */
export function verifyAdToken(secret: string, token: string, nowSeconds: number): AdTokenClaims | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [adId, adGroupId, campaignId, advertiserId, viewerKey, placement, servedAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof servedAt !== 'number' || nowSeconds - servedAt > AD_TOKEN_TTL_SECONDS || servedAt - nowSeconds > 60) return null;
    if (placement !== 'home_feed' && placement !== 'search') return null;
    return { adId: String(adId), adGroupId: String(adGroupId), campaignId: String(campaignId), advertiserId: String(advertiserId), viewerKey: String(viewerKey), placement, servedAt };
  } catch {
    return null;
  }
}

/** The config of a service that signs or verifies ad tokens (ads, pins-boards): the same secret in both. */
export const adTokenSecretField = {
  ADS_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
};

/** Stands in for ADS_TOKEN_SECRET outside production: tokens signed with it are trusted nowhere else. */
const DEVELOPMENT_AD_TOKEN_SECRET = 'pinhive-development-ads-token-secret-not-for-production';

/** The secret that signs ad tokens: ADS_TOKEN_SECRET, or the development one outside production. */
export const adTokenSecretOf = (config: { ADS_TOKEN_SECRET?: string | undefined }): string => config.ADS_TOKEN_SECRET ?? DEVELOPMENT_AD_TOKEN_SECRET;

/** A production deployment must set it: served items would carry tokens anyone could forge. */
export function requireAdTokenSecretInProduction(c: { NODE_ENV: string; ADS_TOKEN_SECRET?: string | undefined }, ctx: z.RefinementCtx): void {
  if (c.NODE_ENV === 'production' && !c.ADS_TOKEN_SECRET) ctx.addIssue({ code: 'custom', path: ['ADS_TOKEN_SECRET'], message: 'required in production: signs the ad impression tokens (openssl rand -base64 32)' });
}
