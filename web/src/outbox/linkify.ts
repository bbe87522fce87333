/** A piece of message text: plain words, or a link to show as one. */
export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/**
 * Absolute http(s) URLs, and paths that start a word with "/" followed by a letter (the reset
 * link may be written as "/password/reset/?token=…"). Trailing punctuation stays text.
 */
const LINK = /\bhttps?:\/\/[^\s<>"]+|(?<![^\s(])\/[a-z][^\s<>"]*/gi;
const TRAILING = /[.,;:!?)\]'"]+$/;

/** Splits message text into text and links, in order; only http(s) and same-site paths become links. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: link, href: link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return merge(parts);
}

/** Neighbouring text parts as one. */
function merge(parts: TextPart[]): TextPart[] {
  const out: TextPart[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    if (part.type === 'text' && previous?.type === 'text') previous.text += part.text;
    else out.push(part);
  }
  return out;
}
