import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { StatusView } from '../components/StatusView';

/** Any address we have nothing for, and profiles that do not exist. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notFound'));
  return (
    <div className="page">
      <StatusView
        visual={<span className="status-view__code" aria-hidden="true">404</span>}
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={
          <Link to="/" className="button button--primary">
            {t('notFound.cta')}
          </Link>
        }
      />
    </div>
  );
}
