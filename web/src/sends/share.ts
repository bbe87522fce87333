import type { FollowListItem } from '@pinhive/contracts';
import { SHARE_PARAM } from './paths';

/** The link a share copies or hands to the system sheet: the pin's page, on this site. */
export const pinShareUrl = (origin: string, pinId: string): string => `${origin}/pin/${encodeURIComponent(pinId)}/`;

/** Whether a pin page's query opens its share sheet. */
export const sharing = (params: URLSearchParams): boolean => params.get(SHARE_PARAM) === 'true';

/** The query with the share sheet open or closed, the rest kept. */
export function withSharing(params: URLSearchParams, open: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (open) next.set(SHARE_PARAM, 'true');
  else next.delete(SHARE_PARAM);
  return next;
}

/** Folds case and accents, so that "zoe" finds "Zoë". */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a person matches what was typed: a part of their name or username (a leading @ ignored). */
export function matchesPerson(person: Pick<FollowListItem, 'username' | 'full_name'>, term: string): boolean {
  const wanted = fold(term.trim().replace(/^@/, ''));
  if (!wanted) return true;
  return fold(person.full_name).includes(wanted) || fold(person.username).includes(wanted);
}
