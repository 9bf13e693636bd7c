// Reminders made by the clock, on the real queue: a schedule starting, its deadline 30 minutes away
// and the morning's missed digest, each heard once however often (and on however many instances)
// the scan runs; e-mails received by a real SMTP server in this process.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { businesses, users } from '../../../db/schema.ts';
import { mailMessages, notifications } from '../../../db/schema-platform.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queueSettled } from '../../../test/queue-kit.ts';
import { startSmtp, type SmtpKit } from '../../../test/smtp-kit.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createProjectAndSite,
  createScheduleRow,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';
import { retrySettings, sendJob } from '../queue/queue.ts';

const APP_URL = 'http://app.test';
const MINUTE = 60_000;
let smtp: SmtpKit;
let t: TestApp;
let owner: Caller;
let member: Caller;
let site: { id: number; name: string };
let taskId: number;

const to = (c: Caller) => smtp.received.filter((m) => m.to.includes(`${c.username}@example.com`));
/** Puts `times` scans as of `at` on the queue, for whichever instance takes them. */
async function scan(at: Date, times = 1) {
  for (let i = 0; i < times; i++) await sendJob(t.app.db, 'reminders.scan', { businessId: null, at: at.toISOString() });
}
const bellOf = async (c: Caller) => (await c.request({ method: 'GET', url: '/api/v1/notifications' })).json();
const schedule = (values: Partial<Parameters<typeof createScheduleRow>[1]> = {}) =>
  createScheduleRow(t.app.db, { businessId: owner.business.id, taskId, teamId: site.id, userId: member.userId, ...values });

beforeAll(async () => {
  retrySettings.limit = 3;
  retrySettings.delaySeconds = 1;
  smtp = await startSmtp();
  t = await createTestApp({ jobs: { work: true, mail: { smtpUrl: smtp.url, from: 'Field Ops <ops@example.com>', appUrl: APP_URL } } });
  await t.app.ready();
  owner = await createBusinessWithOwner(t.app, 'Bright Cleaning');
  member = await addMember(t.app, owner);
  await t.app.db.update(users).set({ language: 'ar' }).where(eq(users.id, member.userId));
  ({ site } = await createProjectAndSite(t.app, owner, 'North Gate'));
  await placeInSite(t.app, owner, site.id, member.userId);
  taskId = (await createTask(t.app, owner, { nameEn: 'Morning round', nameAr: 'جولة الصباح' })).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

describe('a schedule starting', () => {
  it('tells its member once, in the bell and by e-mail in their language, however many scans on however many instances', async () => {
    const now = new Date();
    const starting = await schedule({
      start: new Date(now.getTime() - MINUTE),
      end: new Date(now.getTime() + 60 * MINUTE),
      deadline: new Date(now.getTime() + 120 * MINUTE),
    });
    // None of these is announced: started before the scan's window, done, of a paused plan.
    await schedule({ start: new Date(now.getTime() - 20 * MINUTE), deadline: new Date(now.getTime() + 120 * MINUTE) });
    await schedule({ start: new Date(now.getTime() - MINUTE), deadline: new Date(now.getTime() + 120 * MINUTE), status: 'done' });
    await schedule({ start: new Date(now.getTime() - 2 * MINUTE), deadline: new Date(now.getTime() + 120 * MINUTE), paused: true });

    await scan(now);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([`${member.username}@example.com`]);
    expect(mail!.parsed.subject).toBe('بدأ الآن: جولة الصباح');
    expect(String(mail!.parsed.html)).toContain('<html lang="ar" dir="rtl">');
    expect(String(mail!.parsed.html)).toContain(`href="${APP_URL}/tracker/${starting.id}"`);

    // Again, on this instance and on another working the same queue, a minute later too.
    await t.secondInstance();
    await scan(now, 3);
    await scan(new Date(now.getTime() + MINUTE), 2);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(1);
    const bell = await bellOf(member);
    expect(bell.items).toHaveLength(1);
    expect(bell.items[0]).toMatchObject({
      kind: 'scheduleStarting',
      link: `/tracker/${starting.id}`,
      params: { taskName: 'Morning round', taskNameAr: 'جولة الصباح', siteName: 'North Gate' },
    });
    expect(await t.app.db.$count(mailMessages, like(mailMessages.deliveryKey, `start:s${starting.id}:%`))).toBe(1);
    // Nobody else heard of it.
    expect((await bellOf(owner)).items).toEqual([]);
    // In production the scan is on pg-boss's clock, once a minute.
    expect((await t.app.queue.boss.getSchedules()).map((s) => [s.name, s.cron])).toContainEqual(['reminders.scan', '* * * * *']);
  }, 30_000);
});

describe('a deadline 30 minutes away', () => {
  it('reminds the member of an open schedule once, and not of a done one', async () => {
    const now = new Date(Date.now() + 3 * 60 * MINUTE);
    const due = await schedule({ start: new Date(now.getTime() - 60 * MINUTE), deadline: new Date(now.getTime() + 30 * MINUTE - 20_000) });
    await schedule({ start: new Date(now.getTime() - 60 * MINUTE), deadline: new Date(now.getTime() + 29 * MINUTE), status: 'done' });
    await scan(now, 2);
    await scan(new Date(now.getTime() + 2 * MINUTE));
    const [mail] = await smtp.waitFor(1);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.parsed.subject).toBe('يحين موعد جولة الصباح بعد 30 دقيقة');
    const reminders = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'scheduleDeadline'));
    expect(reminders.map((r) => [r.userId, r.link, r.deliveryKey])).toEqual([[member.userId, `/tracker/${due.id}`, `deadline:s${due.id}:u${member.userId}`]]);
  }, 30_000);

  it("reminds of a plan's on-time deadline, not of the end of its grace time", async () => {
    const now = new Date(Date.now() + 8 * 60 * MINUTE);
    const start = new Date(now.getTime() - 60 * MINUTE);
    // Due in 30 minutes, with an hour's grace after it: reminded now.
    const dueSoon = await schedule({ start, dueAt: new Date(now.getTime() + 30 * MINUTE - 20_000), deadline: new Date(now.getTime() + 90 * MINUTE) });
    // Past its on-time deadline, closing in 30 minutes: in its grace time, not reminded again.
    await schedule({ start, dueAt: new Date(now.getTime() - 30 * MINUTE), deadline: new Date(now.getTime() + 30 * MINUTE - 20_000) });
    await scan(now);
    await smtp.waitFor(1);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(1);
    const reminders = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'scheduleDeadline'));
    expect(reminders.map((r) => r.link)).toContain(`/tracker/${dueSoon.id}`);
    expect(reminders).toHaveLength(2);
  }, 30_000);
});

