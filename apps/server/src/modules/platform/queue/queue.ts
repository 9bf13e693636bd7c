// The job queue (DESIGN §12): pg-boss on the database the app already uses, PostgreSQL or the
// embedded one, through the app's own connection pool. A job that follows from a write is sent
// through that write's transaction (`send(tx, …)`), so a rolled-back write leaves no job and a
// committed one never loses its job. Every instance works the queue; pg-boss hands each job to one
// worker (SKIP LOCKED). A failed job is tried again after a delay that doubles each time, with
// jitter, and after its last try stays failed: a dead letter administrators see and can retry.
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';

export const QUEUE_SCHEMA = 'pgboss';

/**
 * Tries after the first, and the first retry's delay in seconds (then 2×, 4×, … with jitter):
 * eight tries spread over about half an hour. Read when a job is sent (tests shorten them).
 */
export const retrySettings = { limit: 8, delaySeconds: 5 };

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
  /** Works `name` in this instance, up to `batch` jobs at a time. */
  work<T extends JobData>(name: string, handler: JobHandler<T>, options?: { batch?: number; pollSeconds?: number }): Promise<void>;
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

/**
 * pg-boss's statements run on the connection behind `db`: the pool, or the client a transaction
 * holds, so a job sent inside a transaction commits or rolls back with it.
 */
export function executorOf(db: Db): PgBoss.Db {
  const client = (db as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('the database handle has no connection to run jobs on');
  const run = client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return { executeSql: async (text, values) => ({ rows: (await run.query(text, values)).rows }) };
}

/**
 * Composes pg-boss's statements for jobs sent through a caller's connection; it never opens one of
 * its own, so any instance (and any database a test opens) sends with it.
 */
const composer = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('jobs are sent through a connection')),
  },
  schema: QUEUE_SCHEMA,
});
const retry = () => ({ retryLimit: retrySettings.limit, retryDelay: retrySettings.delaySeconds, retryBackoff: true });

/**
 * How long a job may run before it counts as failed and is tried again: an instance that died
 * mid-job (kill -9, a lost machine) leaves it active, and another instance takes it over then.
 * A message is sent in seconds; a fan-out to thousands takes longer.
 */
const EXPIRE_SECONDS: Record<QueueName, number> = {
  'mail.send': 60,
  'push.send': 60,
  'events.fanout': 300,
  'events.digest': 300,
  'reminders.scan': 300,
  'inspection.mail': 300,
  // An import job writes for about 15 s and queues the rest; one taken over carries on where it stopped.
  'imports.run': 60,
  // Reading one photo and comparing its hash with the business's.
  'photos.check': 60,
  // The minute's SLA escalations (helpdesk/sla-escalations): a batch at a time, each committed.
  'sla.sweep': 300,
  // A business's open tickets' due times again, in committed batches; one taken over starts over.
  'sla.recompute': 600,
  // Folding the ticket counts' changes of the last minute: one statement.
  'tickets.counts': 60,
  // Making an event's webhook deliveries (one row an endpoint), and sending one delivery: a
  // request of at most 10 s.
  'webhooks.dispatch': 60,
  'webhooks.send': 60,
  // Deleting the audit log's entries older than each business's retention, in batches.
  'audit.retention': 300,
};

/** Sends a job in the transaction (or connection) `db`: it exists only if that commits. */
export async function sendJob<T extends JobData>(db: Db, name: QueueName, data: T, options: SendOptions = {}): Promise<void> {
  await composer.send(name, data, {
    db: executorOf(db),
    ...retry(),
    expireInSeconds: EXPIRE_SECONDS[name],
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });
}

/** Many jobs of one name in one statement, in `db`'s transaction. */
export async function sendJobs<T extends JobData>(db: Db, name: QueueName, items: readonly T[], options: { startAfter?: Date } = {}): Promise<void> {
  const startAfter = options.startAfter?.toISOString();
  for (let at = 0; at < items.length; at += 1000) {
    await composer.insert(
      items.slice(at, at + 1000).map((data) => ({ name, data, ...retry(), expireInSeconds: EXPIRE_SECONDS[name], ...(startAfter ? { startAfter } : {}) })),
      { db: executorOf(db) },
    );
  }
}

