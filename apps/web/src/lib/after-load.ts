// Work the first screen does not need starts a moment after the page has loaded, so it never
// competes with it for the network or the processor on a phone.
import { useEffect, useState } from 'react';

/** Runs `work` `delayMs` after the page's load event (at once plus the delay if it has passed). */
export function afterLoad(work: () => void, delayMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(work, delayMs);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** False until `delayMs` after the page's load event. */
export function useAfterLoad(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoad(() => setReady(true), delayMs), [delayMs]);
  return ready;
}
