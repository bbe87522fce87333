import { useTranslation } from 'react-i18next';
import { StatusView } from './StatusView';

/**
 * A page whose data could not be read: what failed, as an alert, and Try again. One look for
 * every page that loads before it shows anything (pin, invite, console, quick-promote).
 */
export function LoadFailedPage({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StatusView
        role="alert"
        title={title}
        action={
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        }
      />
    </div>
  );
}
