import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { CloseButton } from './CloseButton';
import { firstFocusIn, hasOpenDialog, isTabbable } from './dialogStack';

interface FlyoutProps {
  id: string;
  /** Id of the element whose text names the panel (its title). */
  labelledBy: string;
  /** The button that opens it: a click on it is not "outside", and the focus goes back to it. */
  anchor: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A non-modal panel under its button (a disclosure: the button has `aria-expanded` and
 * `aria-controls`). The focus moves into it on opening; Escape, the close button and a click
 * outside close it. The page stays usable around it, so Tab may leave it.
 */
export function Flyout({ id, labelledBy, anchor, onClose, children, className }: FlyoutProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    (firstFocusIn(panel) ?? panel).focus();

    // A modal dialog over the page: its own keys and clicks are not for the flyout under it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || hasOpenDialog()) return;
      event.preventDefault();
      onCloseRef.current();
    };
    // Only clicks on the app itself count: a dialog or toast (outside #root) over the page, or
    // an element the click's own re-render removed, says nothing about leaving the flyout.
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || !target.isConnected || hasOpenDialog()) return;
      if (panel.contains(target) || anchor.current?.contains(target)) return;
      if (!document.getElementById('root')?.contains(target)) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
      // Back to the button when the focus went with the panel (Escape, close button) or a click
      // landed on nothing in particular (the body, or `<main>`, which takes focus but is no
      // control); a click on a field or link elsewhere keeps the focus there.
      const active = document.activeElement;
      const lost = active === null || panel.contains(active) || !isTabbable(active);
      if (lost && anchor.current?.isConnected) anchor.current.focus();
    };
    // Once per opening: the anchor is the same button for the flyout's whole life.
  }, []);

  return (
    <div
      ref={panelRef}
      id={id}
      className={`flyout${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-labelledby={labelledBy}
      tabIndex={-1}
    >
      <CloseButton onClick={() => onCloseRef.current()} />
      {children}
    </div>
  );
}
