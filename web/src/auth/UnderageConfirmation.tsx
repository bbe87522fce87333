import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthVariant } from './targets';
import { useAuthModal } from './authModalContext';

/** The end of an under-age sign-up: no way forward, only out (close, or the home page). */
export function UnderageConfirmation({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation();
  const modal = useAuthModal();
  return variant !== 'page' ? (
    <button type="button" className="button button--primary button--block" onClick={modal.close}>
      {t('auth.underage.close')}
    </button>
  ) : (
    <Link to="/" className="button button--primary button--block">
      {t('auth.underage.home')}
    </Link>
  );
}
