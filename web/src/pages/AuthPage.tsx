import { useId } from 'react';
import { Navigate, useLocation } from 'react-router';
import { redirectTarget } from '@pinhive/contracts';
import { AuthCard, type AuthView } from '../auth/AuthCard';
import { authNavigationInFlight } from '../auth/authNavigation';
import { useViewer } from '../auth/viewer';

/**
 * `/login` and `/signup`: the auth card as a full page. A viewer who is already logged in is sent
 * on (to `next`, else the root), as the spec asks; not one the form itself is sending on.
 */
export function AuthPage({ view }: { view: Extract<AuthView, 'login' | 'signup'> }) {
  const titleId = useId();
  const { pathname, search } = useLocation();
  const viewer = useViewer();
  if (viewer.status === 'authenticated') {
    // The form's own success navigation is on its way (to the new profile, to `next`): let it
    // land. React Router renders it as a transition, so this page can still be on screen with
    // the URL already changed after the form's part is over: a redirect from here then took the
    // viewer from their new profile to the root (seen in a fresh clone's session test).
    if (authNavigationInFlight() || window.location.pathname !== pathname) return null;
    return <Navigate to={redirectTarget(search)} replace />;
  }
  return (
    <div className="page page--auth">
      <AuthCard key={view} view={view} variant="page" titleId={titleId} />
    </div>
  );
}
