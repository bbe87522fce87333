import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { StatusView } from '../components/StatusView';
import { LogoMark } from '../components/Logo';

/** `/business/create`: business accounts come later; says so plainly and offers a personal account. */
export function BusinessCreatePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.business'));
  return (
    <div className="page">
      <StatusView
        visual={<LogoMark size={48} />}
        title={t('business.title')}
        body={t('business.body')}
        action={
          <Link to="/signup" className="button button--primary">
            {t('business.cta')}
          </Link>
        }
      />
    </div>
  );
}
