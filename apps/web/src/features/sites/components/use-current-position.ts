// 'Find your location': asks the browser for the device position. A refusal or a failure gives
// a key of the "sites.location" texts to show.
import { useCallback, useState } from 'react';

export type LocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export interface Position {
  latitude: number;
  longitude: number;
}

const TIMEOUT_MS = 15_000;
/** Six decimals are about 10 cm: more than a phone can tell. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function problemOf(error: GeolocationPositionError): LocationProblem {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

export function useCurrentPosition() {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<LocationProblem | null>(null);

  const locate = useCallback(
    () =>
      new Promise<Position | null>((resolve) => {
        setProblem(null);
        if (!('geolocation' in navigator) || !navigator.geolocation) {
          setProblem('unsupported');
          resolve(null);
          return;
        }
        setPending(true);
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setPending(false);
            resolve({ latitude: round(position.coords.latitude), longitude: round(position.coords.longitude) });
          },
          (error) => {
            setPending(false);
            setProblem(problemOf(error));
            resolve(null);
          },
          { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: 60_000 },
        );
      }),
    [],
  );

  return { locate, pending, problem };
}
