// Counts down from the last touch: after `idleMs` without a pointer or key event `onIdle` runs;
// in the last `warnMs` the seconds left are given, for a warning.
import { useEffect, useRef, useState } from 'react';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';

export const KIOSK_IDLE_MS = 60_000;
export const KIOSK_WARN_MS = 10_000;
const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export function useIdleCountdown(onIdle: () => void, idleMs = KIOSK_IDLE_MS, warnMs = KIOSK_WARN_MS): number | null {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastTouch = useRef(Date.now());
  const idle = useStableCallback(onIdle);

  useEffect(() => {
    lastTouch.current = Date.now();
    const touched = () => {
      lastTouch.current = Date.now();
      setSecondsLeft(null);
    };
    for (const name of EVENTS) window.addEventListener(name, touched, { passive: true, capture: true });
    const timer = setInterval(() => {
      const left = idleMs - (Date.now() - lastTouch.current);
      if (left <= 0) {
        clearInterval(timer);
        idle();
        return;
      }
      setSecondsLeft(left <= warnMs ? Math.ceil(left / 1000) : null);
    }, 250);
    return () => {
      clearInterval(timer);
      for (const name of EVENTS) window.removeEventListener(name, touched, { capture: true });
    };
  }, [idle, idleMs, warnMs]);

  return secondsLeft;
}
