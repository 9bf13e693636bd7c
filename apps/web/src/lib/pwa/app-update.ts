/// <reference types="vite-plugin-pwa/vanillajs" />
// The installed app's service worker (vite.config.ts builds it): registered once the page has
// loaded, so it never competes with the first screen, and from then on keeping every file of the
// app on the device so it opens without a network. A new version is never taken behind the
// person's back: when one has been deployed and fetched, `useAppUpdate` reports it and the page
// offers to reload into it (app/update-prompt.tsx); until then the version in use keeps working.
import { useSyncExternalStore } from 'react';
import { afterLoad } from '../after-load.ts';

/** How often an open app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** After the page's load event: the first screen's requests are over by then. */
const REGISTER_AFTER_LOAD_MS = 1000;

interface AppUpdate {
  /** A new version is installed and waits for the person to reload into it. */
  waiting: boolean;
  /** Reloads the page into the waiting version. */
  apply: () => Promise<void>;
}

let state: AppUpdate = { waiting: false, apply: async () => {} };
const listeners = new Set<() => void>();

function publish(next: AppUpdate) {
  state = next;
  for (const listener of listeners) listener();
}

/** For the prompt, and for tests that stand in for a deployed version. */
export function announceUpdate(apply: () => Promise<void>) {
  publish({ waiting: true, apply });
}

/** The person chose to keep the version in use for now. */
export function dismissUpdate() {
  publish({ ...state, waiting: false });
}

export function useAppUpdate(): AppUpdate {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // Drawn on the server (entry-server.tsx), nothing waits.
    () => state,
  );
}

async function register() {
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    onNeedRefresh: () => announceUpdate(() => update(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // An app left open for days still learns of a new version.
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => {});
      };
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}

/** Registers the service worker once the page has loaded; nothing where browsers have none. */
export function startServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  afterLoad(() => void register().catch(() => {}), REGISTER_AFTER_LOAD_MS);
}
