// Runs the schedule engine inside the server: a pass at start and then one every interval, never
// two at once in one process (lib/repeat.ts); `stop` waits for a running pass.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { repeatEvery, type Repeating } from '../../../lib/repeat.ts';
import { runScheduleEngine } from './schedule-engine.ts';

export type ScheduleEngineLoop = Repeating;

export function startScheduleEngine(
  db: Db,
  options: { intervalMs: number; horizonDays: number; connections: number; log: FastifyBaseLogger },
): ScheduleEngineLoop {
  const { intervalMs, horizonDays, connections, log } = options;
  return repeatEvery(intervalMs, async () => {
    try {
      const result = await runScheduleEngine(db, { horizonDays, connections });
      const details = { created: result.created, missed: result.missed, ms: result.ms };
      if (!result.ran) log.debug('schedule engine: another instance is running a pass; skipped');
      else if (result.created > 0 || result.missed > 0) log.info(details, 'schedule engine pass');
      else log.debug(details, 'schedule engine pass');
    } catch (err) {
      // A failed pass (a lost connection, say) is retried on the next round.
      log.error({ err }, 'schedule engine pass failed');
    }
  });
}
