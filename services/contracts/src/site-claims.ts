import { z } from 'zod';
import { userIdSchema } from './follows';
import { idSchema } from './pins-boards';

/*
 * Verified-domain claims and the creator card (issue 22, "Around a saved pin"; saving-boards-ads.md
 * "Saved-pin success dialog", "Creator card (attribution)", section 5 "creator-card name cut at
 * 70"). A person claims a website from /settings/claim/, puts the meta tag they are given on its
 * home page, and asks pins-boards to verify it; the verified owner of a pin's link domain is the
 * domain's official user, shown as the creator card. Why this shape: docs/decisions/site-claims.md.
 */

/** The meta tag's `name`: `<meta name="pinhive-site-verification" content="TOKEN">`. */
export const SITE_VERIFICATION_META_NAME = 'pinhive-site-verification';
/** Websites one person may claim (pending and verified together): their list is one bounded read. */
export const SITE_CLAIMS_PER_PERSON_MAX = 10;
/** The longest domain name (RFC 1035). */
export const SITE_HOST_MAX_LENGTH = 253;
/** What a person may type into the field: a domain or a whole address. */
export const SITE_ADDRESS_MAX_LENGTH = 2048;
/** The creator card's name is cut at this many characters (section 5). */
export const CREATOR_CARD_NAME_MAX = 70;
/** The product's default text truncation (section 5). */
export const TEXT_TRUNCATION_DEFAULT = 80;

/** The meta tag a person copies onto their home page. */
export const siteVerificationMetaTag = (token: string): string => `<meta name="${SITE_VERIFICATION_META_NAME}" content="${token}">`;

export type SiteDomainResult = { ok: true; domain: string } | { ok: false; message: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const DEFAULT_PORTS = new Set(['', '80', '443']);

export const SITE_DOMAIN_MESSAGES = {
  blank: "Enter your website's address, such as example.com.",
  invalid: "That doesn't look like a website address. Enter one such as example.com.",
  scheme: 'Only http and https websites can be claimed.',
  credentials: 'Leave out the user name and password: enter the address alone, such as example.com.',
  tooLong: 'That address is too long.',
} as const;

/**
 * The site a claim is for, as pins-boards keys it and as a pin's link is matched against it: the
 * host in lower case (IDNs in punycode, as browsers send them), without a leading `www.` or a
 * trailing dot, with its port unless it is 80 or 443. `https://WWW.Example.com/shop?x=1` and
 * `example.com` are both `example.com`; `http://127.0.0.1:18090/` is `127.0.0.1:18090`. A path or
 * query is ignored: the home page is what is checked. The host needs a dot (a name such as
 * `localhost` names no public site); IPv6 literals are not taken.
 */
export function normaliseSiteDomain(input: string): SiteDomainResult {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: SITE_DOMAIN_MESSAGES.blank };
  if (raw.length > SITE_ADDRESS_MAX_LENGTH) return { ok: false, message: SITE_DOMAIN_MESSAGES.tooLong };
  let url: URL;
  try {
    url = new URL(SCHEME.test(raw) ? raw : `http://${raw}`);
  } catch {
    return { ok: false, message: SITE_DOMAIN_MESSAGES.invalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: SITE_DOMAIN_MESSAGES.scheme };
  if (url.username || url.password) return { ok: false, message: SITE_DOMAIN_MESSAGES.credentials };
  const host = url.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  const labels = host.split('.');
  const valid = IPV4.test(host) ? labels.every((n) => Number(n) <= 255) : labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1]!);
  if (!valid) return { ok: false, message: SITE_DOMAIN_MESSAGES.invalid };
  if (host.length > SITE_HOST_MAX_LENGTH) return { ok: false, message: SITE_DOMAIN_MESSAGES.tooLong };
  return { ok: true, domain: DEFAULT_PORTS.has(url.port) ? host : `${host}:${url.port}` };
}

/** The claimable site of a pin's link, or null when the link names none (no link, not http(s), a bare host). */
export function siteDomainOfLink(link: string | null | undefined): string | null {
  if (!link || !SCHEME.test(link)) return null;
  const result = normaliseSiteDomain(link);
  return result.ok ? result.domain : null;
}

