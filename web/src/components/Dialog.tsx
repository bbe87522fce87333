import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { firstFocusIn, focusableIn, isTopDialog, popDialog, pushDialog } from './dialogStack';

interface DialogProps {
  /** Id of the element whose text names the dialog (its title). */
  labelledBy: string;
  /** Id of the element that describes it, if any. */
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the panel (its width and padding). */
  className?: string;
  /** What gets the focus on opening; else the first field, else the first button or link. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog over the page: `role="dialog"`, `aria-modal`, named by its title; Tab and
 * Shift+Tab stay inside, Escape, the close button and a click on the backdrop close it, and the
 * focus goes back to where it was (the opener) when it closes.
 */
export function Dialog({ labelledBy, describedBy, onClose, children, className, initialFocus }: DialogProps) {
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const layer = layerRef.current;
    const panel = panelRef.current;
    if (!layer || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushDialog(layer);
    (initialFocus?.current ?? firstFocusIn(panel) ?? panel).focus();

    // On the document, not the panel: the keys must work even when the focus fell out of the
    // dialog (onto the body, after the focused element went away).
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopDialog(layer)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      popDialog(layer);
      if (opener?.isConnected && !opener.closest('[inert]')) opener.focus();
    };
    // Once per opening: the opener is whatever had the focus at that moment.
  }, []);

  return createPortal(
    <div className="dialog-layer" ref={layerRef}>
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        className={`dialog${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <button type="button" className="dialog__close" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the panel (and brings a stray focus back into it). */
function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const items = focusableIn(panel);
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const inside = active instanceof Node && panel.contains(active);
  if (!inside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
