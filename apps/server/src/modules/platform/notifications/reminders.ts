// Reminders that no one's change makes, only the clock: a member's schedule starting, its deadline
// 30 minutes away, and each morning the schedules missed yesterday at a supervisor's sites.
//
// One `reminders.scan` job a minute does them all. pg-boss's clock makes it (`boss.schedule` with
// a cron): every instance runs the clock, and each cron slot becomes one job across them (a
// singleton per slot), which one instance works. That is the whole of "once" for the tick; it is
// not what keeps anyone from hearing twice. Each scan looks back over a window longer than a tick,
// so a slot lost to a restart is covered by the next, and two scans that overlap (a retry, a slow
// one, a test running it by hand) find the same schedules. What they make is keyed by what it is
// of (`start:s<schedule>`, `deadline:s<schedule>`, `missed:b<business>:<day>`) and its recipient,
// under the unique keys of the bell and the e-mails, so the second scan writes nothing.
import type { Db } from '../../../db/client.ts';
import type { Queue } from '../queue/queue.ts';
import { deliver, type Delivery, type NotifierOptions } from './notifications.service.ts';
import { overseersOf } from './notifications.repository.ts';
import { businessesAtClock, missedBySite, schedulesDueIn, schedulesStartingIn, type DueSchedule } from './reminders.repository.ts';

const MINUTE = 60_000;
/** How far back a scan looks: a schedule that started longer ago than this is not announced. */
export const LOOKBACK_MINUTES = 10;
/** How long before a deadline its reminder goes. */
export const DEADLINE_NOTICE_MINUTES = 30;
/** The missed digest goes from 07:00 in the business's time zone, or at the first scan within this after. */
export const DIGEST_CLOCK = { fromMinute: 7 * 60, toMinute: 7 * 60 + 15 };

export const REMINDERS_CRON = '* * * * *';

function byBusiness(rows: DueSchedule[], make: (row: DueSchedule) => Delivery) {
  const grouped = new Map<number, Delivery[]>();
  for (const row of rows) grouped.set(row.businessId, [...(grouped.get(row.businessId) ?? []), make(row)]);
  return grouped;
}

const scheduleParams = (row: DueSchedule) => ({ taskName: row.taskName, taskNameAr: row.taskNameAr, siteName: row.siteName });

/** The missed digest of one business's day: each overseer hears the count at their sites. */
async function missedDigest(tx: Db, businessId: number, day: string, from: Date, to: Date): Promise<Delivery[]> {
  const perUser = new Map<number, { count: number; sites: Set<string> }>();
  for (const site of await missedBySite(tx, businessId, from, to)) {
    for (const userId of await overseersOf(tx, businessId, site.teamId)) {
      const entry = perUser.get(userId) ?? { count: 0, sites: new Set<string>() };
      entry.count += site.count;
      entry.sites.add(site.siteName);
      perUser.set(userId, entry);
    }
  }
  return [...perUser].map(([userId, { count, sites }]) => ({
    userId,
    kind: 'schedulesMissed',
    params: { count, siteName: sites.size === 1 ? [...sites][0]! : '', day },
    link: '/reports',
  }));
}

/** One scan at `now`: every reminder due, each business in a transaction of its own. */
export async function scanReminders(db: Db, options: NotifierOptions, now = new Date()) {
  const from = new Date(now.getTime() - LOOKBACK_MINUTES * MINUTE);
  const notice = DEADLINE_NOTICE_MINUTES * MINUTE;
  const starting = byBusiness(await schedulesStartingIn(db, from, now, now), (row) => ({
    userId: row.userId,
    kind: 'scheduleStarting',
    params: scheduleParams(row),
    link: `/tracker/${row.id}`,
    key: `start:s${row.id}`,
  }));
  const due = byBusiness(await schedulesDueIn(db, new Date(from.getTime() + notice), new Date(now.getTime() + notice), now), (row) => ({
    userId: row.userId,
    kind: 'scheduleDeadline',
    params: scheduleParams(row),
    link: `/tracker/${row.id}`,
    key: `deadline:s${row.id}`,
  }));
  for (const [businessId, deliveries] of [...starting, ...due]) {
    await db.transaction((tx) => deliver(tx, businessId, 'reminder', deliveries, options));
  }
  for (const business of await businessesAtClock(db, now, DIGEST_CLOCK.fromMinute, DIGEST_CLOCK.toMinute)) {
    await db.transaction(async (tx) => {
      const deliveries = await missedDigest(tx, business.id, business.day, business.dayStart, business.dayEnd);
      await deliver(tx, business.id, `missed:b${business.id}:${business.day}`, deliveries, options);
    });
  }
}

/**
 * Works the scan in this instance and puts it on pg-boss's clock (an upsert every instance may
 * make). A job may carry `at`, the moment it scans as of (tests); the clock's jobs scan as of now.
 */
export async function workReminders(queue: Queue, db: Db, options: NotifierOptions) {
  await queue.work<{ businessId: null; at?: string }>('reminders.scan', async ({ at }) => {
    await scanReminders(db, options, at ? new Date(at) : new Date());
  });
  await queue.boss.schedule('reminders.scan', REMINDERS_CRON, { businessId: null }, { tz: 'UTC', retryLimit: 1, expireInSeconds: 300 });
}
