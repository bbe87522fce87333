import { useEffect, useId, useRef, type ChangeEvent, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { requestLocalHumanCheckToken } from '../api/humanCheck';
import { Spinner } from '../components/Spinner';
import type { HumanCheckEvent, HumanCheckState } from './state';

interface LocalCheckProps {
  state: HumanCheckState;
  dispatch: Dispatch<HumanCheckEvent>;
  /** The id of the "too quickly" message: it describes the checkbox, so the focus announces it. */
  describedBy: string;
  onPassed: (token: string) => void;
}

/**
 * The development and test stand-in for the reCAPTCHA checkbox: a real checkbox, so it works
 * with the keyboard (Space) and screen readers as any other. Ticking it asks the server for a
 * local token (`POST /v3/auth/human_check/`); the form then retries with it.
 */
export function LocalCheck({ state, dispatch, describedBy, onPassed }: LocalCheckProps) {
  const { t } = useTranslation();
  const id = useId();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const busy = state.phase === 'fetching' || state.phase === 'sending';
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (busy) return;
    if (!event.target.checked) {
      dispatch({ type: 'withdrawn' });
      return;
    }
    dispatch({ type: 'fetching' });
    requestLocalHumanCheckToken().then(
      (token) => {
        if (alive.current) onPassed(token);
      },
      () => {
        if (alive.current) dispatch({ type: 'token_failed' });
      },
    );
  };

  return (
    <div className="human-check__box" aria-busy={busy || undefined}>
      <div className="human-check__row">
        <input
          id={`${id}-box`}
          type="checkbox"
          className="human-check__checkbox"
          checked={state.phase !== 'waiting'}
          onChange={onChange}
          aria-describedby={`${describedBy} ${id}-note`}
          aria-disabled={busy || undefined}
        />
        <label htmlFor={`${id}-box`} className="human-check__label">
          {t('humanCheck.notRobot')}
        </label>
        {busy ? <Spinner label={t('humanCheck.checking')} /> : null}
      </div>
      <p id={`${id}-note`} className="human-check__note">
        {t('humanCheck.localNote')}
      </p>
    </div>
  );
}