/**
 * Text cut to `max` characters (code points) at a word boundary, with an ellipsis, the product's
 * truncation (section 5: 80 by default; the creator card's name at 70). The ellipsis counts
 * within `max`. With no space in the kept part (one long word) the cut is mid-word.
 */
export function truncateText(text: string, max = TEXT_TRUNCATION_DEFAULT): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const kept = chars.slice(0, max - 1).join('');
  const nextIsSpace = /\s/.test(chars[max - 1] ?? '');
  const lastSpace = kept.search(/\s\S*$/);
  const cut = nextIsSpace || lastSpace <= 0 ? kept : kept.slice(0, lastSpace);
  return `${cut.trimEnd()}…`;
}

/** The creator card's name: the full name cut at 70 (section 5). */
export const creatorCardName = (fullName: string): string => truncateText(fullName, CREATOR_CARD_NAME_MAX);

/** A site as the calls take it: a domain or an address, normalised (`normaliseSiteDomain`); its message when it names none. */
export const siteDomainSchema = z
  .string()
  .max(SITE_ADDRESS_MAX_LENGTH, SITE_DOMAIN_MESSAGES.tooLong)
  .transform((value, ctx) => {
    const result = normaliseSiteDomain(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.domain;
  });

/** SiteClaimResource create and delete, SiteClaimVerificationResource create: the site. */
export const siteClaimOptionsSchema = z.object({ domain: siteDomainSchema });
export type SiteClaimOptions = z.input<typeof siteClaimOptionsSchema>;

export const SITE_CLAIM_STATUSES = ['pending', 'verified'] as const;
export type SiteClaimStatus = (typeof SITE_CLAIM_STATUSES)[number];

/** One of the viewer's claims: the token and its meta tag to place, and whether it was verified. */
export const siteClaimSchema = z.object({
  domain: z.string(),
  status: z.enum(SITE_CLAIM_STATUSES),
  token: z.string(),
  meta_tag: z.string(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
});
export type SiteClaim = z.infer<typeof siteClaimSchema>;

/** SiteClaimsResource get: the viewer's claims, oldest first (at most SITE_CLAIMS_PER_PERSON_MAX). */
export const siteClaimsSchema = z.array(siteClaimSchema).max(SITE_CLAIMS_PER_PERSON_MAX);
export const siteClaimsOptionsSchema = z.object({});

/** SiteClaimResource delete: the claim is gone (and, if it was verified, the site has no owner). */
export const siteClaimRemovedSchema = z.object({ domain: z.string(), removed: z.literal(true) });
export type SiteClaimRemoved = z.infer<typeof siteClaimRemovedSchema>;

/** CreatorCardResource get: by the saved pin (its link's site), or by a site. */
export const creatorCardOptionsSchema = z
  .object({ pin_id: idSchema.optional(), domain: siteDomainSchema.optional() })
  .refine((o) => (o.pin_id === undefined) !== (o.domain === undefined), { message: 'Give pin_id or domain (one of them).', path: ['pin_id'] });
export type CreatorCardOptions = z.input<typeof creatorCardOptionsSchema>;

/**
 * The creator card (spec "Creator card props": fullName, imageUrl, profileUrl, followerCount), with
 * the site it was found by and the person's id. `full_name` comes whole: the card cuts it at 70
 * (`creatorCardName`). The props this product has nothing for (aggregated saves and board, verified
 * identity or merchant, promotion and sponsor) are left out: docs/decisions/site-claims.md.
 */
export const creatorCardSchema = z.object({
  user_id: userIdSchema,
  username: z.string(),
  full_name: z.string(),
  image_url: z.string().nullable(),
  profile_url: z.string(),
  follower_count: z.number().int().min(0),
  domain: z.string(),
});
export type CreatorCard = z.infer<typeof creatorCardSchema>;
/** The answer: the card, or null when there is none to show this viewer. */
export const creatorCardAnswerSchema = creatorCardSchema.nullable();
