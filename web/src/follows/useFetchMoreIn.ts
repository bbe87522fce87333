import { useEffect, useRef, type RefObject } from 'react';
import { nearGridEnd, throttle } from '../pins/fetchMore';

interface More {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Asks for the next page as the end of `content` comes within 2 heights of the scrolling
 * `box` (section 9: throttled to 200 ms), as the pin grid does for the window; and again after a
 * page that did not fill the box.
 */
export function useFetchMoreIn(box: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, more: More, itemCount: number): void {
  const latest = useRef(more);
  useEffect(() => {
    latest.current = more;
  });

  useEffect(() => {
    const scroller = box.current;
    if (!scroller) return;
    const check = throttle(() => {
      const { hasNextPage, isFetchingNextPage, fetchNextPage } = latest.current;
      const end = content.current;
      if (!hasNextPage || isFetchingNextPage || !end) return;
      if (nearGridEnd(end.getBoundingClientRect().bottom - scroller.getBoundingClientRect().top, scroller.clientHeight)) void fetchNextPage();
    });
    scroller.addEventListener('scroll', check, { passive: true });
    return () => scroller.removeEventListener('scroll', check);
  }, [box, content]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  useEffect(() => {
    const scroller = box.current;
    const end = content.current;
    if (!scroller || !end || !hasNextPage || isFetchingNextPage) return;
    const frame = requestAnimationFrame(() => {
      if (nearGridEnd(end.getBoundingClientRect().bottom - scroller.getBoundingClientRect().top, scroller.clientHeight)) void fetchNextPage();
    });
    return () => cancelAnimationFrame(frame);
  }, [box, content, itemCount, hasNextPage, isFetchingNextPage, fetchNextPage]);
}
