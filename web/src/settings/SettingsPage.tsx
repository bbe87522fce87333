import type { ReactNode } from 'react';
import type { MeResponse } from '@pinhive/contracts';
import { Navigate } from 'react-router';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';

interface Props {
  /** The page's own path: a visitor goes to log in and comes back here. */
  path: string;
  title: string;
  intro: string;
  /** Said while the viewer is not known yet. */
  loading: string;
  /** Extra class of the settings column (a page's own layout). */
  className?: string;
  /** The page's sections, for the signed-in account. */
  children: (user: MeResponse) => ReactNode;
}

/**
 * The frame every settings page shares: a visitor is sent to log in (and back), a spinner while
 * the viewer loads, then the heading, its introduction and the page's sections.
 */
export function SettingsPage({ path, title, intro, loading, className, children }: Props) {
  const viewer = useViewer();
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(path)} replace />;
  if (viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={loading} />
      </div>
    );
  }
  return (
    <div className="page page--settings">
      <div className={className ? `settings ${className}` : 'settings'}>
        <header className="settings__header">
          <h1 className="settings__title">{title}</h1>
          <p className="settings__intro">{intro}</p>
        </header>
        {children(viewer.user)}
      </div>
    </div>
  );
}
