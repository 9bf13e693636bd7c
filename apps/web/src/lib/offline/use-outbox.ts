// The outbox as the page shows it, kept current: every change, made here, in another tab or by the
// service worker, reads the queue again; upload progress comes from this page's own sends.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { listOutbox, outboxProgress, subscribeOutbox } from './outbox.ts';
import type { OutboxEntry } from './outbox-entry.ts';

export interface OutboxView {
  /** Null until first read. */
  entries: OutboxEntry[] | null;
  /** Share sent (0..1) of each entry on its way from this page, by its place in the queue. */
  progress: ReadonlyMap<number, number>;
}

let progressVersion = 0;
const subscribeProgress = (listener: () => void) =>
  subscribeOutbox((change) => {
    if (change !== 'progress') return;
    progressVersion += 1;
    listener();
  });

/** The member's entries, in queue order. */
export function useOutbox(userId: number): OutboxView {
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);
  const version = useSyncExternalStore(subscribeProgress, () => progressVersion);
  // A new map only when some progress moved, so what is drawn from it is not redone every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const progress = useMemo(() => new Map(outboxProgress()), [version]);

  useEffect(() => {
    let live = true;
    let reading = false;
    let stale = false;
    const read = async () => {
      if (reading) {
        stale = true;
        return;
      }
      reading = true;
      try {
        do {
          stale = false;
          const list = await listOutbox(userId).catch(() => []);
          if (live) setEntries(list);
        } while (stale && live);
      } finally {
        reading = false;
      }
    };
    void read();
    const stop = subscribeOutbox((change) => {
      if (change === 'entries') void read();
    });
    return () => {
      live = false;
      stop();
    };
  }, [userId]);

  return { entries, progress };
}
