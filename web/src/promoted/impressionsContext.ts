import { createContext, useContext, useEffect, type RefObject } from 'react';

/** Watches an element for an impression of the item served with `token`; returns the unwatch. */
export type ObserveImpression = (element: Element, token: string) => () => void;

export const ImpressionsContext = createContext<ObserveImpression | null>(null);

/**
 * Counts an impression of the promoted item rendered at `ref` (ImpressionsProvider, around the
 * list, decides when; outside one nothing is counted).
 */
export function useImpression(ref: RefObject<Element | null>, token: string): void {
  const observe = useContext(ImpressionsContext);
  useEffect(() => {
    const element = ref.current;
    if (!observe || !element) return;
    return observe(element, token);
  }, [observe, ref, token]);
}
