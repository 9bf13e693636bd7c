// Runs the schedule engine inside the server: a pass at start and then one every interval. The
// next pass is planned only when the last one has finished, so passes never overlap in one
// process; `stop` waits for a running pass, so the database can be closed right after it.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runScheduleEngine } from './schedule-engine.ts';

export interface ScheduleEngineLoop {
  stop(): Promise<void>;
}

export function startScheduleEngine(db: Db, options: { intervalMs: number; horizonDays: number; log: FastifyBaseLogger }): ScheduleEngineLoop {
  const { intervalMs, horizonDays, log } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const pass = async () => {
    try {
      const result = await runScheduleEngine(db, { horizonDays });
      const details = { created: result.created, missed: result.missed, ms: result.ms };
      if (!result.ran) log.debug('schedule engine: another instance is running a pass; skipped');
      else if (result.created > 0 || result.missed > 0) log.info(details, 'schedule engine pass');
      else log.debug(details, 'schedule engine pass');
    } catch (err) {
      // A failed pass (a lost connection, say) is retried on the next round.
      log.error({ err }, 'schedule engine pass failed');
    }
  };

  const tick = () => {
    timer = null;
    running = pass().finally(() => {
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
