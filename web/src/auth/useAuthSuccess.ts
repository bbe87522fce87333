import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@pinhive/contracts';
import type { ProfileLocationState } from '../pages/ProfilePage';
import { useAuthModal } from './authModalContext';
import { duringAuthNavigation } from './authNavigation';
import { accountSwitchTarget, loginSuccessTarget, mfaLoginSuccessTarget, signupSuccessTarget, type AuthVariant } from './targets';
import { refreshViewer } from './viewer';

/**
 * What happens after a successful log-in or sign-up. The viewer (and the stored accounts) are
 * asked for again after the navigation has happened, so that /login and /signup (which send a
 * logged-in viewer away) never race the form's own redirect.
 */
export function useAuthSuccess(variant: AuthVariant) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const modal = useAuthModal();

  const go = (target: string | null, state?: ProfileLocationState) =>
    duringAuthNavigation(async () => {
      // The modal and the flyout close; the page they were over stays, unless there is somewhere to go.
      if (variant !== 'page') modal.close();
      if (target !== null) await navigate(target, { replace: variant === 'page', state });
      await refreshViewer(queryClient);
    });

  return {
    loggedIn: () => go(loginSuccessTarget(variant, location)),
    /** Account-switch mode: the new account is the active one; off to its profile. */
    accountAdded: (user: SessionUser) => go(accountSwitchTarget(user.username)),
    /** After the code step (in account-switch mode too: the spec sends that one to the root). */
    mfaLoggedIn: (accountSwitch: boolean) => go(mfaLoginSuccessTarget(variant, location, accountSwitch)),
    registered: (user: SessionUser) => {
      const target = signupSuccessTarget(location, user.username);
      return go(target, target === `/${encodeURIComponent(user.username)}` ? { justRegistered: true } : null);
    },
  };
}
