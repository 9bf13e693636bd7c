// What a member types into a field of the runner (a text answer, a number, notes) stays in that
// field while they type, and reaches the answers once they pause (TYPING_PAUSE_MS) or leave the
// field. Every change of the answers draws the progress line, the chain rules, the submit bar and
// the page around them again: on a slow phone, a long checklist made each letter wait for all that.
// A pause passed, the answers are changed at once (not in a later task), so a tap that follows
// finds them as the field shows them. The field shows the answer again once what was typed has
// reached it, or when the answer changes from elsewhere while nothing typed waits (cleared after an
// answer kept from outside the site's area, read back from the device).
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useStableCallback } from '../../lib/use-stable-callback.ts';

/** How long after the last keystroke what was typed reaches the answers. */
export const TYPING_PAUSE_MS = 300;

interface Typed<T> {
  value: T;
  /** Typed and not yet handed over. */
  waiting: boolean;
}

/**
 * `value`: the answer as the runner holds it; `commit`: hands a typed value over. Returns what the
 * field shows, `change` for each keystroke and `flush` for leaving the field.
 */
export function useTypedValue<T>(value: T, commit: (next: T) => void, pause = TYPING_PAUSE_MS) {
  const [typed, setTyped] = useState<Typed<T> | null>(null);
  // The answer changed: the field follows it, unless something typed is still on its way.
  const [known, setKnown] = useState(value);
  if (!Object.is(known, value)) {
    setKnown(value);
    if (typed && !typed.waiting) setTyped(null);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const handOver = useStableCallback(commit);

  const flush = useStableCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    handOver(next.value);
    // Only what was handed over stops waiting: a keystroke since then still waits for its turn.
    setTyped((current) => (current && Object.is(current.value, next.value) ? { value: next.value, waiting: false } : current));
  });

  const change = useStableCallback((next: T) => {
    pending.current = { value: next };
    setTyped({ value: next, waiting: true });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flushSync(flush), pause);
  });

  // A field that goes away (its action hidden by a chain rule, the page left) hands over what waits.
  useEffect(() => () => flush(), [flush]);

  return { value: typed ? typed.value : value, change, flush };
}
