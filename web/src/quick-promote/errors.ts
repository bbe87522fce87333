import { isApiError } from '../api/client';
import type { ErrorArea } from './steps';

/*
 * A failed promotion (saving-boards-ads.md section 8, "Quick-promote save fails"): with a
 * message_detail, it shows under the pin's preview ('pin') when the HTTP status is 401, else in
 * the error modal ('modal'); without a detail, in the modal.
 */

export interface PromoteFailure {
  area: ErrorArea;
  /** The server's message (or ours when it sent none). */
  message: string;
  /** Its message_detail, when it sent one. */
  detail: string | null;
}

/** The area of a failure from its HTTP status and message_detail. */
export function errorAreaOf(httpStatus: number, messageDetail: string | null | undefined): ErrorArea {
  if (messageDetail) return httpStatus === 401 ? 'pin' : 'modal';
  return 'modal';
}

/** A thrown error as the flow shows it; `fallback` when it is not a readable server answer. */
export function promoteFailure(error: unknown, fallback: string): PromoteFailure {
  if (!isApiError(error) || error.code === 'bad_response') return { area: 'modal', message: fallback, detail: null };
  const detail = error.message_detail || null;
  return { area: errorAreaOf(error.http_status, detail), message: error.message || fallback, detail };
}
