// Time that moves only when a test moves it, for tests of what waits (a search typed, then a
// pause): no assertion then depends on how fast the machine runs the test.
import { vi } from 'vitest';

/**
 * Fakes the timers, and tells Testing Library so: it recognises only Jest's fake timers, and
 * otherwise waits for a real timer after each event and between each look of `findBy…`, which
 * fake timers never fire. Answers the function that puts real time back.
 */
export function useFakeTime(): () => void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const global = globalThis as { jest?: unknown };
  const before = global.jest;
  global.jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
  return () => {
    global.jest = before;
    vi.useRealTimers();
  };
}
