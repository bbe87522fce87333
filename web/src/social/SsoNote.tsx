import { useTranslation } from 'react-i18next';

/**
 * Says why the password field went away once the email is an SSO email. A live region that is
 * always there (empty otherwise), so that the change is announced as it happens.
 */
export function SsoNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="field__hint sso-note" role="status">
      {shown ? t('social.ssoHint') : ''}
    </p>
  );
}
