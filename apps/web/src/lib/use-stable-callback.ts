// A callback whose identity never changes but which always runs the latest function given: lets a
// memoised child (one row of a long list) keep its props while the parent's handler closes over
// fresh state.
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
