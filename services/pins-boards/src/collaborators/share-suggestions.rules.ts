import { foldForSearch, isInviteEmail, normaliseInviteEmail, type ShareSuggestion, type UserSummary } from '@pinhive/contracts';

/** A person offered to invite: `user_share_suggestion` (someone the viewer collaborates with) or `user` (found by what is typed: the exact username, or words of the name). */
export function personSuggestion(person: UserSummary, type: 'user_share_suggestion' | 'user'): ShareSuggestion {
  return {
    type,
    id: person.id,
    full_name: person.full_name,
    username: person.username,
    title: person.full_name || person.username,
    image_medium_url: person.image_medium_url,
    image_large_url: person.image_medium_url,
  };
}

/** The typed address as a row: `valid` once an invitation can be sent to it (the web's 'Keep typing!' / 'Click to send!'). */
export function emailSuggestion(term: string): ShareSuggestion {
  const email = normaliseInviteEmail(term);
  return { type: 'email', id: email, full_name: '', username: '', title: term.trim(), image_medium_url: null, image_large_url: null, valid: isInviteEmail(email) };
}

/** The username a term names, if it can be one: `@ada` and `Ada` both mean `ada`. */
export function usernameOf(term: string): string | undefined {
  const name = term.trim().replace(/^@/, '').toLowerCase();
  return /^[a-z0-9_]{3,30}$/.test(name) ? name : undefined;
}

/** Words of a term a person is found by: at most this many (each costs a read per candidate). */
export const TYPED_WORDS_MAX = 4;

/** A text's words as people are found by them: runs of letters, accents and case folded ("ada_l42" is "ada" and "l"). */
export function nameWordsOf(text: string): string[] {
  return foldForSearch(text.normalize('NFC')).split(/[^\p{L}]+/u).filter(Boolean);
}

/**
 * The words of what is typed that a person's words must each start (the search index's
 * search_name_words splits names the same way), the longest first (it is the one read as a
 * prefix range: the fewest people share it), at most TYPED_WORDS_MAX. None for a term without
 * letters: only its exact username is offered.
 */
export function typedWordsOf(term: string): string[] {
  const words = [...new Set(nameWordsOf(term))];
  // Array.prototype.sort is stable: equally long words keep the order they were typed in.
  return words.sort((a, b) => b.length - a.length).slice(0, TYPED_WORDS_MAX);
}

/**
 * Whether a suggested person matches what is typed: every typed word starts a word of their
 * username or name, accents and case aside, as the search index finds people (typedWordsOf);
 * a term without letters, the start of the username.
 */
export function personMatches(person: Pick<UserSummary, 'username' | 'full_name'>, term: string): boolean {
  const typed = typedWordsOf(term);
  // A term without letters ("42"): the start of the username, as before.
  if (typed.length === 0) return foldForSearch(person.username).startsWith(foldForSearch(term.trim().replace(/^@/, '')));
  const words = nameWordsOf(`${person.username} ${person.full_name}`);
  return typed.every((t) => words.some((w) => w.startsWith(t)));
}
