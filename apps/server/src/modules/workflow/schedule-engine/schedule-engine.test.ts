import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, teamMembers } from '../../../db/schema.ts';
import { executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, createTask, placeInSite, type Caller } from '../../../test/factories.ts';
import { materialisePlans, runScheduleEngine } from './schedule-engine.ts';

let t: TestApp;

interface Place {
  owner: Caller;
  businessId: number;
  taskId: number;
  teamId: number;
  userId: number;
}

/** A business in `timeZone` with a task, a site and a member placed in it. */
async function placeIn(timeZone: string): Promise<Place> {
  const owner = await createBusinessWithOwner(t.app);
  await t.app.db.update(businesses).set({ timeZone }).where(eq(businesses.id, owner.business.id));
  const { site } = await createProjectAndSite(t.app, owner);
  const member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, site.id, member.userId);
  const task = await createTask(t.app, owner);
  return { owner, businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: member.userId };
}

type PlanValues = Partial<typeof executionPlans.$inferInsert>;

/** A member's plan written as is; scheduled long ago so no occurrence is skipped for that. */
async function plan(place: Place, values: PlanValues) {
  const [row] = await t.app.db
    .insert(executionPlans)
    .values({
      businessId: place.businessId,
      taskId: place.taskId,
      teamId: place.teamId,
      userId: place.userId,
      scheduleType: 'DAILY',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      startTime: '08:00',
      endTime: '17:00',
      deadlineAfter: 2,
      deadlineUnit: 'HOURS',
      scheduledAt: new Date('2020-01-01T00:00:00Z'),
      ...values,
    })
    .returning();
  return row;
}

const occurrences = async (planId: number) =>
  (
    await t.app.db
      .select({ start: schedules.start, end: schedules.end, deadline: schedules.deadline, status: schedules.status })
      .from(schedules)
      .where(eq(schedules.planId, planId))
      .orderBy(asc(schedules.start))
  ).map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString(), deadline: s.deadline.toISOString(), status: s.status }));

const iso = (text: string) => new Date(text).toISOString();
/** Materialise one business as of `now` with a horizon long enough for the month under test. */
const materialise = (place: Place, now: string, horizonDays = 60) =>
  materialisePlans(t.app.db, { businessId: place.businessId, now: new Date(now), horizonDays });

let newYork: Place;
let riyadh: Place;

beforeAll(async () => {
  t = await createTestApp();
  newYork = await placeIn('America/New_York');
  riyadh = await placeIn('Asia/Riyadh');
});
afterAll(() => t.close());

