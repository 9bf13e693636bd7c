// The time now, to the minute, for everything on screen that counts down (time left to a due
// time): one timer for all readers, ticking at each whole minute while any is mounted, so a board
// of a hundred cards keeps one interval and each card draws again only when its words change.
// Null on the server and in the first render that takes over a server-drawn page, which then
// draws the same thing whatever the clock says.
import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
  timer = setTimeout(tick, MINUTE_MS - (now % MINUTE_MS));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    timer = setTimeout(tick, MINUTE_MS - (now % MINUTE_MS));
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/** The same value for every read within a minute, as React asks of a snapshot; fresh once no timer keeps it. */
function snapshot() {
  if (listeners.size === 0 && Date.now() - now >= MINUTE_MS) now = Date.now();
  return now;
}

/** Epoch milliseconds, updated at every whole minute; null on the server and while taking over its page. */
export function useMinuteClock(): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
