import { useEffect, useState, type ReactNode } from 'react';
import { IMPRESSION_VISIBLE_SHARE } from '@pinhive/contracts';
import { recordAdEvent } from './adEvents';
import { ImpressionsContext, type ObserveImpression } from './impressionsContext';
import { ImpressionTimers } from './impressions';

/**
 * One page view of a list with promoted pins in it (the home feed, a search): its items' impressions
 * are counted once each while it is mounted (key it by what makes a new page view, e.g. the query).
 * One IntersectionObserver watches every promoted card; the grid unmounts cards scrolled far away,
 * and a card mounted again is not counted twice.
 */
export function ImpressionsProvider({ children }: { children: ReactNode }) {
  const [observe, setObserve] = useState<ObserveImpression | null>(null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const timers = new ImpressionTimers((token) => recordAdEvent({ kind: 'impression', token }));
    timers.setPageVisible(document.visibilityState !== 'hidden');
    const tokens = new Map<Element, string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const token = tokens.get(entry.target);
          if (token !== undefined) timers.seen(token, entry.isIntersecting ? entry.intersectionRatio : 0);
        }
      },
      { threshold: [0, IMPRESSION_VISIBLE_SHARE, 1] },
    );
    const onVisibility = () => timers.setPageVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    setObserve(() => (element: Element, token: string) => {
      if (timers.hasCounted(token)) return () => undefined;
      tokens.set(element, token);
      observer.observe(element);
      return () => {
        observer.unobserve(element);
        tokens.delete(element);
        timers.seen(token, 0);
      };
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer.disconnect();
      timers.dispose();
    };
  }, []);

  return <ImpressionsContext value={observe}>{children}</ImpressionsContext>;
}
