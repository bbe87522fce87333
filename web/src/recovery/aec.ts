/**
 * The `aec` query parameter (signup-login.md section 2): read once when a page loads, then
 * removed from the address. When it is one of the two soft-ban codes, the soft-banned recovery
 * modal opens. The spec does not name the codes; these are ours (and the auth service's links).
 */
export const SOFT_BAN_AEC_CODES: readonly string[] = ['soft_ban', 'sb'];

export interface AecOutcome {
  /** True when the code asks for the soft-banned modal. */
  softBanned: boolean;
  /** The search string without `aec` ("" or "?a=1"), other parameters kept in order. */
  search: string;
}

/** Null when there is no `aec` parameter (nothing to do); otherwise what to open and the new search. */
export function readAec(search: string): AecOutcome | null {
  const params = new URLSearchParams(search);
  if (!params.has('aec')) return null;
  const codes = params.getAll('aec');
  params.delete('aec');
  const rest = params.toString();
  return { softBanned: codes.some((code) => SOFT_BAN_AEC_CODES.includes(code)), search: rest ? `?${rest}` : '' };
}
