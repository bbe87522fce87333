import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Calls `onChange` when the route's pathname changes (not on the first render, and not when only
 * the query changes, such as the removal of `aec`). Modals close this way when their page goes.
 */
export function usePathnameChange(onChange: () => void): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    callback.current();
  }, [pathname]);
}
