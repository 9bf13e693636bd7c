// Plans that skip holidays: no occurrence on a day the business calendar keeps (its country's
// public holidays it observes, and its own days), made or dropped as the calendar changes, while
// plans that do not skip them work every day.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, createTask, placeInSite, type Caller } from '../../../test/factories.ts';
import { materialisePlans, runScheduleEngine } from './schedule-engine.ts';

const CALENDAR = '/api/v1/business-calendar';
// Saudi National Day, a public holiday of the business's country (from its time zone).
const NATIONAL_DAY = '2027-09-23';
const NOW = new Date('2027-09-19T12:00:00Z');

let t: TestApp;
let owner: Caller;
let place: { taskId: number; teamId: number; userId: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, owner.business.id));
  const { site } = await createProjectAndSite(t.app, owner);
  const member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, site.id, member.userId);
  const task = await createTask(t.app, owner);
  place = { taskId: task.id, teamId: site.id, userId: member.userId };
});
afterAll(() => t.close());

/** A member's daily plan from 20 to 27 September 2027, 09:00 to 17:00 in Riyadh. */
async function dailyPlan(skipHolidays: boolean) {
  const [row] = await t.app.db
    .insert(executionPlans)
    .values({
      businessId: owner.business.id,
      ...place,
      scheduleType: 'DAILY',
      startDate: '2027-09-20',
      endDate: '2027-09-27',
      startTime: '09:00',
      endTime: '17:00',
      deadlineAfter: 2,
      deadlineUnit: 'HOURS',
      scheduledAt: new Date('2020-01-01T00:00:00Z'),
      skipHolidays,
    })
    .returning();
  await materialisePlans(t.app.db, { businessId: owner.business.id, planIds: [row.id], now: NOW, horizonDays: 14 });
  return row.id;
}

async function daysOf(planId: number): Promise<string[]> {
  const rows = await t.app.db
    .select({ day: sql<string>`to_char(${schedules.start} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')` })
    .from(schedules)
    .where(eq(schedules.planId, planId))
    .orderBy(asc(schedules.start));
  return rows.map((r) => r.day);
}

const ALL_DAYS = ['2027-09-20', '2027-09-21', '2027-09-22', '2027-09-23', '2027-09-24', '2027-09-25', '2027-09-26', '2027-09-27'];
const without = (...days: string[]) => ALL_DAYS.filter((d) => !days.includes(d));

describe('plans that skip holidays', () => {
  it('make no schedule on a public holiday or a day of the business own; other plans make one every day', async () => {
    const own = await owner.request({ method: 'POST', url: `${CALENDAR}/holidays`, payload: { date: '2027-09-26', nameEn: 'Stocktake', nameAr: 'الجرد' } });
    expect(own.statusCode, own.body).toBe(201);
    const skipping = await dailyPlan(true);
    const working = await dailyPlan(false);
    expect(await daysOf(skipping)).toEqual(without(NATIONAL_DAY, '2027-09-26'));
    expect(await daysOf(working)).toEqual(ALL_DAYS);
    await owner.request({ method: 'DELETE', url: `${CALENDAR}/holidays/${own.json<{ id: number }>().id}` });
  });

  it('work on a public holiday the business does not keep', async () => {
    const off = await owner.request({ method: 'PUT', url: `${CALENDAR}/public-holidays/${NATIONAL_DAY}`, payload: { observed: false } });
    expect(off.statusCode, off.body).toBe(200);
    const skipping = await dailyPlan(true);
    expect(await daysOf(skipping)).toEqual(ALL_DAYS);
    await owner.request({ method: 'PUT', url: `${CALENDAR}/public-holidays/${NATIONAL_DAY}`, payload: { observed: true } });
  });

  it('lose a pending schedule when a holiday is added after it was made, and get it back when the holiday goes', async () => {
    const skipping = await dailyPlan(true);
    expect(await daysOf(skipping)).toEqual(without(NATIONAL_DAY));
    const own = await owner.request({
      method: 'POST',
      url: `${CALENDAR}/holidays`,
      payload: { date: '2027-09-22', nameEn: 'Audit day', nameAr: 'يوم التدقيق' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const pass = await runScheduleEngine(t.app.db, { now: NOW, horizonDays: 14 });
    expect(pass.ran).toBe(true);
    expect(await daysOf(skipping)).toEqual(without(NATIONAL_DAY, '2027-09-22'));
    // A member's device that held the dropped schedule may still deliver an answer for it.
    const kept = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from removed_schedules where business_id = ${owner.business.id} and user_id = ${place.userId}`),
    );
    expect(kept[0].n).toBeGreaterThanOrEqual(1);

    await owner.request({ method: 'DELETE', url: `${CALENDAR}/holidays/${own.json<{ id: number }>().id}` });
    await runScheduleEngine(t.app.db, { now: NOW, horizonDays: 14 });
    expect(await daysOf(skipping)).toEqual(without(NATIONAL_DAY));
  });

  it('keep an answered schedule on a day that becomes a holiday', async () => {
    const skipping = await dailyPlan(true);
    const [first] = await t.app.db.select().from(schedules).where(eq(schedules.planId, skipping)).orderBy(asc(schedules.start)).limit(1);
    await t.app.db.update(schedules).set({ status: 'inProgress' }).where(eq(schedules.id, first.id));
    const own = await owner.request({
      method: 'POST',
      url: `${CALENDAR}/holidays`,
      payload: { date: '2027-09-20', nameEn: 'Late notice', nameAr: 'إشعار متأخر' },
    });
    await runScheduleEngine(t.app.db, { now: NOW, horizonDays: 14 });
    expect((await daysOf(skipping))[0]).toBe('2027-09-20');
    await owner.request({ method: 'DELETE', url: `${CALENDAR}/holidays/${own.json<{ id: number }>().id}` });
  });

  it('keep a schedule a colleague covers on a day that becomes a holiday', async () => {
    const skipping = await dailyPlan(true);
    const [first] = await t.app.db.select().from(schedules).where(eq(schedules.planId, skipping)).orderBy(asc(schedules.start)).limit(1);
    // Handed to someone else (a cover), the schedule is no longer the plan's own to drop.
    await t.app.db.update(schedules).set({ userId: owner.userId }).where(eq(schedules.id, first.id));
    const own = await owner.request({
      method: 'POST',
      url: `${CALENDAR}/holidays`,
      payload: { date: '2027-09-20', nameEn: 'Short notice', nameAr: 'إشعار قصير' },
    });
    await runScheduleEngine(t.app.db, { now: NOW, horizonDays: 14 });
    expect((await daysOf(skipping))[0]).toBe('2027-09-20');
    await owner.request({ method: 'DELETE', url: `${CALENDAR}/holidays/${own.json<{ id: number }>().id}` });
  });
});
