import { createContext, useContext } from 'react';
import type { AuthContext, AuthOpening, AuthVisual, LimitedLoginAction } from './openingContext';

export type AuthModalView = 'login' | 'signup';

/** A login-required prompt: the action that needs an account, and what it was about. */
export interface LoginRequirement {
  action: LimitedLoginAction;
  /** Where it was opened from (for the sign-up view's heading); by default the action's own. */
  context?: AuthContext;
  /** The pin's image or the creator's avatar; without one the prompt shows our pattern. */
  visual?: AuthVisual;
}

export interface AuthModalApi {
  /** The card as a modal, from anywhere in the app. */
  open: (view: AuthModalView, opening?: Partial<AuthOpening>) => void;
  /** The login-required prompt ("limited login"): a modal with a side image, titled by the action. */
  requireLogin: (requirement: LoginRequirement) => void;
  /** The top bar's "Log in" button: opens or closes the flyout. */
  toggleFlyout: () => void;
  /** Closes the flyout, and only the flyout (a modal opened meanwhile stays). */
  closeFlyout: () => void;
  /** Closes whichever is open (after a log-in, or the under-age "Close"). */
  close: () => void;
}

export const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Whether the top bar's log-in flyout is open (one auth surface at a time: modal or flyout). */
export const AuthFlyoutOpenContext = createContext(false);

/** Opens the auth card over the current page (a modal, the login-required prompt or the flyout). */
export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal needs an AuthModalProvider');
  return api;
}

export function useAuthFlyoutOpen(): boolean {
  return useContext(AuthFlyoutOpenContext);
}
