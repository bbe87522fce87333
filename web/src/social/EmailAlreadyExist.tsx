import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The existing-email view (`EmailAlreadyExist`): "Looks like you're already on {the product}",
 * the email, and the ways on: log in to that account, or back to sign-up.
 */
export function EmailAlreadyExist({ email, logIn, onBack }: { email: string; logIn: ReactNode; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-card__body--actions email-exists">
      <p className="email-exists__text">{t('social.emailExists.text', { email })}</p>
      {logIn}
      <button type="button" className="button button--secondary button--block" onClick={onBack}>
        {t('social.emailExists.back')}
      </button>
    </div>
  );
}
