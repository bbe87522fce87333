import { IMPRESSION_VISIBLE_MS, IMPRESSION_VISIBLE_SHARE } from '@pinhive/contracts';

/** Whether an observed share of an item counts as seen (at least IMPRESSION_VISIBLE_SHARE of it in view). */
export const isVisibleShare = (ratio: number, share = IMPRESSION_VISIBLE_SHARE): boolean => ratio >= share;

/**
 * When items count as seen, for one page view: an item at least half in view (`seen` with the
 * observed share) for a full IMPRESSION_VISIBLE_MS, while the page itself is visible, counts once;
 * leaving view, or the page being hidden, before the second is up starts the wait again next
 * time. Pure of the browser: IntersectionObserver and visibilitychange feed it (ImpressionsProvider).
 */
export class ImpressionTimers {
  private readonly counted = new Set<string>();
  private readonly inView = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private pageVisible = true;

  constructor(
    private readonly onImpression: (key: string) => void,
    private readonly visibleMs = IMPRESSION_VISIBLE_MS,
  ) {}

  /** An item's share in view changed (0 when it left, or its element went away). */
  seen(key: string, ratio: number): void {
    if (isVisibleShare(ratio)) {
      this.inView.add(key);
      this.start(key);
    } else {
      this.inView.delete(key);
      this.stop(key);
    }
  }

  /** The page was hidden (another tab, minimised) or shown again. */
  setPageVisible(visible: boolean): void {
    this.pageVisible = visible;
    if (visible) for (const key of this.inView) this.start(key);
    else for (const key of [...this.timers.keys()]) this.stop(key);
  }

  /** Whether an item has been counted in this page view. */
  hasCounted(key: string): boolean {
    return this.counted.has(key);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.inView.clear();
  }

  private start(key: string): void {
    if (!this.pageVisible || this.counted.has(key) || this.timers.has(key)) return;
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.counted.add(key);
        this.inView.delete(key);
        this.onImpression(key);
      }, this.visibleMs),
    );
  }

  private stop(key: string): void {
    const timer = this.timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(key);
  }
}
