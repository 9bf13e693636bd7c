/// <reference lib="webworker" />
// The installed app's service worker (built by vite-plugin-pwa from this file; registered by
// lib/pwa/app-update.ts). It keeps every file of the app on the device and opens index.html from
// there for any address that is not the API, so the app opens without a network; a new version
// waits until the page asks it to take over. Background Sync: when answers wait in the outbox
// and the network returns, the browser wakes this worker, which sends them even with the app
// closed (lib/offline/outbox.ts, the same queue the page sends). Web Push: a push is shown as a
// notification in its recipient's language, and a tap opens its screen (lib/pwa/push-events.ts).
// Stored files: when the network cannot answer, an instruction's picture kept with the copy of
// the member's schedules is answered from the device (lib/offline/instruction-images.ts).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { keptInstructionImage } from './lib/offline/instruction-images.ts';
import { SYNC_TAG, flushOutbox } from './lib/offline/outbox.ts';
import { readWorkerAuth } from './lib/offline/worker-auth.ts';
import { workerTransport } from './lib/offline/worker-transport.ts';
import { linkAddress, notificationOf, openAddress } from './lib/pwa/push-events.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/services\//] }));
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/files/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const kept = await keptInstructionImage(request.url, self.location.origin);
      if (kept) return kept;
      throw error;
    }
  },
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Sends what waits; a send that could not arrive fails the event, so the browser tries again later. */
async function sendOutbox() {
  const auth = await readWorkerAuth();
  if (!auth?.token) return;
  const summary = await flushOutbox(workerTransport(auth), auth.userId);
  if (summary.stopped === 'network') throw new Error('The outbox waits for the network');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(sendOutbox());
});

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: shown as a plain notification of the app.
  }
  const { title, options } = notificationOf(data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: unknown } | null)?.link;
  event.waitUntil(openAddress(self.clients, self.location.origin, linkAddress(link, self.location.origin)));
});
