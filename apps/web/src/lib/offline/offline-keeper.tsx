// Keeps the member ready for places without a network, for as long as they are signed in: the
// copy of their next three days is refreshed when the app opens, when the network comes back and
// every few minutes; the outbox is sent at the same moments, and every half minute while answers
// wait; Background Sync is asked for whenever answers wait, so the service worker sends them
// even once the app is closed. Loaded after the first screen (it is not needed to draw it).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/session-context.ts';
import { sessionQueryKey } from '../session/use-session-query.ts';
import { getApiKey, getToken } from '../storage.ts';
import { refreshScheduleCopy } from './device-copy.ts';
import { deviceCopyKey } from './device-copy-query.ts';
import { SYNC_TAG, flushOutbox, listOutbox, subscribeOutbox } from './outbox.ts';
import { pageTransport } from './outbox-transport.ts';
import { saveWorkerAuth } from './worker-auth.ts';

const REFRESH_EVERY_MS = 10 * 60 * 1000;
const RETRY_EVERY_MS = 30 * 1000;

async function askForBackgroundSync() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(SYNC_TAG);
}

export default function OfflineKeeper() {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session.account.id;

  useEffect(() => {
    const controller = new AbortController();
    let busy = false;

    const refreshCopy = async () => {
      if (!navigator.onLine || busy) return;
      busy = true;
      try {
        await refreshScheduleCopy(session, controller.signal);
        void queryClient.invalidateQueries({ queryKey: deviceCopyKey });
      } catch {
        // Kept as it was; the next moment tries again.
      } finally {
        busy = false;
      }
    };

    const send = async () => {
      if (!navigator.onLine) return;
      const summary = await flushOutbox(pageTransport, userId).catch(() => null);
      if (summary && summary.sent > 0) {
        void queryClient.invalidateQueries({ queryKey: ['schedules'] });
        void refreshCopy();
      }
    };

    const waiting = async () => (await listOutbox(userId).catch(() => [])).some((entry) => entry.status === 'waiting');

    const onOnline = () => {
      // A session drawn from the copy is read again from the server.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void send().then(refreshCopy);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void send();
    };

    void saveWorkerAuth({ userId, token: getToken(), apiKey: getApiKey() }).catch(() => {});
    void send().then(refreshCopy);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const refreshTimer = setInterval(() => void refreshCopy(), REFRESH_EVERY_MS);
    const retryTimer = setInterval(() => {
      void waiting().then((any) => (any ? send() : undefined));
    }, RETRY_EVERY_MS);
    const stop = subscribeOutbox((change) => {
      if (change === 'entries') void waiting().then((any) => (any ? askForBackgroundSync().catch(() => {}) : undefined));
    });
    return () => {
      controller.abort();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(refreshTimer);
      clearInterval(retryTimer);
      stop();
    };
    // The session object changes on every refresh; the member and the business are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, session.business.id, queryClient]);

  return null;
}
