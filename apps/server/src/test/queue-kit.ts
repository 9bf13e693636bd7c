// Waiting on the job queue rather than on the clock: a test that checks something happened once
// (one e-mail, one bell entry) waits until the queue has nothing left to do that could make it
// happen again, however long that takes on a busy machine, and no longer.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { QUEUE_SCHEMA } from '../modules/platform/queue/queue.ts';

/**
 * Jobs a worker is running, or will take within this many seconds: a retry a test's short delays
 * bring round (retrySettings), or a digest about to close. Jobs further off (a digest of a minute,
 * a retry after a long back-off) do not hold the wait up.
 */
const SOON_SECONDS = 10;

/** How many jobs are running or due soon, apart from pg-boss's own. */
export async function jobsToRun(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from ${sql.raw(QUEUE_SCHEMA)}.job
       where not starts_with(name, '__pgboss__')
         and (state = 'active' or (state in ('created', 'retry') and start_after < now() + make_interval(secs => ${SOON_SECONDS})))`),
  );
  return row!.n;
}

/**
 * Resolves once no job is running or due soon (see jobsToRun). A job that leads to another (a
 * fan-out to its e-mails) sends it in its own transaction, before it counts as done, so the queue
 * is never empty in between; an e-mail's job is done once the SMTP server has taken the message.
 */
export async function queueSettled(db: Db, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await jobsToRun(db);
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`the queue still had ${left} jobs to run after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Moves the start of every running job `seconds` back, as if the process running them (stopped
 * with kill -9) had taken them that long ago: each expires, and another instance takes it over,
 * that much sooner, with no waiting out the clock. Answers how many jobs it moved.
 */
export async function ageRunningJobs(db: Db, seconds: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${sql.raw(QUEUE_SCHEMA)}.job set started_on = started_on - make_interval(secs => ${seconds})
       where state = 'active' returning id`),
  );
  return rows.length;
}
