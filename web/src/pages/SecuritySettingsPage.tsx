import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { SettingsPage } from '../settings/SettingsPage';
import { SECURITY_SETTINGS_PATH } from '../settings/paths';
import { TwoFactorSettings } from '../settings/TwoFactorSettings';
import { PasskeySettings } from '../settings/PasskeySettings';

/**
 * `/settings/security`: the logged-in account's two-factor authentication and passkeys. A visitor
 * goes to the log-in page, which comes back here afterwards.
 */
export function SecuritySettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.security'));
  return (
    <SettingsPage path={SECURITY_SETTINGS_PATH} title={t('security.title')} intro={t('security.intro')} loading={t('security.loading')}>
      {(user) => (
        // Keyed by the account: a switch to another one starts the section afresh.
        <>
          <TwoFactorSettings key={user.id} userId={user.id} />
          <PasskeySettings key={`passkeys-${user.id}`} userId={user.id} />
        </>
      )}
    </SettingsPage>
  );
}
