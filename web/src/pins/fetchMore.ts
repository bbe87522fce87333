import { GRID_FETCH_MORE_THROTTLE_MS, GRID_FETCH_MORE_VIEWPORTS } from '@pinhive/contracts';

/**
 * Whether the grid should ask for more: its end is within GRID_FETCH_MORE_VIEWPORTS viewport
 * heights of the bottom of the viewport (section 9).
 */
export function nearGridEnd(gridBottom: number, viewportHeight: number, viewports = GRID_FETCH_MORE_VIEWPORTS): boolean {
  return gridBottom - viewportHeight <= viewports * viewportHeight;
}

/**
 * Calls `fn` at most once per `wait` ms (leading and trailing), as the grid's scroll handler
 * (section 9: throttle 200 ms). `now` and `schedule` are injectable for tests.
 */
export function throttle(
  fn: () => void,
  wait = GRID_FETCH_MORE_THROTTLE_MS,
  now: () => number = Date.now,
  schedule: (callback: () => void, ms: number) => unknown = (callback, ms) => setTimeout(callback, ms),
): () => void {
  let last = -Infinity;
  let pending = false;
  return () => {
    const elapsed = now() - last;
    if (elapsed >= wait) {
      last = now();
      fn();
      return;
    }
    if (pending) return;
    pending = true;
    schedule(() => {
      pending = false;
      last = now();
      fn();
    }, wait - elapsed);
  };
}
