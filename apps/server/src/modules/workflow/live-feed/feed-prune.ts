// The live feed's places (answer_feed) are kept for a day: a viewer who comes back after a longer
// outage is sent the day's answers after its place and finds the rest on the answers screen. Every
// instance runs the job; the deletes of two at once only overlap.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { affectedRows, type Db } from '../../../db/client.ts';
import { repeatEvery, type Repeating } from '../../../lib/repeat.ts';

export const FEED_KEEP_MS = 24 * 3_600_000;
export const FEED_PRUNE_INTERVAL_MS = 3_600_000;
/** Places removed per statement, so no transaction holds the embedded database for long. */
const PRUNE_BATCH = 5_000;

/** Removes the places of answers stored more than `keepMs` before `now`; returns how many. */
export async function pruneAnswerFeed(db: Db, { keepMs = FEED_KEEP_MS, now = new Date() }: { keepMs?: number; now?: Date } = {}): Promise<number> {
  const before = new Date(now.getTime() - keepMs);
  let removed = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from answer_feed where answer_id in (
        select f.answer_id from answer_feed f join action_results r on r.id = f.answer_id
        where r.created_date < ${before.toISOString()}::timestamptz limit ${PRUNE_BATCH})`);
    const n = affectedRows(result);
    removed += n;
    if (n < PRUNE_BATCH) return removed;
  }
}

/** A pruning now and then every interval (lib/repeat.ts); `stop` waits for a running one. */
export function startFeedPrune(db: Db, options: { intervalMs: number; keepMs?: number; log: FastifyBaseLogger }): Repeating {
  return repeatEvery(options.intervalMs, async () => {
    try {
      const removed = await pruneAnswerFeed(db, { keepMs: options.keepMs });
      if (removed > 0) options.log.debug({ removed }, 'live feed places pruned');
    } catch (err) {
      // Only space is lost: the next round tries again.
      options.log.error({ err }, 'live feed pruning failed');
    }
  });
}
