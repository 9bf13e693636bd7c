// The bell, live: one listening connection per instance hears that a business's bells changed
// (pg_notify 'notifications', sent when the change commits, from any instance) and sends each
// of its viewers at that business their unread count when it differs from the last one sent.
import type { Database } from '../../../db/client.ts';
import { countsUnread } from './notifications.repository.ts';

export interface BellViewer {
  userId: number;
  businessId: number;
  send(unread: number): void;
  /** The listening connection was lost: the viewer reconnects and reads its count afresh. */
  end(): void;
}

export function createBellHub(database: Database) {
  const viewers = new Set<BellViewer & { last: number | null }>();
  let listening: Promise<() => Promise<void>> | null = null;
  // Businesses announced while a count runs are counted once more when it is done.
  const pending = new Set<number>();
  let running = false;

  async function recount() {
    running = true;
    try {
      while (pending.size > 0) {
        const [businessId] = pending;
        pending.delete(businessId!);
        const watching = [...viewers].filter((v) => v.businessId === businessId);
        if (watching.length === 0) continue;
        const counts = await countsUnread(database.db, businessId!, [...new Set(watching.map((v) => v.userId))]);
        for (const viewer of watching) {
          const unread = counts.get(viewer.userId) ?? 0;
          if (unread !== viewer.last) {
            viewer.last = unread;
            viewer.send(unread);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  const announced = (payload: string) => {
    const businessId = Number(payload);
    if (!Number.isSafeInteger(businessId)) return;
    pending.add(businessId);
    if (!running) recount().catch(() => {});
  };
  const lost = () => {
    for (const viewer of viewers) viewer.end();
  };

  return {
    async subscribe(viewer: BellViewer, unread: number) {
      listening ??= database.listen('notifications', announced, lost);
      await listening;
      const watch = { ...viewer, last: unread };
      viewers.add(watch);
      viewer.send(unread);
      return () => viewers.delete(watch);
    },
    async close() {
      for (const viewer of viewers) viewer.end();
      viewers.clear();
      const stop = await listening;
      listening = null;
      await stop?.();
    },
  };
}
export type BellHub = ReturnType<typeof createBellHub>;
