import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { AuthPage } from './AuthPage';

/** `/login`: the log-in view of the auth card as a full page. */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.login'));
  return <AuthPage view="login" />;
}
