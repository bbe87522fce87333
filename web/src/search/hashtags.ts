/** A piece of a pin's text: plain text, or a hashtag (`#word`, `tag` without the `#`). */
export type TextPart = { kind: 'text'; text: string } | { kind: 'hashtag'; text: string; tag: string };

/**
 * A hashtag: `#` and then letters (any script, with their combining marks), digits or
 * underscores, where the `#` does not follow a letter or a digit (so `a#b` and a link's
 * `page#part` are not hashtags, but `(#tea)` and `##tea` have one).
 */
const HASHTAG = /(?<![\p{L}\p{M}\p{N}])#([\p{L}\p{M}\p{N}_]+)/gu;

/** Splits text into plain parts and hashtags, in order; joined back, the parts are the text. */
export function splitHashtags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const start = match.index;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'hashtag', text: match[0], tag: match[1] ?? '' });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
