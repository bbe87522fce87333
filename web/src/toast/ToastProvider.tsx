import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastContext, type ToastApi, type ToastRequest } from './toastContext';

type Shown = ToastRequest & { id: number };

/**
 * One toast at a time, in a polite live region outside `#root` (so an open modal, which makes
 * `#root` inert, does not silence it) and above the dialogs.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toast, setToast] = useState<Shown | null>(null);
  const nextId = useRef(1);

  const show = useCallback((request: ToastRequest) => {
    setToast({ ...request, id: nextId.current++ });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast((current) => (current?.id === toast.id ? null : current)), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext value={api}>
      {children}
      {createPortal(
        <div className="toast-region" role="status" aria-live="polite" aria-atomic="true" aria-label={t('common.notifications')}>
          {toast ? (
            <div key={toast.id} className={`toast toast--${toast.tone ?? 'info'}${toast.link || toast.action ? ' toast--interactive' : ''}`}>
              {toast.link ? (
                <Link to={toast.link} className="toast__link" onClick={() => setToast(null)}>
                  {toast.message}
                </Link>
              ) : (
                <span>{toast.message}</span>
              )}
              {toast.action ? (
                <Link to={toast.action.to} className="toast__action" onClick={() => setToast(null)}>
                  {toast.action.label}
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>,
        document.body,
      )}
    </ToastContext>
  );
}
