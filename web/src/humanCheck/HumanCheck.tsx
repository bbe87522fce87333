import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HumanCheckNotice } from './state';
import { LocalCheck } from './LocalCheck';
import { RecaptchaCheck } from './RecaptchaCheck';
import type { HumanCheckControl } from './useHumanCheck';
import { useLatest } from './useLatest';

interface HumanCheckProps {
  check: HumanCheckControl;
  /** The check passed: the form retries its attempt with this token (`recaptchaV2Token`). */
  onPassed: (token: string) => void;
}

const NOTICE_KEYS = {
  refused: 'humanCheck.refused',
  expired: 'humanCheck.expired',
  token_failed: 'errors.generic',
  load_failed: 'errors.captcha_failed',
} as const satisfies Record<HumanCheckNotice, string>;

/**
 * The human check under a log-in that was "too quick" (spec section 4): the spec's message, the
 * widget the server asked for (the local stand-in or reCAPTCHA Enterprise), and a live line for
 * what happened next. Nothing while no check is needed.
 */
export function HumanCheck({ check, onPassed }: HumanCheckProps) {
  const { t } = useTranslation();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { state, dispatch } = check;
  const passed = useLatest(onPassed);
  const focus = state?.focus ?? 0;

  // The check appeared, or asks again: the focus goes to the checkbox (described by the
  // message, so it is read out), or to the group (labelled by it) while reCAPTCHA is a frame.
  useEffect(() => {
    if (focus === 0 || !panel.current) return;
    (panel.current.querySelector<HTMLElement>('input[type="checkbox"], .human-check__reload') ?? panel.current).focus();
  }, [focus]);

  if (!state) return null;
  const messageId = `${id}-message`;
  const pass = (token: string) => {
    dispatch({ type: 'passed', token, at: Date.now() });
    passed.current(token);
  };
  const siteKey = state.demand.site_key;
  const loadFailed = state.notice === 'load_failed';

  return (
    <div ref={panel} className="human-check" role="group" aria-labelledby={messageId} tabIndex={-1}>
      <p id={messageId} className="human-check__message">
        {t('errors.login_too_quick')}
      </p>
      {state.demand.human_check === 'local' ? (
        <LocalCheck state={state} dispatch={dispatch} describedBy={messageId} onPassed={pass} />
      ) : siteKey && !loadFailed ? (
        <RecaptchaCheck
          key={state.round}
          siteKey={siteKey}
          onToken={pass}
          onExpired={() => dispatch({ type: 'expired' })}
          onError={() => dispatch({ type: 'withdrawn' })}
          onLoadFailed={() => dispatch({ type: 'load_failed' })}
        />
      ) : null}
      <p className="human-check__notice" role="alert">
        {state.notice ? t(NOTICE_KEYS[state.notice]) : null}
      </p>
      {loadFailed && siteKey ? (
        <button type="button" className="button button--secondary human-check__reload" onClick={() => dispatch({ type: 'reload' })}>
          {t('common.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}
