// The job that adds the changes to schedules by member to their month-to-date rows
// (report_member_fold, drizzle/0014). Reports are exact without it: they add the changes they
// have not seen folded. It keeps those few, so a member list reads a few rows per member. Every
// instance runs it; one fold at a time goes ahead (an advisory lock) and the others skip a round.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { onlyRowOf, type Db } from '../../../db/client.ts';
import { repeatEvery, type Repeating } from '../../../lib/repeat.ts';

/** Changes taken per transaction: a fold holds PGlite's only connection while it runs. */
export const FOLD_BATCH = 5_000;
export const FOLD_INTERVAL_MS = 5_000;

/** Folds batches until none is full (or another instance is folding); returns how many changes it took. */
export async function foldMemberChanges(db: Db, batch = FOLD_BATCH): Promise<number> {
  let taken = 0;
  for (;;) {
    const row = onlyRowOf<{ taken: unknown }>(await db.execute(sql`select report_member_fold(${batch}) as taken`));
    const n = Number(row.taken);
    taken += n;
    if (n < batch) return taken;
  }
}

/** A fold now and then every interval (lib/repeat.ts); `stop` waits for a running one. */
export function startMemberFold(db: Db, options: { intervalMs: number; log: FastifyBaseLogger }): Repeating {
  return repeatEvery(options.intervalMs, async () => {
    try {
      const started = Date.now();
      const taken = await foldMemberChanges(db);
      if (taken > 0) options.log.debug({ taken, ms: Date.now() - started }, 'member rollup fold');
    } catch (err) {
      // Nothing is lost: the changes stay until a fold commits.
      options.log.error({ err }, 'member rollup fold failed');
    }
  });
}
