// Whether the browser says it has a network, kept current by its online and offline events.
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);
