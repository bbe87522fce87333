import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withSearch } from './paths';

/** Business sign-up: a signed-in viewer creates an advertiser there (advertisers/). */
export const BUSINESS_CREATE_PATH = '/business/create';

/** The business card's top bar: back to the personal log-in, keeping `next`. */
export function PersonalAccountBar() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <Link to={withSearch('/login', search)} className="auth-card__bar">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4.5 20c.9-3.6 3.9-5.5 7.5-5.5s6.6 1.9 7.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{t('businessLogin.personal')}</span>
      <svg className="auth-card__bar-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}

/** In business mode, "Create new account" stands where the sign-up toggle would. */
export function CreateBusinessAccountLink() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to={BUSINESS_CREATE_PATH} className="text-link">
        {t('businessLogin.createAccount')}
      </Link>
    </p>
  );
}
