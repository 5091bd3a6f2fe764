import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs an action after a delay, unless the component has gone by then (the person left the page): the
 * wait between a success and the next page (sign-up, password reset). A new call replaces a pending one.
 */
export function useLater(delayMs: number): (action: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (action: () => void) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        action();
      }, delayMs);
    },
    [delayMs],
  );
}
