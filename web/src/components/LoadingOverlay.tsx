import { Spinner } from './Spinner';

/**
 * The full-page loading overlay (saving-boards-ads.md section 2): the page under the top bar
 * veiled, a spinner and what is happening. It fades in after a moment, so a quick answer never
 * flashes it. Visual only: the page says the same in a live region of its own, which screen
 * readers hear (a live region added with its text is often not announced).
 */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="loading-overlay" aria-hidden="true">
      <div className="loading-overlay__box">
        <Spinner size="large" />
        <span className="loading-overlay__text">{label}</span>
      </div>
    </div>
  );
}