describe('the missed digest', () => {
  it("tells each site's supervisors and the admins, once a morning, how many schedules were missed yesterday", async () => {
    const boss = await createBusinessWithOwner(t.app, 'Dubai Facilities');
    await t.app.db.update(businesses).set({ timeZone: 'Asia/Dubai' }).where(eq(businesses.id, boss.business.id));
    const admin = await addMember(t.app, boss, 'ADMIN');
    const worker = await addMember(t.app, boss);
    const { site: siteA } = await createProjectAndSite(t.app, boss, 'Harbour');
    const { site: siteB } = await createProjectAndSite(t.app, boss, 'Airport');
    const supervisorA = await addSupervisor(t.app, boss, [siteA.id]);
    const supervisorB = await addSupervisor(t.app, boss, [siteB.id]);
    for (const s of [siteA, siteB]) await placeInSite(t.app, boss, s.id, worker.userId);
    const task = await createTask(t.app, boss);
    // Another business at the same clock with nothing missed, whose people hear nothing.
    const other = await createBusinessWithOwner(t.app, 'Quiet Co');
    await t.app.db.update(businesses).set({ timeZone: 'Asia/Dubai' }).where(eq(businesses.id, other.business.id));

    // 07:05 on 10 March in Dubai (UTC+4); yesterday runs from 8 March 20:00 to 9 March 20:00 UTC.
    const morning = new Date('2026-03-10T03:05:00Z');
    const missed = async (teamId: number, deadline: string, status: 'missed' | 'done' = 'missed') =>
      createScheduleRow(t.app.db, {
        businessId: boss.business.id,
        taskId: task!.id,
        teamId,
        userId: worker.userId,
        start: new Date(new Date(deadline).getTime() - 60 * MINUTE),
        end: new Date(deadline),
        deadline: new Date(deadline),
        status,
      });
    await missed(siteA.id, '2026-03-08T20:00:00Z');
    await missed(siteA.id, '2026-03-09T19:59:00Z');
    await missed(siteB.id, '2026-03-09T05:00:00Z');
    // Not yesterday's misses: the day before, today, and one done.
    await missed(siteA.id, '2026-03-08T19:59:00Z');
    await missed(siteA.id, '2026-03-09T20:00:00Z');
    await missed(siteB.id, '2026-03-09T10:00:00Z', 'done');

    await scan(new Date('2026-03-10T02:59:00Z'));
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(0);
    await scan(morning, 2);
    await scan(new Date(morning.getTime() + 5 * MINUTE));
    await smtp.waitFor(4);
    await queueSettled(t.app.db);
    expect(smtp.received).toHaveLength(4);
    expect(to(boss).map((m) => m.parsed.subject)).toEqual(['3 missed schedules yesterday']);
    expect(to(admin).map((m) => m.parsed.subject)).toEqual(['3 missed schedules yesterday']);
    expect(to(supervisorA).map((m) => m.parsed.subject)).toEqual(['2 missed schedules yesterday']);
    expect(to(supervisorB).map((m) => m.parsed.subject)).toEqual(['A missed schedule yesterday']);
    expect((await bellOf(supervisorA)).items).toMatchObject([{ kind: 'schedulesMissed', link: '/reports', params: { count: 2, siteName: 'Harbour' } }]);
    expect((await bellOf(boss)).items).toMatchObject([{ kind: 'schedulesMissed', params: { count: 3, siteName: '' } }]);
    expect((await bellOf(worker)).items).toEqual([]);
    expect((await bellOf(other)).items).toEqual([]);
    expect(await t.app.db.$count(notifications, eq(notifications.businessId, other.business.id))).toBe(0);
    expect(await t.app.db.$count(notifications, eq(notifications.kind, 'schedulesMissed'))).toBe(4);

    // The next morning tells of its own yesterday: the one missed at midnight on 10 March.
    smtp.received.length = 0;
    await scan(new Date('2026-03-11T03:05:00Z'));
    await smtp.waitFor(3);
    await queueSettled(t.app.db);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(Array(3).fill('A missed schedule yesterday'));
    expect(to(supervisorB)).toEqual([]);
  }, 30_000);
});
