import { BOARD_NAME_MAX_LENGTH, SECTION_NAME_MAX_LENGTH, type Board } from '@pinhive/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/client';

/**
 * A board's own page (its `url`, `/{username}/{slug}/`); lowercased for anonymous viewers
 * (saving-boards-ads.md section 2, board card).
 */
export function boardHref(url: string, anonymous: boolean): string {
  const path = url.startsWith('/') ? url : `/${url}`;
  return anonymous ? path.toLowerCase() : path;
}

/** A section's page under its board's: `/{username}/{board}/{section}/`. */
export function sectionHref(boardUrl: string, sectionSlug: string, anonymous: boolean): string {
  const base = boardHref(boardUrl, anonymous).replace(/\/?$/, '/');
  return `${base}${anonymous ? sectionSlug.toLowerCase() : sectionSlug}/`;
}

export type NameProblem = 'required' | 'tooLong' | null;

/** Board name validation (section 5): required once trimmed, at most BOARD_NAME_MAX_LENGTH. */
export function boardNameProblem(name: string): NameProblem {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > BOARD_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/** A name problem in the words of section 5, for the name field of the create and rename forms. */
export function boardNameProblemText(problem: NameProblem, t: TFunction): string | null {
  if (problem === 'required') return t('boards.create.nameRequired');
  if (problem === 'tooLong') return t('boards.create.tooLong', { maxLength: BOARD_NAME_MAX_LENGTH });
  return null;
}

/** The server's refusal of the name itself (one the owner already gave a board): shown at the name field, not under the form. */
export function nameRefusal(error: unknown): string | null {
  return isApiError(error) && error.field === 'name' ? error.message : null;
}

/**
 * Create is disabled when the trimmed name is empty, a field error exists, a create error exists,
 * or the board is being saved (section 5).
 */
export function canCreateBoard(state: { name: string; fieldError: boolean; createError: boolean; saving: boolean }): boolean {
  return state.name.trim().length > 0 && !state.fieldError && !state.createError && !state.saving;
}

/**
 * A board-create failure as the form shows it (section 8): the message plus message_detail if
 * present; a plain string as is; otherwise `fallback` ('Uh oh! Something went wrong.'). Answers
 * we could not read carry our own diagnostics, not words for people: they get the fallback.
 */
export function boardCreateErrorText(error: unknown, fallback: string): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (isApiError(error) && error.code !== 'bad_response' && error.message) {
    return error.message_detail ? `${error.message} ${error.message_detail}` : error.message;
  }
  return fallback;
}

/** Section names: trimmed non-empty, at most SECTION_NAME_MAX_LENGTH. */
export function sectionNameProblem(name: string): NameProblem {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > SECTION_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Add is disabled while the name is blank, while saving, or while an error shows (section 5). */
export function canAddSection(state: { name: string; saving: boolean; error: boolean }): boolean {
  return state.name.trim().length > 0 && !state.saving && !state.error;
}

/** A failure shown under a field or in a toast: message_detail, else the message (section 8). */
export function serverErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code !== 'bad_response') return error.message_detail || error.message || fallback;
  return fallback;
}

/** Whether the viewer may save into (and change) a board. */
export function canWrite(board: Pick<Board, 'access'>): boolean {
  return board.access.includes('write');
}