describe('occurrences by schedule type, in the business time zone', () => {
  it('DAILY across the March change to daylight-saving time in New York, to the end date', async () => {
    const p = await plan(newYork, { startDate: '2026-03-01', endDate: '2026-03-15' });
    await materialise(newYork, '2026-02-27T12:00:00Z');
    const rows = await occurrences(p.id);
    expect(rows).toHaveLength(15);
    // 08:00 EST is 13:00Z up to Saturday 7 March; from Sunday 8 March 08:00 EDT is 12:00Z.
    expect(rows[0]).toEqual({ start: iso('2026-03-01T13:00:00Z'), end: iso('2026-03-01T22:00:00Z'), deadline: iso('2026-03-01T15:00:00Z'), status: 'pending' });
    expect(rows[6]).toMatchObject({ start: iso('2026-03-07T13:00:00Z'), end: iso('2026-03-07T22:00:00Z') });
    expect(rows[7]).toEqual({ start: iso('2026-03-08T12:00:00Z'), end: iso('2026-03-08T21:00:00Z'), deadline: iso('2026-03-08T14:00:00Z'), status: 'pending' });
    expect(rows[14].start).toBe(iso('2026-03-15T12:00:00Z'));
  });

  it('DAILY across the November change back to standard time in New York', async () => {
    const p = await plan(newYork, { startDate: '2026-10-31', endDate: '2026-11-02', startTime: '06:00', endTime: '24:00' });
    await materialise(newYork, '2026-10-30T12:00:00Z');
    expect(await occurrences(p.id)).toEqual([
      // "24:00" ends at the next midnight: 04:00Z while EDT, 05:00Z once it is EST again.
      { start: iso('2026-10-31T10:00:00Z'), end: iso('2026-11-01T04:00:00Z'), deadline: iso('2026-10-31T12:00:00Z'), status: 'pending' },
      { start: iso('2026-11-01T11:00:00Z'), end: iso('2026-11-02T05:00:00Z'), deadline: iso('2026-11-01T13:00:00Z'), status: 'pending' },
      { start: iso('2026-11-02T11:00:00Z'), end: iso('2026-11-03T05:00:00Z'), deadline: iso('2026-11-02T13:00:00Z'), status: 'pending' },
    ]);
  });

  it('the same DAILY plan in Riyadh keeps UTC+3 all month', async () => {
    const p = await plan(riyadh, { startDate: '2026-03-01', endDate: '2026-03-31' });
    await materialise(riyadh, '2026-02-27T12:00:00Z');
    const rows = await occurrences(p.id);
    expect(rows).toHaveLength(31);
    rows.forEach((row, i) => {
      const day = String(i + 1).padStart(2, '0');
      expect(row).toEqual({
        start: iso(`2026-03-${day}T05:00:00Z`),
        end: iso(`2026-03-${day}T14:00:00Z`),
        deadline: iso(`2026-03-${day}T07:00:00Z`),
        status: 'pending',
      });
    });
  });

  it('WEEKLY on the selected weekdays only (0 = Sunday)', async () => {
    const p = await plan(newYork, { scheduleType: 'WEEKLY', days: [0, 3], startDate: '2026-03-01', endDate: '2026-03-31' });
    await materialise(newYork, '2026-02-27T12:00:00Z');
    const rows = await occurrences(p.id);
    // Sundays 1, 8, 15, 22, 29 and Wednesdays 4, 11, 18, 25 March 2026.
    expect(rows.map((r) => r.start)).toEqual(
      [
        '2026-03-01T13:00:00Z',
        '2026-03-04T13:00:00Z',
        '2026-03-08T12:00:00Z',
        '2026-03-11T12:00:00Z',
        '2026-03-15T12:00:00Z',
        '2026-03-18T12:00:00Z',
        '2026-03-22T12:00:00Z',
        '2026-03-25T12:00:00Z',
        '2026-03-29T12:00:00Z',
      ].map(iso),
    );
  });

  it('CUSTOM on the selected weekdays within the selected months', async () => {
    const p = await plan(riyadh, { scheduleType: 'CUSTOM', days: [1], months: [3, 4], startDate: '2026-02-01', endDate: '2026-04-30' });
    await materialise(riyadh, '2026-02-01T12:00:00Z', 100);
    const rows = await occurrences(p.id);
    // Mondays of March and April 2026; none in February.
    expect(rows.map((r) => r.start.slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
    ]);
  });

  it('ONCE on its start date only, on the day the clocks change', async () => {
    const p = await plan(newYork, {
      scheduleType: 'ONCE',
      startDate: '2026-03-08',
      endDate: '2026-03-20',
      startTime: '06:00',
      endTime: '24:00',
      deadlineAfter: 1,
      deadlineUnit: 'DAYS',
    });
    await materialise(newYork, '2026-03-01T12:00:00Z');
    expect(await occurrences(p.id)).toEqual([
      { start: iso('2026-03-08T10:00:00Z'), end: iso('2026-03-09T04:00:00Z'), deadline: iso('2026-03-09T10:00:00Z'), status: 'pending' },
    ]);
  });

  it('deadlines in days and months are calendar steps, in minutes and hours elapsed time', async () => {
    const days = await plan(newYork, { startDate: '2026-03-07', endDate: '2026-03-07', deadlineAfter: 1, deadlineUnit: 'DAYS' });
    const hours = await plan(newYork, { startDate: '2026-03-07', endDate: '2026-03-07', deadlineAfter: 24, deadlineUnit: 'HOURS' });
    const minutes = await plan(newYork, { startDate: '2026-03-07', endDate: '2026-03-07', deadlineAfter: 90, deadlineUnit: 'MINUTES' });
    const months = await plan(newYork, { startDate: '2026-01-31', endDate: '2026-01-31', deadlineAfter: 1, deadlineUnit: 'MONTHS' });
    await materialise(newYork, '2026-01-30T12:00:00Z', 60);
    // Saturday 08:00 EST + 1 day = Sunday 08:00 EDT, only 23 hours later.
    expect((await occurrences(days.id))[0].deadline).toBe(iso('2026-03-08T12:00:00Z'));
    expect((await occurrences(hours.id))[0].deadline).toBe(iso('2026-03-08T13:00:00Z'));
    expect((await occurrences(minutes.id))[0].deadline).toBe(iso('2026-03-07T14:30:00Z'));
    // 31 January + 1 month is the last day of February.
    expect((await occurrences(months.id))[0].deadline).toBe(iso('2026-02-28T13:00:00Z'));
  });
});

