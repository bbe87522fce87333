import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { AuthPage } from './AuthPage';

/** `/signup`: the sign-up view of the auth card as a full page. */
export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.signup'));
  return <AuthPage view="signup" />;
}
