// Typed access to the local-storage keys of the web client (spec §9).
import { STORAGE_KEYS } from '@fieldops/shared/limits';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * On the server, drawing a signed-in visitor's first screen (entry-server.tsx): what their
 * device holds for that page, so the app reads it as it will in the browser. Null elsewhere.
 */
let serverEntries: ReadonlyMap<string, string> | null = null;

export function setServerStorage(entries: Partial<Record<StorageKey, string>> | null): void {
  serverEntries = entries ? new Map(Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : null;
}

export function readStorage(key: StorageKey): string | null {
  if (serverEntries) return serverEntries.get(key) ?? null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); behave as empty.
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Ignored: the app still works for this page load without persistence.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Ignored, see writeStorage.
  }
}

export const getToken = () => readStorage(STORAGE_KEYS.token);
export const setToken = (token: string) => writeStorage(STORAGE_KEYS.token, token);
export const getApiKey = () => readStorage(STORAGE_KEYS.apiKey);
export const setApiKey = (apiKey: string) => writeStorage(STORAGE_KEYS.apiKey, apiKey);

/** Authenticated means an id token is in local storage (spec §4). */
export const isAuthenticated = () => Boolean(getToken());

/** Removes what belongs to the signed-in user; the language choice stays. */
export function clearSessionStorage(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.apiKey);
  removeStorage(STORAGE_KEYS.projects);
  removeStorage(STORAGE_KEYS.teams);
  removeStorage(STORAGE_KEYS.dashboardHint);
}

const SIGN_IN_REASON = 'signInReason';

/**
 * Why the sign-in page is shown (an English message text), kept for this tab until that page
 * reads it: a session the server no longer accepts ends with 'Authentication failed' there.
 */
export function rememberSignInReason(text: string): void {
  try {
    window.sessionStorage.setItem(SIGN_IN_REASON, text);
  } catch {
    // Ignored: the sign-in page then shows no reason.
  }
}

/** The reason left for the sign-in page, if any. */
export function readSignInReason(): string | null {
  try {
    return window.sessionStorage.getItem(SIGN_IN_REASON);
  } catch {
    return null;
  }
}

/** Forgets the reason once the sign-in page has it, so a later visit shows none. */
export function forgetSignInReason(): void {
  try {
    window.sessionStorage.removeItem(SIGN_IN_REASON);
  } catch {
    // Ignored, see rememberSignInReason.
  }
}
