import { randomBytes } from 'node:crypto';
import { SITE_VERIFICATION_META_NAME } from '@pinhive/contracts';

/** A new claim's token: 24 characters of base64url (144 random bits), safe in an HTML attribute as it is. */
export const newClaimToken = (): string => randomBytes(18).toString('base64url');

/** The most of a home page read for the tag: it belongs in the `<head>`, near the top. */
export const HOME_PAGE_MAX_BYTES = 1024 * 1024;

const COMMENTS = /<!--[\s\S]*?(?:-->|$)/g;
/** Elements whose content is not markup: a tag written inside them is text, not a tag. */
const RAW_TEXT = /<(script|style|textarea|title|noscript|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const META = /<meta\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The few character references an attribute value may use for a token's characters. */
function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A tag's attributes, names in lower case; the first of a repeated name counts (as in HTML). */
function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decode(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/**
 * The contents of every `<meta name="pinhive-site-verification" content="...">` of a page, as a
 * browser would read the tags: names and the attribute's name in any case, attributes in any
 * order, quoted either way or not at all, character references decoded, the content trimmed.
 * Tags inside comments, scripts, styles, titles and the like are not tags and do not count.
 */
export function verificationTokensIn(html: string): string[] {
  const markup = html.replace(COMMENTS, ' ').replace(RAW_TEXT, ' ');
  const tokens: string[] = [];
  for (const match of markup.matchAll(META)) {
    const attributes = attributesOf(match[1]!);
    if (attributes.get('name')?.trim().toLowerCase() !== SITE_VERIFICATION_META_NAME) continue;
    const content = attributes.get('content');
    if (content !== undefined) tokens.push(content.trim());
  }
  return tokens;
}

/** Whether a page carries the claim's tag (the token exactly, case and all). A site may carry several owners' tags over time. */
export const hasVerificationToken = (html: string, token: string): boolean => token !== '' && verificationTokensIn(html).includes(token);
