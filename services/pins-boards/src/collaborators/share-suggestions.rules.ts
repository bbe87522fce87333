import { boardNameMatches, foldForSearch, isInviteEmail, normaliseInviteEmail, type ShareSuggestion, type UserSummary } from '@pinhive/contracts';

/** A person offered to invite: `user_share_suggestion` (someone the viewer collaborates with) or `user` (the exact username typed). */
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

/**
 * Whether a suggested person matches what is typed: the username starts with it, or every typed
 * word starts a word of the name (accents and case aside, as the board picker's search).
 */
export function personMatches(person: Pick<UserSummary, 'username' | 'full_name'>, term: string): boolean {
  const typed = term.trim().replace(/^@/, '');
  if (typed.length === 0) return true;
  return foldForSearch(person.username).startsWith(foldForSearch(typed)) || boardNameMatches(person.full_name, typed);
}
