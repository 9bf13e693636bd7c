// The engine's richer recurrence against hand-worked calendars (every N days or weeks from the
// start date, the Nth or last weekday of a month, exception dates), in the business's time zone
// and across daylight-saving changes; and, for random rules, against rrule's expansion of the
// same plan (packages/shared/src/recurrence.ts).
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrenceDates, type Recurrence } from '@fieldops/shared/recurrence';
import { rowsOf } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, createTask, placeInSite } from '../../../test/factories.ts';
import { materialisePlans } from './schedule-engine.ts';

let t: TestApp;

interface Place {
  businessId: number;
  taskId: number;
  teamId: number;
  userId: number;
  timeZone: string;
}

async function placeIn(timeZone: string): Promise<Place> {
  const owner = await createBusinessWithOwner(t.app);
  await t.app.db.update(businesses).set({ timeZone }).where(eq(businesses.id, owner.business.id));
  const { site } = await createProjectAndSite(t.app, owner);
  const member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, site.id, member.userId);
  const task = await createTask(t.app, owner);
  return { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: member.userId, timeZone };
}

type PlanValues = Partial<typeof executionPlans.$inferInsert>;

/** A member's plan written as is, scheduled long ago, materialised from two days before its start. */
async function planOf(place: Place, values: PlanValues & { startDate: string }) {
  const [row] = await t.app.db
    .insert(executionPlans)
    .values({
      businessId: place.businessId,
      taskId: place.taskId,
      teamId: place.teamId,
      userId: place.userId,
      scheduleType: 'DAILY',
      endDate: '2028-12-31',
      startTime: '09:00',
      endTime: '17:00',
      deadlineAfter: 2,
      deadlineUnit: 'HOURS',
      scheduledAt: new Date('2020-01-01T00:00:00Z'),
      ...values,
    })
    .returning();
  const now = new Date(Date.parse(`${values.startDate}T12:00:00Z`) - 2 * 86_400_000);
  await materialisePlans(t.app.db, { businessId: place.businessId, planIds: [row.id], now, horizonDays: 420 });
  return row;
}

/** The plan's schedules: local date in the business's zone and start instant. */
async function occurrences(place: Place, planId: number) {
  const rows = await t.app.db
    .select({
      day: sql<string>`to_char(${schedules.start} at time zone ${place.timeZone}, 'YYYY-MM-DD')`,
      start: schedules.start,
    })
    .from(schedules)
    .where(eq(schedules.planId, planId))
    .orderBy(asc(schedules.start));
  return rows.map((r) => ({ day: r.day, start: r.start.toISOString() }));
}
const days = async (place: Place, planId: number) => (await occurrences(place, planId)).map((o) => o.day);

let riyadh: Place;
let london: Place;

beforeAll(async () => {
  t = await createTestApp();
  riyadh = await placeIn('Asia/Riyadh');
  london = await placeIn('Europe/London');
});
afterAll(() => t.close());

describe('every N days or weeks, counted from the start date', () => {
  it('every 10 days from 31 January 2028 steps over 29 February (a leap year)', async () => {
    const p = await planOf(riyadh, { repeatEvery: 10, startDate: '2028-01-31', endDate: '2028-03-31' });
    expect(await days(riyadh, p.id)).toEqual(['2028-01-31', '2028-02-10', '2028-02-20', '2028-03-01', '2028-03-11', '2028-03-21', '2028-03-31']);
  });

  it('every 2 days from 26 February: 1 March in 2028, 2 March in 2027', async () => {
    const leap = await planOf(riyadh, { repeatEvery: 2, startDate: '2028-02-26', endDate: '2028-03-03' });
    expect(await days(riyadh, leap.id)).toEqual(['2028-02-26', '2028-02-28', '2028-03-01', '2028-03-03']);
    const common = await planOf(riyadh, { repeatEvery: 2, startDate: '2027-02-26', endDate: '2027-03-03' });
    expect(await days(riyadh, common.id)).toEqual(['2027-02-26', '2027-02-28', '2027-03-02']);
  });

  it('every 2 weeks on Sunday and Saturday: the first week is the one holding the start date (a Saturday)', async () => {
    const p = await planOf(riyadh, { scheduleType: 'WEEKLY', repeatEvery: 2, days: [0, 6], startDate: '2026-03-07', endDate: '2026-04-11' });
    // Weeks from Sunday: 1–7 March (Sunday 1 is before the start), 15–21 March, 29 March – 4 April.
    expect(await days(riyadh, p.id)).toEqual(['2026-03-07', '2026-03-15', '2026-03-21', '2026-03-29', '2026-04-04']);
  });

  it('every 2 weeks on Sunday and Tuesday in London, with an exception, at 09:00 on both sides of the March change', async () => {
    const p = await planOf(london, {
      scheduleType: 'WEEKLY',
      repeatEvery: 2,
      days: [0, 2],
      startDate: '2026-03-04',
      endDate: '2026-04-10',
      exceptionDates: ['2026-03-15'],
    });
    // Weeks of 1, 15 and 29 March; Sunday 15 is skipped. Clocks go forward on Sunday 29 March at 01:00Z.
    expect(await occurrences(london, p.id)).toEqual([
      { day: '2026-03-17', start: '2026-03-17T09:00:00.000Z' },
      { day: '2026-03-29', start: '2026-03-29T08:00:00.000Z' },
      { day: '2026-03-31', start: '2026-03-31T08:00:00.000Z' },
    ]);
  });
});

