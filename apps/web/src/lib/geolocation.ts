// The device position for answers given on site: asked when a screen opens and again before
// each submit. States: asking (waiting for the browser or the person), granted (a position and
// its accuracy), denied (the person or the browser settings refused), unavailable (no
// geolocation, no fix, or too slow).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface GeoPosition {
  latitude: number;
  longitude: number;
  /** Radius of uncertainty in metres, as the device reports it. */
  accuracy: number;
}

export type GeoState = { status: 'asking' } | { status: 'granted'; position: GeoPosition } | { status: 'denied' } | { status: 'unavailable' };

const TIMEOUT_MS = 15_000;
/** A fix this recent is as good as a new one when refreshing right before a submit. */
const MAX_AGE_MS = 10_000;
/** Six decimals are about 10 cm: more than a phone can tell. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

/** One request to the browser, resolved with the resulting state (never rejected). */
export function requestPosition(): Promise<GeoState> {
  return new Promise((resolve) => {
    if (!geolocationSupported()) {
      resolve({ status: 'unavailable' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          status: 'granted',
          position: { latitude: round(coords.latitude), longitude: round(coords.longitude), accuracy: Math.round(coords.accuracy) },
        }),
      (error) => resolve({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: MAX_AGE_MS },
    );
  });
}

/**
 * The position, asked for on mount when `enabled`. `refresh` asks again and resolves with the
 * new state; a refresh that fails for a passing reason keeps the last known position.
 */
export function useGeolocation({ enabled = true }: { enabled?: boolean } = {}) {
  const [state, setState] = useState<GeoState>({ status: enabled ? 'asking' : 'unavailable' });
  const latest = useRef(state);
  const mounted = useRef(true);

  const refresh = useCallback(async (): Promise<GeoState> => {
    if (latest.current.status !== 'granted') {
      latest.current = { status: 'asking' };
      setState(latest.current);
    }
    const asked = await requestPosition();
    const next = asked.status === 'unavailable' && latest.current.status === 'granted' ? latest.current : asked;
    latest.current = next;
    if (mounted.current) setState(next);
    return next;
  }, []);

  useEffect(() => {
    mounted.current = true;
    if (enabled) void refresh();
    return () => {
      mounted.current = false;
    };
  }, [enabled, refresh]);

  return { state, refresh };
}
