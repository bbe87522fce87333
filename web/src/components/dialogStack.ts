/**
 * The open modal dialogs, bottom to top. Everything but the top one is made `inert` (the app
 * under `#root` and lower dialogs), so keyboard focus and assistive technologies stay in the top
 * dialog; the toast region lives outside `#root` and stays live. The page under does not scroll.
 */
const stack: HTMLElement[] = [];

function apply(): void {
  const top = stack.at(-1);
  const root = document.getElementById('root');
  if (root) root.inert = stack.length > 0;
  for (const layer of stack) layer.inert = layer !== top;
  document.documentElement.classList.toggle('has-modal', stack.length > 0);
}

export function pushDialog(layer: HTMLElement): void {
  stack.push(layer);
  apply();
}

export function popDialog(layer: HTMLElement): void {
  const index = stack.indexOf(layer);
  if (index !== -1) stack.splice(index, 1);
  layer.inert = false;
  apply();
}

export function isTopDialog(layer: HTMLElement): boolean {
  return stack.at(-1) === layer;
}

/** Whether a modal dialog is over the page (its keys and clicks are not for what is under it). */
export function hasOpenDialog(): boolean {
  return stack.length > 0;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether Tab can reach `element` (a control or link, not a `tabindex="-1"` landing spot like `<main>`). */
export function isTabbable(element: Element): boolean {
  return element.matches(FOCUSABLE);
}

/** Elements inside `container` that Tab reaches, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/**
 * Where the focus goes when a dialog or flyout opens: a field to type into (a read-only one, the
 * welcome-back view's email, is only to be read), else the first control but the close button.
 */
export function firstFocusIn(panel: HTMLElement): HTMLElement | undefined {
  return panel.querySelector<HTMLElement>('input:not([disabled]):not([readonly])') ?? focusableIn(panel).find((el) => !el.classList.contains('dialog__close'));
}