describe('the Nth or last weekday of the month', () => {
  it('the last Friday of every month in 2028, in Riyadh (UTC+3)', async () => {
    const p = await planOf(riyadh, { scheduleType: 'MONTHLY', days: [5], monthWeeks: [-1], startDate: '2028-01-01', endDate: '2028-06-30' });
    expect(await occurrences(riyadh, p.id)).toEqual(
      ['2028-01-28', '2028-02-25', '2028-03-31', '2028-04-28', '2028-05-26', '2028-06-30'].map((day) => ({ day, start: `${day}T06:00:00.000Z` })),
    );
  });

  it('the first and third Monday', async () => {
    const p = await planOf(riyadh, { scheduleType: 'MONTHLY', days: [1], monthWeeks: [1, 3], startDate: '2028-01-01', endDate: '2028-02-29' });
    expect(await days(riyadh, p.id)).toEqual(['2028-01-03', '2028-01-17', '2028-02-07', '2028-02-21']);
  });

  it('the 4th and the last Thursday differ in a month of five Thursdays, across the October change in London', async () => {
    const fourth = await planOf(london, { scheduleType: 'MONTHLY', days: [4], monthWeeks: [4], startDate: '2026-10-01', endDate: '2026-10-31' });
    const last = await planOf(london, { scheduleType: 'MONTHLY', days: [4], monthWeeks: [-1], startDate: '2026-10-01', endDate: '2026-10-31' });
    // 09:00 BST is 08:00Z on the 22nd; clocks go back on the 25th, so 09:00 GMT is 09:00Z on the 29th.
    expect(await occurrences(london, fourth.id)).toEqual([{ day: '2026-10-22', start: '2026-10-22T08:00:00.000Z' }]);
    expect(await occurrences(london, last.id)).toEqual([{ day: '2026-10-29', start: '2026-10-29T09:00:00.000Z' }]);
  });

  it('skips an exception date and keeps the other months', async () => {
    const p = await planOf(riyadh, {
      scheduleType: 'MONTHLY',
      days: [5],
      monthWeeks: [-1],
      startDate: '2028-01-01',
      endDate: '2028-04-30',
      exceptionDates: ['2028-02-25', '2028-02-18'],
    });
    expect(await days(riyadh, p.id)).toEqual(['2028-01-28', '2028-03-31', '2028-04-28']);
  });

  it('existing plans keep their behaviour: WEEKLY and CUSTOM with the defaults (every 1, no exceptions)', async () => {
    const weekly = await planOf(riyadh, { scheduleType: 'WEEKLY', days: [3], startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(await days(riyadh, weekly.id)).toEqual(['2026-03-04', '2026-03-11', '2026-03-18', '2026-03-25']);
    const custom = await planOf(riyadh, { scheduleType: 'CUSTOM', days: [1], months: [2], startDate: '2028-01-20', endDate: '2028-03-10' });
    expect(await days(riyadh, custom.id)).toEqual(['2028-02-07', '2028-02-14', '2028-02-21', '2028-02-28']);
  });
});

describe('the engine agrees with rrule', () => {
  const rule = fc
    .record({
      scheduleType: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM', 'ONCE'),
      start: fc.integer({ min: 0, max: 4 * 365 }),
      length: fc.integer({ min: 0, max: 200 }),
      repeatEvery: fc.integer({ min: 1, max: 6 }),
      days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      months: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }),
      monthWeeks: fc.uniqueArray(fc.constantFrom(1, 2, 3, 4, -1), { minLength: 1, maxLength: 5 }),
      exceptions: fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 8 }),
    })
    .map((r): Recurrence => {
      // Dates from 2026 to 2030, leap day 2028 among them.
      const date = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
      const once = r.scheduleType === 'ONCE';
      return {
        scheduleType: r.scheduleType,
        startDate: date(r.start),
        endDate: once ? null : date(r.start + r.length),
        startTime: '08:30',
        repeatEvery: r.scheduleType === 'DAILY' || r.scheduleType === 'WEEKLY' ? r.repeatEvery : 1,
        days: r.scheduleType === 'DAILY' || once ? [] : r.days,
        months: r.scheduleType === 'CUSTOM' ? r.months : [],
        monthWeeks: r.scheduleType === 'MONTHLY' ? r.monthWeeks : [],
        exceptionDates: once ? [] : r.exceptions.filter((e) => e <= r.length).map((e) => date(r.start + e)),
      };
    });

  it('for random rules, the materialised dates are rrule occurrences, all of them', async () => {
    await fc.assert(
      fc.asyncProperty(rule, async (recurrence) => {
        const place = recurrence.startDate < '2028' ? london : riyadh;
        const p = await planOf(place, { ...recurrence, endTime: '17:00' });
        expect(await days(place, p.id)).toEqual(occurrenceDates(recurrence));
      }),
      { numRuns: 60 },
    );
  });

  it('the database refuses a rule the form cannot make (every 2 of a monthly plan)', async () => {
    await expect(
      t.app.db.execute(sql`update execution_plans set repeat_every = 2 where schedule_type = 'MONTHLY' and business_id = ${riyadh.businessId}`),
    ).rejects.toThrow();
    const [row] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from execution_plans where repeat_every <> 1 and schedule_type = 'MONTHLY'`),
    );
    expect(row?.n).toBe(0);
  });
});
