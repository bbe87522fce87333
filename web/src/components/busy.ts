/**
 * Props for a button while its action runs: announced as busy and unavailable, but not
 * `disabled`, because a disabled button drops the keyboard focus onto the page (and a dialog
 * opened next would not know where to send it back). Handlers ignore presses while busy.
 */
export function busyProps(busy: boolean) {
  return { 'aria-disabled': busy || undefined, 'aria-busy': busy || undefined } as const;
}
