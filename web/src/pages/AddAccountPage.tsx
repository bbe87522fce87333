import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_STORED_ACCOUNTS } from '@pinhive/contracts';
import { accountsForMenu, canAddAccount } from '../auth/accounts';
import { AuthCard } from '../auth/AuthCard';
import { useStoredAccounts, useViewer } from '../auth/viewer';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/**
 * `/add-account`: the log-in view of the auth card in account-switch mode. The current account
 * stays logged in; the new one becomes the active one. Only for someone logged in (a visitor is
 * sent to `/login`); a browser already holding the most accounts it may is told so.
 */
export function AddAccountPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useViewer();
  const stored = useStoredAccounts(viewer.status === 'authenticated');
  useDocumentTitle(t('titles.addAccount'));

  if (viewer.status === 'anonymous') return <Navigate to="/login" replace />;
  if (viewer.status === 'authenticated' && stored && !canAddAccount(accountsForMenu(stored, viewer.user))) {
    return (
      <div className="page">
        <StatusView
          title={t('accountMenu.add')}
          body={t('auth.switch.full', { max: MAX_STORED_ACCOUNTS })}
          action={
            <Link to="/" className="button button--primary">
              {t('notFound.cta')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="page page--auth">
      <AuthCard view="login" variant="page" titleId={titleId} accountSwitch />
    </div>
  );
}
