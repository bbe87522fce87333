/** The site a pin links to, as `domains=` filters it: lower case, without `www.`; null without a web link. */
export function linkDomain(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** A person may tag a pin with this many hashtags at most (more are not indexed). */
export const HASHTAGS_PER_PIN_MAX = 30;

/**
 * The hashtags of a pin's text, as search and the hashtag suggestions index them: `#` then
 * letters, digits or `_` (any script), not right after a letter or digit (`a#b` is no tag);
 * lower case without accents (`#Crème` is `creme`), each once.
 */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]{1,100})/gu)) {
    tags.add((m[1] as string).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    if (tags.size >= HASHTAGS_PER_PIN_MAX) break;
  }
  return [...tags];
}
