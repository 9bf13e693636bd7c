// React side of the live feed: while `enabled`, keeps the connection open and hands each new
// answer (an `answer` event) to `onAnswer` once (the server resumes a reconnection exactly after
// the last event had; the ids seen guard against a server of an older version replaying some);
// returns the connection state for the badge ("reconnecting" while it is down).
import { useEffect, useRef, useState } from 'react';
import { LIVE_FEED_EVENT } from '@fieldops/shared/report-limits';
import { actionResult, type ActionResult } from '@fieldops/shared/answers';
import { openLiveFeed, type LiveState } from './live-feed-client.ts';

export function useLiveFeed(enabled: boolean, onAnswer: (answer: ActionResult) => void): LiveState {
  const [state, setState] = useState<LiveState>('closed');
  const handler = useRef(onAnswer);
  useEffect(() => {
    handler.current = onAnswer;
  }, [onAnswer]);

  useEffect(() => {
    if (!enabled) return undefined;
    const seen = new Set<number>();
    const close = openLiveFeed({
      onState: setState,
      onEvent: (event) => {
        if (event.event !== LIVE_FEED_EVENT) return;
        try {
          const parsed = actionResult.safeParse(JSON.parse(event.data));
          if (!parsed.success || seen.has(parsed.data.id)) return;
          seen.add(parsed.data.id);
          if (seen.size > 2_000) seen.delete(seen.values().next().value as number);
          handler.current(parsed.data);
        } catch {
          // Not JSON: nothing to show.
        }
      },
    });
    return () => {
      close();
      setState('closed');
    };
  }, [enabled]);

  return enabled ? state : 'closed';
}
