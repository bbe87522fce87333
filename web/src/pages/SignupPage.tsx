import { useTranslation } from 'react-i18next';
import { AuthCard } from '../auth/AuthCard';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** `/signup`: the sign-up card as a full page. */
export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.signup'));
  return (
    <div className="page page--auth">
      <AuthCard view="signup" variant="page" />
    </div>
  );
}
