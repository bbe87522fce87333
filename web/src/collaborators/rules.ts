import { COLLABORATOR_AVATARS_NAMED, isInviteEmail, normaliseInviteEmail, type InviteCreateResult, type ShareSuggestion, type UserSummary } from '@pinhive/contracts';

/** Someone chosen in the invite list: an account (sent by id) or an address. */
export type Invitee = { kind: 'user'; id: string; username: string; name: string; imageUrl: string | null } | { kind: 'email'; email: string };

/** One key per person: an address in any case is one person. */
export const inviteeKey = (invitee: Invitee): string => (invitee.kind === 'user' ? `u:${invitee.id}` : `e:${normaliseInviteEmail(invitee.email)}`);

export const inviteeName = (invitee: Invitee): string => (invitee.kind === 'user' ? invitee.name || invitee.username : invitee.email);

/** A suggestion row, as someone chosen. */
export function inviteeOf(row: ShareSuggestion): Invitee {
  if (row.type === 'email') return { kind: 'email', email: normaliseInviteEmail(row.id) };
  return { kind: 'user', id: row.id, username: row.username, name: row.full_name || row.username, imageUrl: row.image_medium_url };
}

/**
 * What a typeahead row says (section 5): an address is 'Keep typing!' while it is not a valid
 * one yet, 'Click to send!' once it is, and 'Done!' once chosen; a person is 'Done!' once chosen.
 */
export type RowState = 'keepTyping' | 'clickToSend' | 'done' | null;

export function rowState(row: ShareSuggestion, chosen: readonly Invitee[]): RowState {
  const key = inviteeKey(inviteeOf(row));
  if (chosen.some((c) => inviteeKey(c) === key)) return 'done';
  if (row.type !== 'email') return null;
  return (row.valid ?? isInviteEmail(row.id)) ? 'clickToSend' : 'keepTyping';
}

/** A row can be chosen: a person, or a valid address; not twice. */
export const canChoose = (row: ShareSuggestion, chosen: readonly Invitee[]): boolean => {
  const state = rowState(row, chosen);
  return state !== 'done' && state !== 'keepTyping';
};

/**
 * The row the typed term stands for before the server answered: an address typed is answered
 * at once ('Keep typing!' while it is incomplete), without waiting for the typeahead call.
 */
export function typedEmailRow(term: string): ShareSuggestion | null {
  const typed = term.trim();
  if (typed.indexOf('@') <= 0) return null;
  const email = normaliseInviteEmail(typed);
  return { type: 'email', id: email, full_name: '', username: '', title: typed, image_medium_url: null, image_large_url: null, valid: isInviteEmail(email) };
}

/** Section 7 "ids only": who to send, as the invite call takes them. */
export function inviteOptions(chosen: readonly Invitee[]): { invited_user_ids: string[]; emails: string[] } {
  return {
    invited_user_ids: chosen.flatMap((c) => (c.kind === 'user' ? [c.id] : [])),
    emails: chosen.flatMap((c) => (c.kind === 'email' ? [c.email] : [])),
  };
}

/** Section 9: collaborator avatars, 3 named, the rest 'and N more'. */
export function avatarNaming<T extends Pick<UserSummary, 'id'>>(users: readonly T[], named = COLLABORATOR_AVATARS_NAMED): { named: T[]; more: number } {
  return { named: users.slice(0, named), more: Math.max(0, users.length - named) };
}

/** The refused people of an invite call, named as they were chosen, with the server's reason. */
export function refusalLines(result: InviteCreateResult, chosen: readonly Invitee[]): { key: string; name: string; message: string }[] {
  return result.refused.map((r) => {
    const who = chosen.find((c) => (c.kind === 'user' ? c.id === r.user_id : normaliseInviteEmail(c.email) === r.email));
    return { key: r.user_id ?? r.email ?? r.message, name: who ? inviteeName(who) : (r.email ?? r.user_id ?? ''), message: r.message };
  });
}
