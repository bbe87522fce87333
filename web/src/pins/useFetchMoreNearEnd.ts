import { useEffect, useRef, type RefObject } from 'react';
import { nearGridEnd, throttle } from './fetchMore';

export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Asks for the next page when the end of a list (`end`, an element at or after its last item)
 * comes within two viewport heights, on scroll and resize (throttled to 200 ms, section 9), and
 * again after each page that arrives (`loaded`: how many pages there are), so that a short page
 * that does not fill the screen is followed at once.
 */
export function useFetchMoreNearEnd(end: RefObject<HTMLElement | null>, pages: MorePages, loaded: number): void {
  const more = useRef(pages);
  useEffect(() => {
    more.current = pages;
  });

  useEffect(() => {
    const check = throttle(() => {
      const { hasNextPage, isFetchingNextPage, fetchNextPage } = more.current;
      if (!hasNextPage || isFetchingNextPage || !end.current) return;
      if (nearGridEnd(end.current.getBoundingClientRect().bottom, window.innerHeight)) void fetchNextPage();
    });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [end, loaded]);
}
