// How many answers wait on this tablet to be sent, by member, kept current as the outbox changes.
import { useEffect, useState } from 'react';
import { listOutbox, subscribeOutbox } from '../../../lib/offline/outbox.ts';

export function useWaitingAnswers(): ReadonlyMap<number, number> {
  const [counts, setCounts] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    let live = true;
    const read = async () => {
      const entries = await listOutbox().catch(() => []);
      const next = new Map<number, number>();
      for (const entry of entries) if (entry.status === 'waiting' || entry.status === 'sending') next.set(entry.userId, (next.get(entry.userId) ?? 0) + 1);
      if (live) setCounts(next);
    };
    void read();
    const stop = subscribeOutbox((change) => {
      if (change === 'entries') void read();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return counts;
}