describe('the horizon and what is skipped', () => {
  it('keeps yesterday to today + H days in the business time zone, within the plan dates', async () => {
    const place = await placeIn('Asia/Riyadh');
    const open = await plan(place, { startDate: '2025-01-01', endDate: '2027-12-31' });
    // 22:30Z on 9 March is already 10 March in Riyadh: yesterday is the 9th, the horizon ends on the 24th.
    await materialise(place, '2026-03-09T22:30:00Z', 14);
    const rows = await occurrences(open.id);
    // Yesterday (the 9th) is looked at, but its deadline (07:00Z on the 9th) has passed: an
    // occurrence nobody could still do is not made.
    expect(rows).toHaveLength(15);
    expect(rows[0].start).toBe(iso('2026-03-10T05:00:00Z'));
    expect(rows[14].start).toBe(iso('2026-03-24T05:00:00Z'));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending']));
    // Never before the plan's start date, nor after its end date.
    const late = await plan(place, { startDate: '2026-03-20', endDate: '2026-03-22' });
    await materialise(place, '2026-03-09T22:30:00Z', 14);
    expect((await occurrences(late.id)).map((r) => r.start.slice(0, 10))).toEqual(['2026-03-20', '2026-03-21', '2026-03-22']);
  });

  it('skips occurrences whose deadline is not after scheduled_at, and those before active_from', async () => {
    const place = await placeIn('Asia/Riyadh');
    // Created on the 10th at 06:30 Riyadh: the 9th (deadline 10:00 on the 9th) is skipped, the 10th is still due.
    const fresh = await plan(place, { startDate: '2026-03-01', endDate: '2026-03-12', scheduledAt: new Date('2026-03-10T03:30:00Z') });
    const resumed = await plan(place, { startDate: '2026-03-01', endDate: '2026-03-12', activeFrom: '2026-03-11' });
    await materialise(place, '2026-03-10T03:30:00Z', 14);
    expect((await occurrences(fresh.id)).map((r) => r.start.slice(0, 10))).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect((await occurrences(resumed.id)).map((r) => r.start.slice(0, 10))).toEqual(['2026-03-11', '2026-03-12']);
  });

  it('skips paused and canceled plans, group rows, and members no longer in the site', async () => {
    const place = await placeIn('Asia/Riyadh');
    const paused = await plan(place, { paused: true });
    const canceled = await plan(place, { canceled: true });
    const group = await plan(place, { userId: null });
    const child = await plan(place, { parentId: group.id });
    const leaver = await addMember(t.app, place.owner);
    const left = await plan(place, { userId: leaver.userId });
    await materialise(place, '2026-03-05T12:00:00Z', 3);
    expect(await occurrences(paused.id)).toEqual([]);
    expect(await occurrences(canceled.id)).toEqual([]);
    expect(await occurrences(group.id)).toEqual([]);
    expect(await occurrences(left.id)).toEqual([]);
    // Tomorrow .. today + 3: at 15:00 in Riyadh the deadlines of yesterday and today have passed.
    expect(await occurrences(child.id)).toHaveLength(3);
    // A member placed again gets their plan's occurrences back on the next pass.
    await placeInSite(t.app, place.owner, place.teamId, leaver.userId);
    await materialise(place, '2026-03-05T12:00:00Z', 3);
    expect(await occurrences(left.id)).toHaveLength(3);
    await t.app.db.delete(teamMembers).where(and(eq(teamMembers.teamId, place.teamId), eq(teamMembers.userId, leaver.userId)));
  });

  it('materialises only the plans asked for; a group id stands for its members', async () => {
    const place = await placeIn('Asia/Riyadh');
    const group = await plan(place, { userId: null });
    const child = await plan(place, { parentId: group.id });
    const other = await plan(place, {});
    const created = await materialisePlans(t.app.db, {
      businessId: place.businessId,
      planIds: [group.id],
      now: new Date('2026-03-05T12:00:00Z'),
      horizonDays: 3,
    });
    expect(created).toBe(3);
    expect(await occurrences(child.id)).toHaveLength(3);
    expect(await occurrences(other.id)).toEqual([]);
  });
});

