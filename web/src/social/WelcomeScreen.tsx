import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WELCOME_PROGRESS } from '@pinhive/contracts';
import type { AuthVariant } from '../auth/targets';
import { useAuthSuccess } from '../auth/useAuthSuccess';
import { welcomeProgress } from './socialSignup';

/** The welcome shows at least this long, so that it is seen and read before the page comes. */
const WELCOME_MIN_MS = 1500;
/** How often the bar moves. */
const TICK_MS = 100;

/**
 * After a Google-kind sign-up (view `welcome`): "Welcome to {the product}!" with a progress bar
 * that runs 6 seconds to 95% (spec section 9, WELCOME_PROGRESS) while the home page's code loads
 * and the new session is read; then the bar fills and the card goes where a log-in goes (the home
 * page from /signup, `next` when given; a modal closes over its page).
 */
export function WelcomeScreen({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation();
  const success = useAuthSuccess(variant);
  const leave = useRef(success.loggedIn);
  leave.current = success.loggedIn;
  const [value, setValue] = useState(0);
  const started = useRef(false);

  useEffect(() => {
    const begin = Date.now();
    const timer = setInterval(() => setValue(welcomeProgress(Date.now() - begin, WELCOME_PROGRESS.durationMs, WELCOME_PROGRESS.percent)), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const wait = new Promise((resolve) => setTimeout(resolve, WELCOME_MIN_MS));
    // The member's home page: its feed's code, fetched now rather than after the navigation.
    const home = import('../feed/HomeFeed').catch(() => undefined);
    void Promise.all([wait, home]).then(async () => {
      setValue(100);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await leave.current();
    });
  }, []);

  return (
    <div className="welcome">
      <div
        className="welcome__bar"
        role="progressbar"
        aria-label={t('social.welcome.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="welcome__fill" style={{ width: `${value}%` }} />
      </div>
      <p className="welcome__text">{t('social.welcome.subtitle')}</p>
    </div>
  );
}
