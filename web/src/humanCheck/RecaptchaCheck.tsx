import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_HUMAN_CHECK_ACTION } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { loadRecaptchaEnterprise } from './recaptchaScript';
import { useLatest } from './useLatest';

/** The checkbox widget's normal width; narrower boxes (small phones) get the compact one. */
const NORMAL_WIDGET_WIDTH = 304;

interface RecaptchaCheckProps {
  siteKey: string;
  onToken: (token: string) => void;
  /** reCAPTCHA's token expired before it was used. */
  onExpired: () => void;
  /** reCAPTCHA could not reach its servers (it says so in the widget). */
  onError: () => void;
  onLoadFailed: () => void;
}

/**
 * The production check: reCAPTCHA Enterprise's checkbox, rendered explicitly with the spec's
 * action. Mounted afresh for every round (the form gives it a new key), which resets it.
 */
export function RecaptchaCheck({ siteKey, onToken, onExpired, onError, onLoadFailed }: RecaptchaCheckProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const handlers = useLatest({ onToken, onExpired, onError, onLoadFailed });

  useEffect(() => {
    let live = true;
    loadRecaptchaEnterprise().then(
      (api) => {
        const element = box.current;
        if (!live || !element) return;
        api.render(element, {
          sitekey: siteKey,
          action: LOGIN_HUMAN_CHECK_ACTION,
          size: element.clientWidth < NORMAL_WIDGET_WIDTH ? 'compact' : 'normal',
          callback: (token) => {
            if (live) handlers.current.onToken(token);
          },
          'expired-callback': () => {
            if (live) handlers.current.onExpired();
          },
          'error-callback': () => {
            if (live) handlers.current.onError();
          },
        });
        setRendered(true);
      },
      () => {
        if (live) handlers.current.onLoadFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [siteKey, handlers]);

  return (
    <div className="human-check__recaptcha">
      {rendered ? null : <Spinner label={t('humanCheck.loading')} />}
      <div ref={box} className="human-check__widget" />
    </div>
  );
}
