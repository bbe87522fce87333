import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { SECURITY_SETTINGS_PATH } from '../settings/paths';
import { TwoFactorSettings } from '../settings/TwoFactorSettings';
import { PasskeySettings } from '../settings/PasskeySettings';

/**
 * `/settings/security`: the logged-in account's two-factor authentication and passkeys. A visitor
 * goes to the log-in page, which comes back here afterwards.
 */
export function SecuritySettingsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  useDocumentTitle(t('titles.security'));

  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(SECURITY_SETTINGS_PATH)} replace />;
  if (viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('security.loading')} />
      </div>
    );
  }
  return (
    <div className="page page--settings">
      <div className="settings">
        <header className="settings__header">
          <h1 className="settings__title">{t('security.title')}</h1>
          <p className="settings__intro">{t('security.intro')}</p>
        </header>
        {/* Keyed by the account: a switch to another one starts the section afresh. */}
        <TwoFactorSettings key={viewer.user.id} userId={viewer.user.id} />
        <PasskeySettings key={`passkeys-${viewer.user.id}`} userId={viewer.user.id} />
      </div>
    </div>
  );
}
