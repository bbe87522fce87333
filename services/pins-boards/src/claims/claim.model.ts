import type { SiteClaimStatus } from '@pinhive/contracts';

/** People's claims of websites, pending or verified: `_id` is `claimId(userId, domain)`. */
export const SITE_CLAIMS_COLLECTION = 'site_claims';
/** The verified owner of each website: `_id` is the domain, so there is one owner per domain. */
export const SITE_OWNERS_COLLECTION = 'site_owners';

/** A person's claim's key: user ids have no `:` (follows' userIdSchema), so the first `:` splits it. */
export const claimId = (userId: string, domain: string): string => `${userId}:${domain}`;

/**
 * One person's claim of one website (contracts site-claims.ts normaliseSiteDomain's domain). Read
 * by `_id` (one claim) and by `userId` (the person's list, at most SITE_CLAIMS_PER_PERSON_MAX).
 */
export interface SiteClaimDoc {
  _id: string;
  userId: string;
  domain: string;
  /** What the meta tag's `content` must be: random, made once per claim, never changed. */
  token: string;
  status: SiteClaimStatus;
  createdAt: Date;
  verifiedAt: Date | null;
  /** The last verification attempt, kept for the operators (the person sees its answer). */
  checkedAt: Date | null;
}

/**
 * The domain's official user: written when a claim is verified (the unique `_id` refuses a
 * second owner, even two verifications racing), removed with the claim. The creator card reads
 * this alone to learn whether a pin's site has an owner: one read by `_id`.
 */
export interface SiteOwnerDoc {
  _id: string;
  ownerId: string;
  verifiedAt: Date;
}
