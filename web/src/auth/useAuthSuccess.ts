import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@pinhive/contracts';
import type { ProfileLocationState } from '../pages/ProfilePage';
import { useAuthModal } from './authModalContext';
import { loginSuccessTarget, signupSuccessTarget, type AuthVariant } from './targets';
import { refreshViewer } from './viewer';

/**
 * What happens after a successful log-in or sign-up. The viewer is asked for again after the
 * navigation has happened, so that /login and /signup (which send a logged-in viewer away) never
 * race the form's own redirect.
 */
export function useAuthSuccess(variant: AuthVariant) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const modal = useAuthModal();

  const go = async (target: string | null, state?: ProfileLocationState) => {
    if (variant === 'modal') modal.close();
    if (target !== null) await navigate(target, { replace: variant === 'page', state });
    await refreshViewer(queryClient);
  };

  return {
    loggedIn: () => go(loginSuccessTarget(variant, location)),
    registered: (user: SessionUser) => {
      const target = signupSuccessTarget(location, user.username);
      return go(target, target === `/${encodeURIComponent(user.username)}` ? { justRegistered: true } : null);
    },
  };
}
