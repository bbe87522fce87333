import { appError, AppError, type Logger, type Viewer } from '@pinhive/kit';
import { SITE_CLAIMS_PER_PERSON_MAX, siteVerificationMetaTag, type SiteClaim, type SiteClaimRemoved } from '@pinhive/contracts';
import type { GuardedFetcher } from '../images/guarded-fetch';
import { claimId, type SiteClaimDoc } from './claim.model';
import type { ClaimRepository } from './claim.repository';
import { hasVerificationToken, HOME_PAGE_MAX_BYTES, newClaimToken } from './claim.rules';

export interface ClaimServiceDeps {
  claims: ClaimRepository;
  /** The guarded fetcher (images/guarded-fetch.ts): no private address unless FETCH_ALLOW_HOSTS lists it. */
  fetcher: Pick<GuardedFetcher, 'fetch'>;
  logger: Logger;
  now?: () => Date;
}

const notClaimed = () => appError('site_claim_not_found', { field: 'domain' });
const taken = () => appError('site_claim_taken', { field: 'domain' });

export function presentClaim(claim: SiteClaimDoc): SiteClaim {
  return {
    domain: claim.domain,
    status: claim.status,
    token: claim.token,
    meta_tag: siteVerificationMetaTag(claim.token),
    created_at: claim.createdAt.toISOString(),
    verified_at: claim.verifiedAt ? claim.verifiedAt.toISOString() : null,
  };
}

/** The fetcher's words for a failed fetch, about the home page rather than "the link". */
const aboutHomePage = (detail: string | null): string => (detail ?? 'It could not be fetched.').replace(/^The link/, 'The home page');

/**
 * Claims of websites (docs/decisions/site-claims.md): a person claims a site and gets a token;
 * "Verify" fetches the site's home page through the guarded fetcher, https first, then http, and
 * looks for the token's meta tag; the first person to verify a site owns it until they remove
 * their claim, and a second person's verification of it is refused.
 */
export class ClaimService {
  private readonly now: () => Date;

  constructor(private readonly deps: ClaimServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(viewer: Viewer): Promise<SiteClaim[]> {
    return (await this.deps.claims.ofPerson(viewer.userId)).map(presentClaim);
  }

  /** Claims a site: a new token, or the claim the viewer made before. Refused when someone else owns the site, or past the claims a person may have. */
  async claim(viewer: Viewer, domain: string): Promise<SiteClaim> {
    const { claims } = this.deps;
    const [earlier, owner] = await Promise.all([claims.find(viewer.userId, domain), claims.ownerOf(domain)]);
    if (earlier) return presentClaim(earlier);
    if (owner && owner.ownerId !== viewer.userId) throw taken();
    if ((await claims.ofPerson(viewer.userId)).length >= SITE_CLAIMS_PER_PERSON_MAX) throw appError('site_claim_limit', { field: 'domain' });
    const claim = await claims.insert({ _id: claimId(viewer.userId, domain), userId: viewer.userId, domain, token: newClaimToken(), status: 'pending', createdAt: this.now(), verifiedAt: null, checkedAt: null });
    return presentClaim(claim);
  }

  /**
   * Verifies a claim: the site's home page must carry the claim's tag. Answers the verified claim;
   * refuses with the reason (the page could not be opened: its answer; the tag is not there), or
   * when someone else verified the site first (the unique owner key decides between two at once).
   */
  async verify(viewer: Viewer, domain: string): Promise<SiteClaim> {
    const { claims } = this.deps;
    const [claim, owner] = await Promise.all([claims.find(viewer.userId, domain), claims.ownerOf(domain)]);
    if (!claim) throw notClaimed();
    if (owner && owner.ownerId !== viewer.userId) throw taken();
    const at = this.now();
    await claims.markChecked(viewer.userId, domain, at);
    const page = await this.homePage(domain);
    if (!hasVerificationToken(page, claim.token)) {
      throw appError('site_verification_tag_missing', { field: 'domain', detail: `Add ${siteVerificationMetaTag(claim.token)} to the <head> of ${domain}'s home page, publish it, then verify again.` });
    }
    const held = await claims.takeOwnership(domain, viewer.userId, owner?.verifiedAt ?? at);
    if (held.ownerId !== viewer.userId) throw taken();
    const verified = await claims.markVerified(viewer.userId, domain, claim.verifiedAt ?? at);
    if (!verified) {
      // The claim was removed while its page was read: no ownership without a claim.
      await claims.releaseOwnership(domain, viewer.userId);
      throw notClaimed();
    }
    this.deps.logger.info({ domain, userId: viewer.userId }, 'site claim verified');
    return presentClaim(verified);
  }

  /** Removes a claim, and the ownership it gave (never anyone else's). */
  async remove(viewer: Viewer, domain: string): Promise<SiteClaimRemoved> {
    const { claims } = this.deps;
    if (!(await claims.find(viewer.userId, domain))) throw notClaimed();
    // Ownership first: a claim is never gone while the site still names its person.
    await claims.releaseOwnership(domain, viewer.userId);
    await claims.remove(viewer.userId, domain);
    return { domain, removed: true };
  }

  /** The site's home page as text: `https://<domain>/`, else `http://<domain>/`; the last refusal's reason when neither opens. */
  private async homePage(domain: string): Promise<string> {
    let reason: string | null = null;
    for (const scheme of ['https', 'http']) {
      try {
        const fetched = await this.deps.fetcher.fetch(`${scheme}://${domain}/`, { expect: 'html', maxBytes: HOME_PAGE_MAX_BYTES, field: 'domain' });
        return fetched.bytes.toString('utf8');
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reason = aboutHomePage(err.detail);
      }
    }
    throw appError('site_verification_unreachable', { field: 'domain', detail: reason ?? undefined });
  }
}
