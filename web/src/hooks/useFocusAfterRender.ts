import { useEffect, useRef } from 'react';

/** Focus the element after the render that marked it invalid, so it is announced with its message. */
export function useFocusAfterRender() {
  const target = useRef<HTMLInputElement | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    target.current?.focus();
  });
  return {
    ref: target,
    later: () => {
      pending.current = true;
    },
  };
}
