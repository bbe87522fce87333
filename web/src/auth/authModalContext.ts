import { createContext, useContext } from 'react';

export type AuthModalView = 'login' | 'signup';

export interface AuthModalApi {
  open: (view: AuthModalView) => void;
  close: () => void;
}

export const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Opens the auth card as a modal over the current page (the top bar's "Log in"). */
export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal needs an AuthModalProvider');
  return api;
}
