/**
 * A board's or section's slug for its URL (`/{username}/{slug}/`): the name folded to
 * lowercase ASCII letters, digits and dashes. A name with nothing left (only emoji or
 * punctuation) gets `board`/`section`; the repository adds `-2`, `-3`... when taken.
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}
