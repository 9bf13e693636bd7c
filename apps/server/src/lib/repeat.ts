// A background task run at start and then every interval. The next run is planned only when the
// last has finished, so runs never overlap in one process; `stop` waits for a running one, so
// the database can be closed right after it.

export interface Repeating {
  stop(): Promise<void>;
}

/** Runs `task` now and `intervalMs` after each run ends; `task` handles its own errors. */
export function repeatEvery(intervalMs: number, task: () => Promise<void>): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    timer = null;
    running = task().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
