import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { StatusView } from '../components/StatusView';

/** Shown by the router when a page throws while rendering. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.error'));
  return (
    <div className="page">
      <StatusView
        role="alert"
        title={t('errors.generic')}
        action={
          <Link to="/" className="button button--primary" reloadDocument>
            {t('notFound.cta')}
          </Link>
        }
      />
    </div>
  );
}
