/** A pin whose picture looks like the one asked about: how near its picture, how alike its words. */
export interface LookAlike {
  pinId: string;
  imageId: string;
  /** Differing bits of the two pictures' hashes (of 64). */
  distance: number;
  /** Words in common over words in either (0 to 1). */
  overlap: number;
}

/** A text's words for comparing: lower case, letters and digits, two characters or more, each once. */
export function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []));
}

/** Words in common over words in either (Jaccard): 0 when either has none. */
export function wordOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  return common / (a.size + b.size - common);
}

/**
 * "More like this" order: the nearest picture first; among equally near ones the most words in
 * common; then the newest pin (ids grow with time), so the order is stable.
 */
export function ranked(candidates: readonly LookAlike[]): LookAlike[] {
  return [...candidates].sort((a, b) => a.distance - b.distance || b.overlap - a.overlap || compareIds(b.pinId, a.pinId));
}

/** Pin ids are decimal strings of growing numbers: the longer is the larger. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
