import { creatorCardAnswerSchema, creatorCardOptionsSchema, siteClaimOptionsSchema, siteClaimRemovedSchema, siteClaimSchema, siteClaimsOptionsSchema, siteClaimsSchema } from '@pinhive/contracts';
import { defineResource, memoryLimit, perViewer } from '@pinhive/kit';
import type { ClaimService } from './claim.service';
import type { CreatorCardService } from './creator-card.service';

/** Claims made or removed per person: far above a person setting up their sites, a wall for a script. */
const CLAIM_CHANGES = { points: 60, durationSeconds: 3600 };
/** Verifications per person: each fetches an outside page (up to two requests). */
const VERIFICATIONS = { points: 30, durationSeconds: 3600 };

export function claimRoutes(claims: ClaimService, cards: CreatorCardService) {
  // One count for making and removing claims (so that a script cannot go round and round).
  const changes = memoryLimit('site-claim-change', CLAIM_CHANGES.points, CLAIM_CHANGES.durationSeconds);
  return [
    defineResource({
      resource: 'SiteClaimsResource', action: 'get', summary: "The viewer's website claims, pending and verified, with each one's meta tag", auth: 'viewer',
      options: siteClaimsOptionsSchema, response: siteClaimsSchema,
      handler: ({ viewer }) => claims.list(viewer),
    }),
    defineResource({
      resource: 'SiteClaimResource', action: 'create', summary: "Claim a website: its token and the meta tag to put on its home page (the viewer's earlier claim of it, if any)", auth: 'viewer', status: 201,
      rateLimit: { ...changes, ...perViewer },
      options: siteClaimOptionsSchema, response: siteClaimSchema,
      handler: ({ viewer, options }) => claims.claim(viewer, options.domain),
    }),
    defineResource({
      resource: 'SiteClaimResource', action: 'delete', summary: 'Remove a website claim (and the ownership of the site it gave)', auth: 'viewer',
      rateLimit: { ...changes, ...perViewer },
      options: siteClaimOptionsSchema, response: siteClaimRemovedSchema,
      handler: ({ viewer, options }) => claims.remove(viewer, options.domain),
    }),
    defineResource({
      resource: 'SiteClaimVerificationResource', action: 'create', summary: "Verify a claim: fetch the site's home page and look for the claim's meta tag; one verified owner per site", auth: 'viewer',
      rateLimit: { ...memoryLimit('site-claim-verify', VERIFICATIONS.points, VERIFICATIONS.durationSeconds), ...perViewer },
      options: siteClaimOptionsSchema, response: siteClaimSchema,
      handler: ({ viewer, options }) => claims.verify(viewer, options.domain),
    }),
    defineResource({
      resource: 'CreatorCardResource', action: 'get', summary: "The creator card of a pin's link domain (or of a domain): its verified owner, unless the viewer is them or follows them (null)", auth: 'optional',
      options: creatorCardOptionsSchema, response: creatorCardAnswerSchema,
      handler: ({ viewer, options }) => cards.card(viewer, options),
    }),
  ];
}
