import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useViewer, type Viewer } from '../auth/viewer';
import { Logo } from './Logo';

/** The actions at the right of the bar, chosen by who is looking. Add signed-in actions here. */
function ViewerActions({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  switch (viewer.status) {
    case 'anonymous':
      return pathname === '/signup' ? null : (
        <Link to="/signup" className="button button--primary">
          {t('common.signUp')}
        </Link>
      );
  }
}

export function TopBar() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <header className="topbar">
      <nav className="topbar__inner" aria-label={t('common.mainNav')}>
        <Link to="/" className="topbar__brand">
          <Logo />
        </Link>
        <div className="topbar__actions">
          <ViewerActions viewer={viewer} />
        </div>
      </nav>
    </header>
  );
}
