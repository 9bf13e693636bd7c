// A save that runs once at a time: a second click (a double click lands before React re-renders
// the button as busy) is ignored while the first is on its way.
import { useRef } from 'react';

export function useSingleFlight<A extends unknown[]>(run: (...args: A) => Promise<unknown> | void) {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await run(...args);
    } finally {
      running.current = false;
    }
  };
}
