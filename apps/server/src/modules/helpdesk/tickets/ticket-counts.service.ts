// The tickets counted ahead by project, site and status (ticket_status_counts, drizzle/0047 and
// 0049): the triggers on tickets add each statement's sums as change rows, and this job folds them
// into the counts once a minute across instances (`boss.schedule`, as the SLA sweep), so the rows
// a reader adds to the counts stay a minute's worth.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import type { Queue } from '../../platform/queue/queue.ts';

export const TICKET_COUNTS_CRON = '* * * * *';

/** Folds every committed change into the counts; returns how many change rows it folded. */
export async function foldTicketCounts(db: Db): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(await db.execute(sql`select ticket_status_counts_fold() as folded`));
  return Number(row?.folded ?? 0);
}

/** Works the fold in this instance and puts it on pg-boss's clock (an upsert every instance may make). */
export async function workTicketCounts(queue: Queue, db: Db) {
  await queue.work<{ businessId: null }>('tickets.counts', async () => {
    await foldTicketCounts(db);
  });
  await queue.boss.schedule('tickets.counts', TICKET_COUNTS_CRON, { businessId: null }, { tz: 'UTC', retryLimit: 1, expireInSeconds: 60 });
}
