import {
  ADVERTISER_NAME_MAX_LENGTH,
  actsOnBehalf,
  advertiserSchema,
  errorCatalogue,
  type Advertiser,
  type Board,
  type BoardPickerOptions,
  type BoardPrivacy,
  type ErrorCode,
} from '@pinhive/contracts';
import { isApiError } from '../api/client';

/*
 * Acting for an advertiser (saving-boards-ads.md section 6, "Advertiser context"; section 5 for
 * the create-board form). The viewer chooses in the account menu whom they act for: themself, or
 * one of the advertisers `GET /ads/v4/advertisers/` lists for them. A member (someone else owns
 * the advertiser) acts on its behalf: advertiser_id goes with board and pin creation, the picker
 * lists the protected boards made for it, boards are made protected, and the secret toggle and
 * the invites are hidden. The owner keeps public or secret and may invite; their boards and pins
 * still carry advertiser_id (the spec's "only when acting for an advertiser").
 */

/** The local-storage key of one account's choice (the spec's "stored keys"): one per user id. */
export const actingStorageKey = (userId: string): string => `pinhive.actingAs.${userId}`;

/** What the key holds: the advertiser as it was listed when chosen. */
export const storedActingValue = (advertiser: Advertiser): string => JSON.stringify(advertiser);

/** The stored choice, or null when there is none or it is not an advertiser (an older or damaged value). */
export function readStoredActing(raw: string | null): Advertiser | null {
  if (!raw) return null;
  try {
    const parsed = advertiserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Whom the viewer acts for, from the stored choice and the list (`undefined` until it answers, or
 * when it failed):
 * - nothing stored: themself;
 * - the list not known: the stored advertiser. Falling back to themself there would turn a
 *   member's next board into a public one on their own profile because a request was slow; if
 *   they may no longer act for it, the server refuses (`advertiser_not_member`) and says so;
 * - the list known: the listed advertiser of that id (its current name and role), or themself
 *   when it is no longer listed (removed, left, or another account's choice): `dropped` then
 *   says the stored choice is to be forgotten.
 */
export function resolveActing(stored: Advertiser | null, list: readonly Advertiser[] | undefined): { advertiser: Advertiser | null; dropped: boolean } {
  if (!stored) return { advertiser: null, dropped: false };
  if (!list) return { advertiser: stored, dropped: false };
  const listed = list.find((advertiser) => advertiser.id === stored.id);
  return listed ? { advertiser: listed, dropped: false } : { advertiser: null, dropped: true };
}

/** The advertiser fields of a board or pin creation: `advertiser_id` whenever the viewer acts for one. */
export function actingFields(advertiser: Pick<Advertiser, 'id'> | null): { advertiser_id?: string } {
  return advertiser ? { advertiser_id: advertiser.id } : {};
}

/** What the create-board form shows and sends for whom the viewer acts (sections 5 and 6). */
export interface BoardFormRules {
  advertiserId: string | null;
  /** The public-or-secret choice: the viewer themself, or an advertiser's owner. */
  secretToggle: boolean;
  /** The collaborator invite list: likewise. */
  invites: boolean;
  /** The disabled, checked 'Protected board (not listed on user's profile)' switch: acting on an advertiser's behalf. */
  protectedSwitch: boolean;
}

export function boardFormRules(advertiser: Pick<Advertiser, 'id' | 'role'> | null): BoardFormRules {
  const onBehalf = actsOnBehalf(advertiser);
  return { advertiserId: advertiser?.id ?? null, secretToggle: !onBehalf, invites: !onBehalf, protectedSwitch: onBehalf };
}

/** The privacy a new board asks for: protected on an advertiser's behalf, else the toggle's choice. */
export function createBoardPrivacy(rules: Pick<BoardFormRules, 'protectedSwitch'>, secret: boolean): BoardPrivacy {
  if (rules.protectedSwitch) return 'protected';
  return secret ? 'secret' : 'public';
}

/**
 * The picker's options (section 7, BoardPickerBoardsResource): on an advertiser's behalf,
 * `advertiser_id` with `filter: 'protected'` (the boards made for it); otherwise all the viewer's.
 */
export function pickerOptions(advertiser: Pick<Advertiser, 'id' | 'role'> | null, pinId?: string): BoardPickerOptions {
  const base: BoardPickerOptions = { ...(pinId ? { pin_id: pinId } : {}), field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true };
  return advertiser && actsOnBehalf(advertiser) ? { ...base, advertiser_id: advertiser.id, filter: 'protected' } : base;
}

/**
 * A board made for an advertiser the viewer does not own (section 6): its privacy stays as it is
 * (a member's are protected) and nobody is invited to it; only the advertiser's owner may. Until
 * the viewer's advertisers are known it counts as locked: the toggle would only be refused.
 */
export function boardLocked(board: Pick<Board, 'advertiser_id'>, advertisers: readonly Pick<Advertiser, 'id' | 'role'>[] | undefined): boolean {
  if (!board.advertiser_id) return false;
  return !advertisers?.some((advertiser) => advertiser.id === board.advertiser_id && advertiser.role === 'owner');
}

/** One choice of the account menu's "Act for" group: themself (null) or an advertiser, the current one checked. */
export interface ActingMenuEntry {
  advertiser: Advertiser | null;
  checked: boolean;
}

/** The group's entries: "Yourself" then each advertiser in the server's order; none without advertisers. */
export function actingMenuEntries(list: readonly Advertiser[] | undefined, current: Pick<Advertiser, 'id'> | null): ActingMenuEntry[] {
  if (!list || list.length === 0) return [];
  return [{ advertiser: null, checked: current === null }, ...list.map((advertiser) => ({ advertiser, checked: advertiser.id === current?.id }))];
}

export type FieldProblem = 'required' | 'tooLong' | null;

/** An advertiser's name (the contracts' rule): required once trimmed, at most ADVERTISER_NAME_MAX_LENGTH. */
export function advertiserNameProblem(name: string): FieldProblem {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  return trimmed.length > ADVERTISER_NAME_MAX_LENGTH ? 'tooLong' : null;
}

/** Usernames are at most 30 characters (the contracts' member body). */
export const MEMBER_USERNAME_MAX_LENGTH = 30;

/** What is sent for a typed username: trimmed, without a leading "@" people often type. */
export const memberUsername = (typed: string): string => typed.trim().replace(/^@/, '');

export function memberUsernameProblem(username: string): FieldProblem {
  const sent = memberUsername(username);
  if (sent.length === 0) return 'required';
  return sent.length > MEMBER_USERNAME_MAX_LENGTH ? 'tooLong' : null;
}

/** The contracts' advertiser error codes (`errors.<code>` in en.json has their words). */
export type AdvertiserErrorCode = Extract<ErrorCode, `advertiser_${string}`>;

const isAdvertiserErrorCode = (code: string): code is AdvertiserErrorCode => code.startsWith('advertiser_') && Object.hasOwn(errorCatalogue, code);

/** The failure's advertiser code, when it is one; else null (the server's message shows). */
export function advertiserErrorCode(error: unknown): AdvertiserErrorCode | null {
  return isApiError(error) && isAdvertiserErrorCode(error.code) ? error.code : null;
}

/** Whether a failure belongs at a form's field (the server named it), not above the form. */
export function failureField(error: unknown): string | null {
  return isApiError(error) ? (error.field ?? null) : null;
}
