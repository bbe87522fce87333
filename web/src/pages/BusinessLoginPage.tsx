import { useId } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { redirectTarget } from '@pinhive/contracts';
import { AuthCard } from '../auth/AuthCard';
import { BUSINESS_CREATE_PATH } from '../auth/BusinessLinks';
import { useViewer } from '../auth/viewer';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/**
 * `/business/login`: the revamped business log-in page (signup-login.md section 2): the card in
 * business mode, 480 px wide (section 9), and the way to business sign-up under it. A viewer who
 * is already logged in is sent on, as `/login` does.
 */
export function BusinessLoginPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const { search } = useLocation();
  const viewer = useViewer();
  useDocumentTitle(t('businessLogin.documentTitle'));
  if (viewer.status === 'authenticated') return <Navigate to={redirectTarget(search)} replace />;
  return (
    <div className="page page--auth page--business">
      <AuthCard view="login" variant="page" titleId={titleId} business />
      <p className="business-login__create">
        <Trans
          i18nKey="businessLogin.noAccount"
          components={{ createLink: <Link to={BUSINESS_CREATE_PATH} className="text-link" /> }}
        />
      </p>
    </div>
  );
}
