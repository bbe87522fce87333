import { isApiError } from '../api/client';
import { serverErrorText } from '../boards/rules';

/**
 * Refusals of a save that every save flow shows in our words (the contracts'), even a flow whose
 * other failures show one fixed text (the mobile pages' 'Sorry! Something went wrong on our end.'):
 * pin creation switched off by an operator (docs/decisions/experiments.md).
 */
const SAVE_REFUSALS = ['pin_creation_disabled'] as const;
export type SaveRefusal = (typeof SAVE_REFUSALS)[number];

export function saveRefusal(error: unknown): SaveRefusal | null {
  return isApiError(error) && (SAVE_REFUSALS as readonly string[]).includes(error.code) ? (error.code as SaveRefusal) : null;
}

/**
 * A failed save's words: a refusal's own, else `fallback` (a flow's fixed text), or the server's
 * message when `serverWords` (the board picker flow shows message_detail or message, section 8).
 */
export function saveErrorText(error: unknown, t: (key: `errors.${SaveRefusal}`) => string, fallback: string, serverWords = false): string {
  const refusal = saveRefusal(error);
  if (refusal) return t(`errors.${refusal}`);
  return serverWords ? serverErrorText(error, fallback) : fallback;
}
