import { foldedWords, wordForms } from '@pinhive/contracts';

/**
 * Which promoted pins belong beside a search. A quick promotion has no keywords of its own, so
 * its words are the pin's: title, description and board name (and its targeted interests).
 * A promoted pin is served beside a search only when one of its words answers one of the
 * query's; the more of the query's words it answers, the sooner. A search nothing answers has
 * no promoted pin: an unrelated ad among results reads as noise, and the advertiser pays for it.
 * Words match as interests do (contracts `wordForms`): accents, case and English plurals aside.
 */

/** Words of at most this many characters are left out ("a", "of", a possessive's "s"): they answer everything. */
const SHORTEST = 2;

const longEnough = (word: string) => word.length > SHORTEST;

/** A promoted pin's words, each in all its forms: what a search's words are looked up in. */
export function wordsOf(...texts: readonly (string | null | undefined)[]): Set<string> {
  return new Set(texts.flatMap((text) => foldedWords(text).filter(longEnough).flatMap(wordForms)));
}

/** A search's words, each with its forms (a word answers when any of its forms is a pin's). */
export function queryWordsOf(query: string | null | undefined): string[][] {
  return [...new Set(foldedWords(query).filter(longEnough))].map(wordForms);
}

/** How many of the query's words a promoted pin's words answer (0: not beside this search). */
export function relevance(query: readonly (readonly string[])[], words: ReadonlySet<string>): number {
  return query.filter((forms) => forms.some((form) => words.has(form))).length;
}
