import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '../components/Dialog';
import { usePathnameChange } from '../hooks/usePathnameChange';
import { AuthCard } from './AuthCard';
import { AuthFlyoutOpenContext, AuthModalContext, type AuthModalApi, type AuthModalView } from './authModalContext';
import { LimitedLoginSide } from './LimitedLoginSide';
import { contextForAction, DEFAULT_OPENING, type AuthOpening } from './openingContext';

/** One auth surface at a time: opening the modal closes the flyout and the other way round. */
type Surface = { kind: 'modal'; view: AuthModalView; opening: AuthOpening } | { kind: 'flyout' } | null;

/** The auth card as a modal over the current page, or the top bar's flyout; leaving the page closes either. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [surface, setSurface] = useState<Surface>(null);
  const close = useCallback(() => setSurface(null), []);
  const api = useMemo<AuthModalApi>(
    () => ({
      open: (view, opening) => setSurface({ kind: 'modal', view, opening: { ...DEFAULT_OPENING, ...opening } }),
      requireLogin: ({ action, context, visual }) =>
        setSurface({ kind: 'modal', view: 'login', opening: { context: context ?? contextForAction(action), action, visual } }),
      toggleFlyout: () => setSurface((current) => (current?.kind === 'flyout' ? null : { kind: 'flyout' })),
      closeFlyout: () => setSurface((current) => (current?.kind === 'flyout' ? null : current)),
      close,
    }),
    [close],
  );
  usePathnameChange(close);

  return (
    <AuthModalContext value={api}>
      <AuthFlyoutOpenContext value={surface?.kind === 'flyout'}>
        {children}
        {surface?.kind === 'modal' ? <AuthModal view={surface.view} opening={surface.opening} onClose={close} /> : null}
      </AuthFlyoutOpenContext>
    </AuthModalContext>
  );
}

function AuthModal({ view, opening, onClose }: { view: AuthModalView; opening: AuthOpening; onClose: () => void }) {
  const titleId = useId();
  const card = <AuthCard view={view} variant="modal" titleId={titleId} opening={opening} />;
  if (!opening.action) {
    return (
      <Dialog labelledBy={titleId} onClose={onClose} className="dialog--auth">
        {card}
      </Dialog>
    );
  }
  // The login-required prompt: its sub-header ("You're almost there!…") describes the dialog.
  return (
    <Dialog labelledBy={titleId} describedBy={`${titleId}-subtitle`} onClose={onClose} className="dialog--auth dialog--limited">
      <div className="limited-login">
        <LimitedLoginSide visual={opening.visual} />
        {card}
      </div>
    </Dialog>
  );
}
