import { eng } from 'stopword';
import { BOARD_NAME_MAX_LENGTH, boardNameKey } from '@pinhive/contracts';

/**
 * Names for a new board, for a pin being saved (section 4's create-board step): names a person
 * would keep. A name another person gave a board holding pins like this one comes first (the
 * search index's similar boards: kept names, not guesses); then phrases of the pin's title and
 * description ("Brass floor lamp", "Floor lamp"); then the board it was saved from; single words
 * last, and never a common one ("Idea", "Warm", "Best"), which names nothing. A name the person
 * already gave one of their boards is not offered: it would be refused (board names are unique
 * per owner), and that board is in the picker already.
 */
export interface BoardNameSources {
  /** Names of boards, the viewer's own included, that hold pins like this one (most common first). */
  similar: readonly string[];
  title: string;
  description: string;
  /** The name of the board the pin is saved from; null for the viewer's own. */
  sourceBoard: string | null;
  /** The viewer's own board names. */
  taken: readonly string[];
}

/** Words that name no board alone: what the stop-word list leaves in that describes rather than names. */
const VAGUE = new Set([
  'idea', 'ideas', 'inspiration', 'inspo', 'warm', 'cool', 'cute', 'best', 'great', 'beautiful', 'amazing', 'awesome', 'love', 'lovely',
  'nice', 'new', 'good', 'perfect', 'easy', 'simple', 'photo', 'photos', 'image', 'images', 'picture', 'pictures', 'pin', 'pins', 'thing',
  'things', 'stuff', 'style', 'styles', 'way', 'ways', 'tips', 'make', 'made', 'making', 'look', 'looks', 'like', 'get', 'one', 'really',
  'little', 'big', 'small', 'today', 'day', 'days', 'year', 'years', 'time', 'via', 'http', 'https', 'www', 'com',
]);
const STOP = new Set(eng);
/** The longest phrase taken whole from the pin's words: longer reads as a sentence, not a name. */
const PHRASE_MAX_WORDS = 3;

const isNameWord = (word: string) => /\p{L}/u.test(word) && !STOP.has(word.toLowerCase());
const sentenceCase = (words: readonly string[]) => {
  const text = words.join(' ');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1).toLocaleLowerCase();
};

/** The runs of name words of a text (stop words, numbers and punctuation end a run). */
function runsOf(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}'’-]+/u)) {
    if (word && isNameWord(word)) {
      run.push(word.replace(/^['’-]+|['’-]+$/g, ''));
      continue;
    }
    if (run.length) runs.push(run);
    run = [];
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Phrases of two or more words from a text: each run of name words whole (up to PHRASE_MAX_WORDS)
 * and its last two words (in English the head of a phrase comes last: "floor lamp" of "brass floor lamp").
 */
export function phrasesOf(text: string): string[] {
  const out: string[] = [];
  for (const run of runsOf(text)) {
    const meaningful = run.filter((w) => !VAGUE.has(w.toLowerCase()));
    if (meaningful.length < 2) continue;
    if (run.length >= 2 && run.length <= PHRASE_MAX_WORDS && !VAGUE.has(run[0]!.toLowerCase())) out.push(sentenceCase(run));
    const tail = meaningful.slice(-2);
    out.push(sentenceCase(tail));
  }
  return out;
}

/** Single words of a text that could name a board: at least 4 letters, neither a stop word nor a vague one. */
export function namingWordsOf(text: string): string[] {
  return runsOf(text)
    .flat()
    .filter((w) => w.length >= 4 && !VAGUE.has(w.toLowerCase()))
    .map((w) => sentenceCase([w]));
}

export function boardNameSuggestions(sources: BoardNameSources, max: number): string[] {
  const text = `${sources.title}\n${sources.description}`;
  const candidates = [
    ...sources.similar,
    ...phrasesOf(sources.title),
    ...phrasesOf(sources.description),
    ...(sources.sourceBoard ? [sources.sourceBoard] : []),
    ...namingWordsOf(text),
  ];
  const seen = new Set(sources.taken.map(boardNameKey));
  const out: string[] = [];
  for (const candidate of candidates) {
    const name = candidate.trim().replace(/\s+/g, ' ');
    const key = boardNameKey(name);
    if (!name || name.length > BOARD_NAME_MAX_LENGTH || seen.has(key)) continue;
    // A single vague word is no name, wherever it came from (another person's board "Ideas" too).
    if (!name.includes(' ') && VAGUE.has(key)) continue;
    seen.add(key);
    out.push(name);
    if (out.length === max) break;
  }
  return out;
}
