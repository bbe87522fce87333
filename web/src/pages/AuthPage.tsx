import { useId } from 'react';
import { Navigate, useLocation } from 'react-router';
import { redirectTarget } from '@pinhive/contracts';
import { AuthCard, type AuthView } from '../auth/AuthCard';
import { useViewer } from '../auth/viewer';

/**
 * `/login` and `/signup`: the auth card as a full page. A viewer who is already logged in is sent
 * on (to `next`, else the root), as the spec asks.
 */
export function AuthPage({ view }: { view: Extract<AuthView, 'login' | 'signup'> }) {
  const titleId = useId();
  const { search } = useLocation();
  const viewer = useViewer();
  if (viewer.status === 'authenticated') return <Navigate to={redirectTarget(search)} replace />;
  return (
    <div className="page page--auth">
      <AuthCard key={view} view={view} variant="page" titleId={titleId} />
    </div>
  );
}
