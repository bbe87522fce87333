import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '../components/Dialog';
import { usePathnameChange } from '../hooks/usePathnameChange';
import { AuthCard } from './AuthCard';
import { AuthModalContext, type AuthModalApi, type AuthModalView } from './authModalContext';

/** The auth card as a modal over the current page; leaving the page closes it. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthModalView | null>(null);
  const close = useCallback(() => setView(null), []);
  const api = useMemo<AuthModalApi>(() => ({ open: setView, close }), [close]);
  usePathnameChange(close);

  return (
    <AuthModalContext value={api}>
      {children}
      {view ? <AuthModal view={view} onClose={close} /> : null}
    </AuthModalContext>
  );
}

function AuthModal({ view, onClose }: { view: AuthModalView; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="dialog--auth">
      <AuthCard view={view} variant="modal" titleId={titleId} />
    </Dialog>
  );
}
