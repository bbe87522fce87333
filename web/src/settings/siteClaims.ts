import { creatorCardAnswerSchema, siteClaimRemovedSchema, siteClaimSchema, siteClaimsSchema, type CreatorCard, type SiteClaim, type SiteClaimRemoved } from '@pinhive/contracts';
import { resourceGet, resourceWrite } from '../api/resource';

/** The viewer's website claims (SiteClaimsResource), pending and verified. */
export function fetchSiteClaims(signal?: AbortSignal): Promise<SiteClaim[]> {
  return resourceGet('SiteClaimsResource', {}, siteClaimsSchema, signal);
}

/** Claims a website: its token and meta tag (the earlier claim when there is one). */
export function claimSite(domain: string): Promise<SiteClaim> {
  return resourceWrite('SiteClaimResource', 'create', { domain }, siteClaimSchema);
}

/** Asks pins-boards to look for the claim's tag on the site's home page. */
export function verifySite(domain: string): Promise<SiteClaim> {
  return resourceWrite('SiteClaimVerificationResource', 'create', { domain }, siteClaimSchema);
}

export function removeSiteClaim(domain: string): Promise<SiteClaimRemoved> {
  return resourceWrite('SiteClaimResource', 'delete', { domain }, siteClaimRemovedSchema);
}

/** The creator card of a saved pin (CreatorCardResource): null when there is none for this viewer. */
export function fetchCreatorCard(pinId: string, signal?: AbortSignal): Promise<CreatorCard | null> {
  return resourceGet('CreatorCardResource', { pin_id: pinId }, creatorCardAnswerSchema, signal);
}

export const siteClaimsKey = (userId: string) => ['siteClaims', userId] as const;
export const creatorCardKey = (pinId: string) => ['creatorCard', pinId] as const;

/** The claims with one claim put in its place (a verification's answer) or added at the end (a new claim). */
export function withClaim(claims: readonly SiteClaim[], claim: SiteClaim): SiteClaim[] {
  return claims.some((c) => c.domain === claim.domain) ? claims.map((c) => (c.domain === claim.domain ? claim : c)) : [...claims, claim];
}

export const withoutClaim = (claims: readonly SiteClaim[], domain: string): SiteClaim[] => claims.filter((c) => c.domain !== domain);
