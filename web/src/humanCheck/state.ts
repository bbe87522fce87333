import { HUMAN_CHECK_REFRESH_MS, type HumanCheckDemand } from '@pinhive/contracts';

/**
 * Where the check of one log-in attempt stands:
 * - `waiting`: the box is unticked; the person has to do the check.
 * - `fetching`: the local box was ticked and its token is being asked for.
 * - `holding`: the check passed; its token has not gone out with an attempt yet.
 * - `sending`: an attempt carrying the token is on its way (tokens are single use).
 */
export type HumanCheckPhase = 'waiting' | 'fetching' | 'holding' | 'sending';

/** What the check says under the widget (besides the spec's "too quickly" message). */
export type HumanCheckNotice =
  /** The attempt with the token was refused as too quick again: the box starts over. */
  | 'refused'
  /** The token was held too long (the spec's 105000 ms refresh, or reCAPTCHA's own expiry). */
  | 'expired'
  /** The local check's token request failed: the generic message. */
  | 'token_failed'
  /** The reCAPTCHA script did not load (or there is no site key): "Error loading reCAPTCHA Enterprise". */
  | 'load_failed';

export interface HumanCheckState {
  demand: HumanCheckDemand;
  phase: HumanCheckPhase;
  /** The passed check's token while `holding`, and when it arrived (for the refresh). */
  token: { value: string; at: number } | null;
  /** A new round is a fresh widget: reCAPTCHA is rendered again, the local box is unticked. */
  round: number;
  /** Bumped whenever the focus should go to the widget (the check appeared or asks again). */
  focus: number;
  notice: HumanCheckNotice | null;
}

export type HumanCheckEvent =
  /** An attempt was answered `login_too_quick` with this demand. */
  | { type: 'demanded'; demand: HumanCheckDemand }
  /** An attempt failed for another reason (the IP rule let it through; a token it carried is used up). */
  | { type: 'attempt_failed' }
  /** The log-in went through (or on to the code step): the check is over. */
  | { type: 'logged_in' }
  | { type: 'fetching' }
  | { type: 'token_failed' }
  | { type: 'passed'; token: string; at: number }
  /** The held token goes out with an attempt. */
  | { type: 'sent' }
  | { type: 'expired' }
  /** The person unticked the box, or reCAPTCHA reported an error: no token, nothing to say. */
  | { type: 'withdrawn' }
  | { type: 'load_failed' }
  /** "Try again" after a load failure (the button goes: the focus moves to the check). */
  | { type: 'reload' };

/** reCAPTCHA needs a site key; without one it can't load at all. */
const cannotLoad = (demand: HumanCheckDemand): boolean => demand.human_check === 'recaptcha-enterprise' && !demand.site_key;

/**
 * The check's rules (signup-login.md sections 4 and 8): shown on `login_too_quick`, kept while
 * the person edits the form, started over after every failed attempt that carried a token
 * ("refreshed after each failure"), cleared by a successful log-in.
 */
export function humanCheckReducer(state: HumanCheckState | null, event: HumanCheckEvent): HumanCheckState | null {
  if (event.type === 'demanded') {
    const { demand } = event;
    if (!state) {
      return { demand, phase: 'waiting', token: null, round: 0, focus: 1, notice: cannotLoad(demand) ? 'load_failed' : null };
    }
    const refused = state.phase === 'sending';
    const otherKind = demand.human_check !== state.demand.human_check || demand.site_key !== state.demand.site_key;
    let notice = refused ? 'refused' : state.notice;
    if (cannotLoad(demand)) notice = 'load_failed';
    else if (notice === 'load_failed' && otherKind) notice = null;
    return {
      demand,
      phase: 'waiting',
      token: null,
      round: refused || otherKind ? state.round + 1 : state.round,
      focus: state.focus + 1,
      notice,
    };
  }
  if (!state) return null;
  switch (event.type) {
    case 'logged_in':
      return null;
    case 'attempt_failed':
      return state.phase === 'sending' ? { ...state, phase: 'waiting', round: state.round + 1, notice: null } : state;
    case 'fetching':
      return state.phase === 'waiting' ? { ...state, phase: 'fetching', notice: null } : state;
    case 'token_failed':
      return state.phase === 'fetching' ? { ...state, phase: 'waiting', notice: 'token_failed' } : state;
    case 'passed':
      return state.phase === 'waiting' || state.phase === 'fetching'
        ? { ...state, phase: 'holding', token: { value: event.token, at: event.at }, notice: null }
        : state;
    case 'sent':
      return state.phase === 'holding' ? { ...state, phase: 'sending', token: null } : state;
    case 'expired':
      return state.phase === 'holding' ? { ...state, phase: 'waiting', token: null, round: state.round + 1, notice: 'expired' } : state;
    case 'withdrawn':
      return state.phase === 'holding' ? { ...state, phase: 'waiting', token: null } : state;
    case 'load_failed':
      return { ...state, phase: 'waiting', token: null, notice: 'load_failed' };
    case 'reload':
      return state.notice === 'load_failed' && !cannotLoad(state.demand)
        ? { ...state, round: state.round + 1, focus: state.focus + 1, notice: null }
        : state;
  }
}

/**
 * Milliseconds until a held token must be refreshed (the spec's 105000 ms, under the tokens'
 * 2-minute life), or null when no token is held.
 */
export function refreshDelay(state: HumanCheckState | null, now: number): number | null {
  if (state?.phase !== 'holding' || !state.token) return null;
  return Math.max(0, state.token.at + HUMAN_CHECK_REFRESH_MS - now);
}

/** The token the next attempt should carry: the passed check's, until it has gone out once. */
export function heldToken(state: HumanCheckState | null): string | undefined {
  return state?.phase === 'holding' ? state.token?.value : undefined;
}

/** True while the check itself is working (a token request or an attempt carrying its token). */
export function humanCheckBusy(state: HumanCheckState | null): boolean {
  return state?.phase === 'fetching' || state?.phase === 'sending';
}
