import { foldForSearch } from '@pinhive/contracts';

/** A piece of a suggestion's text: the part that matches what was typed, or the rest. */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** Section 5: "match highlight needs more than 1 character" (of the typed term, spaces around it left out). */
export const HIGHLIGHT_MIN_LENGTH = 2;

/**
 * The text folded one code point at a time (`foldForSearch`: accents and case), with, for each
 * unit of the folded text, where the code point it came from starts and ends in the original.
 */
interface Folded {
  text: string;
  from: number[];
  to: number[];
}

function foldWithMap(text: string): Folded {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const char of text) {
    const part = foldForSearch(char);
    folded += part;
    for (let i = 0; i < part.length; i++) {
      from.push(at);
      to.push(at + char.length);
    }
    at += char.length;
  }
  return { text: folded, from, to };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Where `needle` is first found in `haystack` at the start of a word, else anywhere; -1 if nowhere. */
function findMatch(haystack: string, needle: string): number {
  let first = -1;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (at === 0 || !WORD_CHAR.test(haystack[at - 1] ?? '')) return at;
    if (first < 0) first = at;
  }
  return first;
}

/** A match in the folded text as a range of the original, with the combining marks after it. */
function originalRange(text: string, folded: Folded, start: number, length: number): [number, number] {
  let end = folded.to[start + length - 1] ?? text.length;
  // A decomposed accent ("e" + U+0301) folds to nothing: it belongs to the letter before it.
  while (end < text.length && foldForSearch(String.fromCodePoint(text.codePointAt(end) ?? 0)) === '') {
    end += String.fromCodePoint(text.codePointAt(end) ?? 0).length;
  }
  return [folded.from[start] ?? 0, end];
}

/**
 * The ranges of `text` that match `term`, accents and case folded: the whole term where it is
 * first found (at a word start rather than inside a word); if it is not found, each of its words
 * of more than one character, where each is first found. Sorted, not overlapping.
 */
export function matchRanges(text: string, term: string): [number, number][] {
  const wanted = foldForSearch(term.trim());
  if ([...wanted].length < HIGHLIGHT_MIN_LENGTH) return [];
  const folded = foldWithMap(text);
  const whole = findMatch(folded.text, wanted);
  if (whole >= 0) return [originalRange(text, folded, whole, wanted.length)];
  const ranges: [number, number][] = [];
  for (const word of wanted.split(/\s+/)) {
    if ([...word].length < HIGHLIGHT_MIN_LENGTH) continue;
    const at = findMatch(folded.text, word);
    if (at >= 0) ranges.push(originalRange(text, folded, at, word.length));
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * A suggestion's text cut into the parts that match what was typed and the rest, for showing the
 * typed part highlighted. A term of one character highlights nothing (section 5). Joined back,
 * the pieces are the text.
 */
export function highlightPieces(text: string, term: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, term)) {
    if (start > at) pieces.push({ text: text.slice(at, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), match: false });
  return pieces;
}
