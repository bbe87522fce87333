import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { StatusView } from '../components/StatusView';
import { LogoMark } from '../components/Logo';

/** `/login`: a placeholder until log-in exists. It does not pretend to log anyone in. */
export function LoginSoonPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.login'));
  return (
    <div className="page">
      <StatusView
        visual={<LogoMark size={48} />}
        title={t('auth.loginSoon.title')}
        body={t('auth.loginSoon.body')}
        action={
          <Link to="/signup" className="button button--primary">
            {t('auth.loginSoon.cta')}
          </Link>
        }
      />
    </div>
  );
}
