import { useLayoutEffect, useRef } from 'react';

/**
 * A ref to the latest value, for callbacks that arrive later than the render that set them up
 * (a token answer, a reCAPTCHA callback): they act on the form as it is then, not as it was.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
