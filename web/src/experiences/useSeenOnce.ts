import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onSeen` once, the first time the element is at least half in view (an experience's
 * "viewed"). Where IntersectionObserver is missing, being rendered counts as seen.
 */
export function useSeenOnce<E extends Element>(ref: RefObject<E | null>, onSeen: () => void, enabled: boolean): void {
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      latest.current();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          latest.current();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled]);
}
