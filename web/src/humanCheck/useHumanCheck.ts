import { useEffect, useReducer, type Dispatch } from 'react';
import { humanCheckDemandFrom } from './demand';
import { heldToken, humanCheckBusy, humanCheckReducer, refreshDelay, type HumanCheckEvent, type HumanCheckState } from './state';

export interface HumanCheckControl {
  state: HumanCheckState | null;
  dispatch: Dispatch<HumanCheckEvent>;
  /** The token the next attempt should carry (a passed check not yet used), if any. */
  heldToken: string | undefined;
  /** A token request, or an attempt with the token, is on its way: the form waits. */
  busy: boolean;
  /** The attempt leaves with the held token (call only when sending one). */
  sent: () => void;
  /** After a failed attempt: true when the IP rule asked for a check, which then shows the failure. */
  failed: (error: unknown) => boolean;
  /** The log-in went through (or on to its code step): the check is over. */
  succeeded: () => void;
}

/**
 * The human check of one log-in form (signup-login.md section 4, "Login blocked by IP rules").
 * It lives as long as the form: editing the fields keeps it, a successful log-in ends it. A held
 * token is refreshed (dropped, widget started over) 105000 ms after it arrived.
 */
export function useHumanCheck(): HumanCheckControl {
  const [state, dispatch] = useReducer(humanCheckReducer, null);

  useEffect(() => {
    const delay = refreshDelay(state, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => dispatch({ type: 'expired' }), delay);
    return () => clearTimeout(timer);
  }, [state]);

  return {
    state,
    dispatch,
    heldToken: heldToken(state),
    busy: humanCheckBusy(state),
    sent: () => dispatch({ type: 'sent' }),
    failed: (error) => {
      const demand = humanCheckDemandFrom(error);
      dispatch(demand ? { type: 'demanded', demand } : { type: 'attempt_failed' });
      return demand !== null;
    },
    succeeded: () => dispatch({ type: 'logged_in' }),
  };
}
