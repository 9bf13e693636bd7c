/// <reference lib="webworker" />
// The installed app's service worker (built by vite-plugin-pwa from this file; registered by
// lib/pwa/app-update.ts). It keeps every file of the app on the device and opens index.html from
// there for any address that is not the API, so the app opens without a network (a phone online
// takes `/` and `/tickets` as the server draws them, when they are of the version kept); a new version
// waits until the page asks it to take over. Background Sync: when answers wait in the outbox
// and the network returns, the browser wakes this worker, which sends them even with the app
// closed (lib/offline/outbox.ts, the same queue the page sends). Web Push: a push is shown as a
// notification in its recipient's language, and a tap opens its screen (lib/pwa/push-events.ts).
// Stored files: when the network cannot answer, an instruction's picture kept with the copy of
// the member's schedules is answered from the device (lib/offline/instruction-images.ts).
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
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

// `/` is not answered as the kept index.html by the precache's own route (its directory index):
// like every other address opened, it goes to the navigation route below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
const appPage = createHandlerBoundToURL('/index.html');

/** The pages the server draws for a signed-in phone, as they open (apps/server/src/plugins/first-screen.ts). */
const FIRST_SCREEN_PATHS = ['/', '/tickets'];
/** How long a phone waits for the server's drawn page before opening the kept one: past it, the kept page, which asks for the same data, is the quicker way on a slow network. */
const FIRST_SCREEN_WAIT_MS = 2_000;

/** A phone, as the server tells one (first-screen.ts's isPhone). */
function onPhone() {
  const { userAgent, userAgentData } = self.navigator as WorkerNavigator & { userAgentData?: { mobile?: boolean } };
  return userAgentData?.mobile === true || /\bMobi|Android|iPhone/.test(userAgent);
}

/**
 * `/` or `/tickets` opened on a phone, online: the page as the server drew it, with the visitor's
 * screen already in it, instead of the kept page that draws it only once the app's code has run
 * and asked for it. Taken only when it is a drawn page of the version this worker keeps (its code
 * is on the device, and a newly deployed version still waits for the person to reload into it);
 * anything else, a slow or missing network included, opens the kept page.
 */
async function drawnPage(request: Request): Promise<Response | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), FIRST_SCREEN_WAIT_MS);
  try {
    const response = await fetch(request, { signal: abort.signal });
    if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return null;
    const page = await response.text();
    // Drawn, as the server marks it (first-screen.ts's firstScreenPage); otherwise the plain page.
    if (!/<html[^>]*\sdata-first-screen="/.test(page)) return null;
    const entry = /"entry":\["([^"]+)"/.exec(page)?.[1];
    if (!entry || !getCacheKeyForURL(entry)) return null;
    // Read once here, so sent on as it now is: no longer compressed.
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(page, { status: response.status, statusText: response.statusText, headers });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

registerRoute(
  new NavigationRoute(
    async (options) => {
      const { url, request } = options;
      if (FIRST_SCREEN_PATHS.includes(url.pathname) && !url.search && self.navigator.onLine && onPhone()) {
        const drawn = await drawnPage(request);
        if (drawn) return drawn;
      }
      return appPage(options);
    },
    { denylist: [/^\/api\//, /^\/services\//] },
  ),
);
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
