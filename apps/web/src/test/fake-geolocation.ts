// navigator.geolocation for component tests: answers each request with a position or an error
// code chosen by the test (jsdom has no geolocation at all). Undo with removeGeolocation().

export type FakeFix = { latitude: number; longitude: number; accuracy?: number } | 'denied' | 'unavailable';

const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;

export function stubGeolocation(fix: FakeFix | (() => FakeFix)) {
  const requests = { count: 0 };
  const geolocation = {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null) {
      requests.count += 1;
      const result = typeof fix === 'function' ? fix() : fix;
      queueMicrotask(() => {
        if (typeof result === 'string') {
          const code = result === 'denied' ? PERMISSION_DENIED : POSITION_UNAVAILABLE;
          failure?.({ code, message: result, PERMISSION_DENIED, POSITION_UNAVAILABLE, TIMEOUT: 3 } as GeolocationPositionError);
          return;
        }
        success({
          coords: { latitude: result.latitude, longitude: result.longitude, accuracy: result.accuracy ?? 10 },
          timestamp: Date.now(),
        } as GeolocationPosition);
      });
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
  return requests;
}

export function removeGeolocation() {
  Reflect.deleteProperty(navigator, 'geolocation');
}
