import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ForgotPasswordForm } from '../password/ForgotPasswordForm';
import { NewPasswordForm } from '../password/NewPasswordForm';

/**
 * `/password/reset/`: without `token`, the forgot-password form (email prefilled from `ue`);
 * with `?token=` (the emailed link), the new-password form.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(t('titles.passwordReset'));
  return (
    <div className="page page--auth">
      <section className="auth-card auth-card--page" aria-labelledby={titleId}>
        <div className="auth-card__mark">
          <LogoMark size={40} />
        </div>
        {token ? (
          <NewPasswordForm key={token} token={token} titleId={titleId} />
        ) : (
          <ForgotPasswordForm initialEmail={params.get('ue') ?? ''} titleId={titleId} />
        )}
      </section>
    </div>
  );
}
