// Project and site status toggles are kept only in local storage (spec §4): a JSON map of
// id → boolean under "projects" or "teams". Items never toggled show the server's value.
import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import { readStorage, writeStorage } from './storage.ts';

export type ToggleStorageKey = typeof STORAGE_KEYS.projects | typeof STORAGE_KEYS.teams;
export type ToggleMap = Record<string, boolean>;

const EMPTY: ToggleMap = {};
const listeners = new Set<() => void>();
const cache = new Map<ToggleStorageKey, { raw: string | null; map: ToggleMap }>();

export function readToggles(key: ToggleStorageKey): ToggleMap {
  const raw = readStorage(key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.map;
  let map: ToggleMap = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      map = Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter(([, value]) => typeof value === 'boolean')) as ToggleMap;
    }
  } catch {
    // A damaged value is treated as empty and replaced on the next change.
  }
  cache.set(key, { raw, map });
  return map;
}

export function writeToggle(key: ToggleStorageKey, id: number, active: boolean): void {
  writeStorage(key, JSON.stringify({ ...readToggles(key), [String(id)]: active }));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.projects || event.key === STORAGE_KEYS.teams) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored toggles of one kind, updated when any screen (or another tab) changes them. */
export function useLocalToggles(key: ToggleStorageKey) {
  const map = useSyncExternalStore(
    subscribe,
    () => readToggles(key),
    () => EMPTY,
  );
  const isActive = useCallback((id: number, fallback = true) => map[String(id)] ?? fallback, [map]);
  const setActive = useCallback((id: number, active: boolean) => writeToggle(key, id, active), [key]);
  return { isActive, setActive };
}
