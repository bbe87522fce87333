import { useCallback, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActingBadge } from '../advertisers/ActingBadge';
import { useActingAs } from '../advertisers/actingContext';
import { LoginFlyout } from '../auth/LoginFlyout';
import { useViewer, type Viewer } from '../auth/viewer';
import { SearchBar } from '../search/SearchBar';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';

/**
 * When the buttons change under the keyboard focus (log-in done, log-out done), the focus would
 * fall back to the page's start: move it to the first action of the new state instead.
 */
function useFocusAfterSwitch(status: Viewer['status']) {
  const first = useRef<HTMLElement | null>(null);
  const previous = useRef(status);
  useEffect(() => {
    const switched = previous.current !== status && previous.current !== 'loading';
    previous.current = status;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (switched && lost) first.current?.focus();
  }, [status]);
  return useCallback((element: HTMLElement | null) => {
    first.current = element;
  }, []);
}

/** Receives the first action of the bar, the one that gets the focus after a switch. */
type FirstRef = (element: HTMLElement | null) => void;

function AnonymousActions({ firstRef }: { firstRef: FirstRef }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onLogin = pathname === '/login';
  const onSignup = pathname === '/signup';
  return (
    <>
      {onLogin ? null : <LoginFlyout buttonRef={firstRef} />}
      {onSignup ? null : (
        <Link ref={onLogin ? firstRef : undefined} to="/signup" className="button button--primary">
          {t('common.signUp')}
        </Link>
      )}
    </>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const firstRef = useFocusAfterSwitch(viewer.status);
  // Acting for an advertiser, a phone's bar makes room for the badge (advertisers.css).
  const acting = useActingAs().advertiser !== null && viewer.status === 'authenticated';
  return (
    <header className={`topbar${acting ? ' topbar--acting' : ''}`}>
      <nav className="topbar__inner" aria-label={t('common.mainNav')}>
        <Link to="/" className="topbar__brand">
          <Logo />
        </Link>
        <SearchBar />
        <div className="topbar__actions">
          {viewer.status === 'authenticated' ? (
            <>
              <Link to="/pin-builder/" className="button button--secondary topbar__create">
                {t('pinBuilder.create')}
              </Link>
              <ActingBadge />
              <AccountMenu user={viewer.user} buttonRef={firstRef} />
            </>
          ) : null}
          {viewer.status === 'anonymous' ? <AnonymousActions firstRef={firstRef} /> : null}
        </div>
      </nav>
    </header>
  );
}