/** The queues the app uses; each is created at start (pg-boss keeps a table partition per queue). */
export const QUEUE_NAMES = [
  'events.fanout',
  'events.digest',
  'mail.send',
  'push.send',
  'reminders.scan',
  'inspection.mail',
  'imports.run',
  'photos.check',
  'sla.sweep',
  'sla.recompute',
  'tickets.counts',
  'webhooks.dispatch',
  'webhooks.send',
  'audit.retention',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** What instances that install the queue's tables at the same moment run into: someone else made them first, or a deadlock with them. */
const installRace = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return ['23505', '40P01', '42P06', '42P07', '42710'].includes(e.code ?? '') || /already exists/.test(e.message ?? '');
};

/**
 * Runs `step` until it succeeds, again after an install race (up to five tries, with a short
 * growing, jittered wait), and throws anything else at once.
 */
async function throughInstallRace<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= 5 || !installRace(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export async function startQueue(db: Db, log: FastifyBaseLogger): Promise<Queue> {
  // pg-boss marks a finished job complete without waiting for it: the statements still running
  // when it stops are awaited before the queue counts as stopped, so none outlives the pool.
  const running = new Set<Promise<unknown>>();
  const base = executorOf(db);
  const executor: PgBoss.Db = {
    executeSql: (text, values) => {
      const statement = base.executeSql(text, values);
      running.add(statement);
      void statement.then(
        () => running.delete(statement),
        () => running.delete(statement),
      );
      return statement;
    },
  };
  const make = () => {
    const made = new PgBoss({
      db: executor,
      schema: QUEUE_SCHEMA,
      // Maintenance and the clock are pg-boss's own and run on every instance under its locks. The
      // clock (`schedule`) turns each cron slot of `boss.schedule` into one job across instances.
      supervise: true,
      schedule: true,
      ...retry(),
      expireInSeconds: 15 * 60,
      // Expired jobs are found (and tried again) within this.
      maintenanceIntervalSeconds: 15,
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
      deleteAfterDays: 14,
    });
    made.on('error', (err) => log.error({ err }, 'job queue'));
    return made;
  };
  // pg-boss makes its tables on a new database. Instances that start together on one race to make
  // them (the schema's name is taken by whoever commits first); the one that loses starts again
  // with a new pg-boss, which then finds them made.
  const boss = await throughInstallRace(async () => {
    const made = make();
    await made.start();
    return made;
  });
  for (const name of QUEUE_NAMES) {
    // A digest queue holds at most one waiting job per key (policy 'short'): later events join it.
    // A recompute holds one waiting and one running job per key (policy 'stately'): a change made
    // while one runs still gets a run after it, and changes made while one waits join it.
    const policy = name === 'events.digest' ? 'short' : name === 'sla.recompute' ? 'stately' : 'standard';
    // Instances starting together may make the same queue at once (a deadlock or a taken name for
    // the losers): each tries again until the queue is there.
    await throughInstallRace(async () => {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy, ...retry() });
    });
  }
  const workers: string[] = [];
  return {
    boss,
    async work(name, handler, options = {}) {
      // A worker takes up to `batch` jobs at a time and runs them side by side; each that throws
      // fails alone (and is tried again later). After a full fetch it fetches again at once
      // instead of waiting out the polling interval.
      const batch = options.batch ?? 1;
      let workerId = '';
      workerId = await boss.work<JobData>(name, { pollingIntervalSeconds: options.pollSeconds ?? 1, batchSize: batch }, async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(job.data as never, { id: job.id, name: job.name });
            } catch (err) {
              // Marking it failed needs the database too: on an instance shutting down (its pool
              // ended under the job) that fails as well, and the job is left active to expire and
              // be tried again, as after a crash, rather than failing the worker.
              await boss.fail(name, job.id, { message: String((err as Error)?.message ?? err).slice(0, 500) }).catch(() => undefined);
            }
          }),
        );
        if (jobs.length === batch) boss.notifyWorker(workerId);
      });
      workers.push(workerId);
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
      await Promise.allSettled([...running]);
    },
  };
}
