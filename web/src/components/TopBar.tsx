import { useCallback, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@pinhive/contracts';
import { logOut } from '../api/auth';
import { isUnauthorized } from '../api/client';
import { useAuthModal } from '../auth/authModalContext';
import { forgetViewer, useViewer, type Viewer } from '../auth/viewer';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { Avatar } from './Avatar';
import { busyProps } from './busy';
import { Logo } from './Logo';
import { Spinner } from './Spinner';

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
  const modal = useAuthModal();
  const onLogin = pathname === '/login';
  const onSignup = pathname === '/signup';
  return (
    <>
      {onLogin ? null : (
        <button ref={firstRef} type="button" className="button button--secondary" onClick={() => modal.open('login')}>
          {t('common.logIn')}
        </button>
      )}
      {onSignup ? null : (
        <Link ref={onLogin ? firstRef : undefined} to="/signup" className="button button--primary">
          {t('common.signUp')}
        </Link>
      )}
    </>
  );
}

function MemberActions({ user, firstRef }: { user: MeResponse; firstRef: FirstRef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const name = user.first_name.trim() || user.username;
  const logout = useMutation({
    mutationFn: logOut,
    onSettled: async (_data, error) => {
      // 401: the session had already ended, which is what was asked for.
      if (error && !isUnauthorized(error)) {
        toast.show({ message: t('errors.generic'), durationMs: ERROR_TOAST_MS, tone: 'error' });
        return;
      }
      await forgetViewer(queryClient);
    },
  });
  return (
    <>
      <Link ref={firstRef} to={`/${encodeURIComponent(user.username)}`} className="topbar__profile">
        <Avatar name={name} imageUrl={user.image_medium_url} size="small" />
        <span className="topbar__name">{name}</span>
      </Link>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          if (!logout.isPending) logout.mutate();
        }}
        {...busyProps(logout.isPending)}
      >
        {logout.isPending ? <Spinner /> : null}
        <span>{t('common.logOut')}</span>
      </button>
    </>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const firstRef = useFocusAfterSwitch(viewer.status);
  return (
    <header className="topbar">
      <nav className="topbar__inner" aria-label={t('common.mainNav')}>
        <Link to="/" className="topbar__brand">
          <Logo />
        </Link>
        <div className="topbar__actions">
          {viewer.status === 'authenticated' ? <MemberActions user={viewer.user} firstRef={firstRef} /> : null}
          {viewer.status === 'anonymous' ? <AnonymousActions firstRef={firstRef} /> : null}
        </div>
      </nav>
    </header>
  );
}
