// The job queue (DESIGN §12): pg-boss on the database the app already uses, PostgreSQL or the
// embedded one, through the app's own connection pool. A job that follows from a write is sent
// through that write's transaction (`send(tx, …)`), so a rolled-back write leaves no job and a
// committed one never loses its job. Every instance works the queue; pg-boss hands each job to one
// worker (SKIP LOCKED). A failed job is tried again after a delay that doubles each time, with
// jitter, and after its last try stays failed: a dead letter administrators see and can retry.
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';

export const QUEUE_SCHEMA = 'pgboss';

/** Tries after the first, and the first retry's delay in seconds (then 2×, 4×, … with jitter). */
export const RETRY_LIMIT = 8;
export const RETRY_DELAY_SECONDS = 5;

/** What every job carries: the business it works for (null for a person's own, such as a reset link). */
export interface JobData {
  businessId: number | null;
  [key: string]: unknown;
}

export type JobHandler<T extends JobData> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface SendOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /** At most one waiting job with this key (later sends while one waits are dropped). */
  singletonKey?: string;
}

export interface Queue {
  /** Sends a job in the transaction (or connection) `db`: it exists only if that commits. */
  send<T extends JobData>(db: Db, name: string, data: T, options?: SendOptions): Promise<void>;
  /** Many jobs of one name in one statement, in `db`'s transaction. */
  sendMany<T extends JobData>(db: Db, name: string, items: T[]): Promise<void>;
  /** Works `name` in this instance, `concurrency` jobs at a time. */
  work<T extends JobData>(name: string, handler: JobHandler<T>, options?: { concurrency?: number; pollSeconds?: number }): Promise<void>;
  /** Jobs of `businessId` that used up their tries, newest first. */
  failed(db: Db, businessId: number): Promise<FailedJobRow[]>;
  /** Runs a failed job of `businessId` again; false when there is no such job. */
  retry(db: Db, businessId: number, id: string): Promise<boolean>;
  /** Waits for the jobs this instance is running, then stops working. */
  stop(): Promise<void>;
  boss: PgBoss;
}

export interface FailedJobRow {
  id: string;
  name: string;
  data: JobData;
  output: unknown;
  retryCount: number;
  completedOn: Date;
}

/** pg-boss's statements ($1, $2, …) as one drizzle statement, so they run in the caller's transaction. */
export function positional(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

export const executorOf = (db: Db): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: rowsOf(await db.execute(positional(text, values ?? []))) }),
});

/** The queues the app uses; each is created at start (pg-boss keeps a table partition per queue). */
export const QUEUE_NAMES = ['events.fanout', 'events.digest', 'mail.send', 'push.send'] as const;

export async function startQueue(db: Db, log: FastifyBaseLogger, extraQueues: readonly string[] = []): Promise<Queue> {
  const boss = new PgBoss({
    db: executorOf(db),
    schema: QUEUE_SCHEMA,
    // Maintenance and the clock are pg-boss's own and run on every instance under its locks.
    supervise: true,
    schedule: false,
    retryLimit: RETRY_LIMIT,
    retryDelay: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
    deleteAfterDays: 14,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue'));
  await boss.start();
  for (const name of [...QUEUE_NAMES, ...extraQueues]) {
    if (!(await boss.getQueue(name)))
      await boss.createQueue(name, { name, retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true }).catch(async (err) => {
        // Another instance created it in the meantime.
        if (!(await boss.getQueue(name))) throw err;
      });
  }
  const workers: string[] = [];
  return {
    boss,
    async send(tx, name, data, options = {}) {
      await boss.send(name, data, {
        db: executorOf(tx),
        retryLimit: RETRY_LIMIT,
        retryDelay: RETRY_DELAY_SECONDS,
        retryBackoff: true,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },
    async sendMany(tx, name, items) {
      if (items.length === 0) return;
      await boss.insert(
        items.map((data) => ({ name, data, retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true })),
        { db: executorOf(tx) },
      );
    },
    async work(name, handler, options = {}) {
      const concurrency = options.concurrency ?? 1;
      for (let i = 0; i < concurrency; i++) {
        workers.push(
          await boss.work<JobData>(name, { pollingIntervalSeconds: options.pollSeconds ?? 1, batchSize: 1 }, async ([job]) => {
            if (!job) return;
            await handler(job.data as never, { id: job.id, name: job.name });
          }),
        );
      }
    },
    async failed(tx, businessId) {
      const rows = rowsOf<{ id: string; name: string; data: JobData; output: unknown; retry_count: number; completed_on: Date }>(
        await tx.execute(sql`
          select id, name, data, output, retry_count, completed_on from ${sql.raw(QUEUE_SCHEMA)}.job
           where state = 'failed' and (data->>'businessId')::bigint = ${businessId}
          union all
          select id, name, data, output, retry_count, completed_on from ${sql.raw(QUEUE_SCHEMA)}.archive
           where state = 'failed' and (data->>'businessId')::bigint = ${businessId}
           order by completed_on desc limit 200`),
      );
      return rows.map((r) => ({ id: r.id, name: r.name, data: r.data, output: r.output, retryCount: r.retry_count, completedOn: new Date(r.completed_on) }));
    },
    async retry(tx, businessId, id) {
      const [row] = rowsOf<{ name: string }>(
        await tx.execute(sql`
          select name from ${sql.raw(QUEUE_SCHEMA)}.job
           where id = ${id}::uuid and state = 'failed' and (data->>'businessId')::bigint = ${businessId}`),
      );
      if (!row) return false;
      await boss.retry(row.name, id);
      return true;
    },
    async stop() {
      await Promise.all(workers.map((id) => boss.offWork({ id })));
      await boss.stop({ graceful: true, wait: true, close: false });
    },
  };
}