describe('a full pass', () => {
  it('marks open schedules missed once the deadline passes, and leaves done ones alone', async () => {
    const place = await placeIn('Asia/Riyadh');
    const p = await plan(place, { startDate: '2026-05-01', endDate: '2026-05-03', deadlineAfter: 2, deadlineUnit: 'HOURS' });
    await materialise(place, '2026-05-01T00:00:00Z', 5);
    const [first, second] = await t.app.db.select().from(schedules).where(eq(schedules.planId, p.id)).orderBy(asc(schedules.start));
    await t.app.db.update(schedules).set({ status: 'inProgress' }).where(eq(schedules.id, first.id));
    await t.app.db.update(schedules).set({ status: 'done' }).where(eq(schedules.id, second.id));

    // One minute before the first deadline (07:00Z) nothing is missed; at the deadline it is.
    await runScheduleEngine(t.app.db, { now: new Date('2026-05-01T06:59:00Z'), horizonDays: 5 });
    expect((await occurrences(p.id)).map((r) => r.status)).toEqual(['inProgress', 'done', 'pending']);
    const pass = await runScheduleEngine(t.app.db, { now: new Date('2026-05-03T07:00:00Z'), horizonDays: 5 });
    expect(pass.ran).toBe(true);
    expect(pass.missed).toBeGreaterThanOrEqual(2);
    expect((await occurrences(p.id)).map((r) => r.status)).toEqual(['missed', 'done', 'missed']);
  });

  it('is idempotent: a second pass creates nothing', async () => {
    const place = await placeIn('America/New_York');
    await plan(place, { startDate: '2026-06-01', endDate: '2026-06-30' });
    await plan(place, { scheduleType: 'WEEKLY', days: [1, 5], startDate: '2026-06-01', endDate: '2026-06-30' });
    const now = new Date('2026-06-10T12:00:00Z');
    const first = await runScheduleEngine(t.app.db, { now, horizonDays: 14 });
    expect(first.ran).toBe(true);
    expect(first.created).toBeGreaterThan(0);
    const countOf = async () => (await t.app.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.businessId, place.businessId))).length;
    const before = await countOf();
    // 10 June .. 24 June: 15 daily occurrences (9 June's deadline has passed), and Friday 12,
    // Monday 15, Friday 19 and Monday 22.
    expect(before).toBe(15 + 4);
    const second = await runScheduleEngine(t.app.db, { now, horizonDays: 14 });
    expect(second).toMatchObject({ ran: true, created: 0 });
    expect(await countOf()).toBe(before);
  });
});
