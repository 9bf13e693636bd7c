// A plan's grace window (drizzle/0031): a schedule keeps its on-time deadline in `dueAt` and
// takes answers until `deadline` (the deadline plus the grace); work finished in between is late,
// a status of its own, which every report counts apart from done and missed (the rollups too).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GRACE_MINUTES } from '@fieldops/shared/limits';
import type { BusinessStats } from '@fieldops/shared/reports';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import type { Schedule } from '@fieldops/shared/schedules';
import { rowsOf } from '../../../db/client.ts';
import { schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { INSIDE, handedOver, memberAtSite, submit, scheduled as scheduledTask, statusOf as scheduleStatus } from '../../../test/answer-test-kit.ts';
import { createAction, createPlan, createTask, type Caller } from '../../../test/factories.ts';
import { runScheduleEngine } from '../schedule-engine/schedule-engine.ts';
import { MARCH, get as reportGet, many, memberIn, placeSchedules, reportBusiness } from '../reports/report-test-kit.ts';

const API = '/services/workflow/api/v1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;

const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);
const statusOf = async (scheduleId: number) => (await scheduleStatus(t.app.db, scheduleId)).status;
const scheduled = (options: Parameters<typeof scheduledTask>[3] = {}) => scheduledTask({ t, owner, siteId }, member, [{ required: true }], options);
const answer = (scheduleId: number, actionId: number, extra: Record<string, string> = {}) =>
  submit(member, { scheduleId: String(scheduleId), actionId: String(actionId), value: '"YES"', ...INSIDE, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
});
afterAll(() => t.close());

describe('answers in the grace window', () => {
  it('makes a schedule finished after its on-time deadline, before it closes, late', async () => {
    const { actions, schedule } = await scheduled({ schedule: { start: ago(2 * HOUR), dueAt: ago(10 * MINUTE), deadline: later(20 * MINUTE) } });
    const res = await answer(schedule.id, actions[0].id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().schedule).toMatchObject({ status: 'late', dueAt: schedule.dueAt!.toISOString(), deadline: schedule.deadline.toISOString() });
    expect(await statusOf(schedule.id)).toBe('late');
  });

  it('keeps a schedule finished before its on-time deadline done, grace or not', async () => {
    const { actions, schedule } = await scheduled({ schedule: { start: ago(HOUR), dueAt: later(10 * MINUTE), deadline: later(40 * MINUTE) } });
    expect((await answer(schedule.id, actions[0].id)).json().schedule.status).toBe('done');
  });

  it('judges a late delivery on its capture: captured before the on-time deadline is done, after it late', async () => {
    const onTime = await scheduled({ schedule: { start: ago(3 * HOUR), dueAt: ago(HOUR), deadline: later(HOUR) } });
    await handedOver(t.app.db, onTime.schedule, ago(4 * HOUR));
    const first = await answer(onTime.schedule.id, onTime.actions[0].id, { capturedAt: ago(2 * HOUR).toISOString() });
    expect(first.statusCode, first.body).toBe(201);
    expect(await statusOf(onTime.schedule.id)).toBe('done');

    const inGrace = await scheduled({ schedule: { start: ago(3 * HOUR), dueAt: ago(HOUR), deadline: later(HOUR) } });
    await handedOver(t.app.db, inGrace.schedule, ago(4 * HOUR));
    await answer(inGrace.schedule.id, inGrace.actions[0].id, { capturedAt: ago(30 * MINUTE).toISOString() });
    expect(await statusOf(inGrace.schedule.id)).toBe('late');
  });

  it('still refuses answers once the grace is over, and the engine marks the schedule missed then, not before', async () => {
    const open = await scheduled({ schedule: { start: ago(3 * HOUR), dueAt: ago(HOUR), deadline: later(HOUR) } });
    const closed = await scheduled({ schedule: { start: ago(3 * HOUR), dueAt: ago(2 * HOUR), deadline: ago(MINUTE) } });
    const refused = await answer(closed.schedule.id, closed.actions[0].id);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/problem\+json/);
    await runScheduleEngine(t.app.db);
    expect(await statusOf(open.schedule.id)).toBe('pending');
    expect(await statusOf(closed.schedule.id)).toBe('missed');
  });

  it('shows the late tab its schedules only, and counts them apart in the tracker', async () => {
    const own = await memberAtSite(t.app);
    const place = { t, owner: own.owner, siteId: own.siteId };
    const lateOne = await scheduledTask(place, own.member, [{ required: true }], { schedule: { start: ago(HOUR), dueAt: ago(MINUTE), deadline: later(HOUR) } });
    const doneOne = await scheduledTask(place, own.member, [{ required: true }], { schedule: { start: ago(HOUR), deadline: later(HOUR) } });
    for (const { schedule, actions } of [lateOne, doneOne]) {
      const res = await submit(own.member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = await own.member.request({ method: 'GET', url: `/services/workflow/api/schedules/user-schedules?status=late` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Schedule[]>().map((s) => s.id)).toEqual([lateOne.schedule.id]);
    const kpis = await own.member.request({ method: 'GET', url: `/services/workflow/api/schedules/kpis` });
    expect(kpis.json()).toMatchObject({ done: 1, late: 1, total: 2, completionRate: 50 });
  });
});

describe('a plan with grace', () => {
  it('keeps the grace, and its schedules are due at the deadline and close the grace after it', async () => {
    const task = await createTask(t.app, owner);
    await createAction(t.app, owner, task.id);
    const plan = await createPlan(owner, {
      taskId: task.id,
      teamId: siteId,
      userIds: [member.userId],
      graceMinutes: 45,
      deadlineAfter: 2,
      deadlineUnit: 'HOURS',
    });
    const read = await owner.request({ method: 'GET', url: `/services/workflow/api/v2/execution-plans/${plan.id}` });
    expect(read.json<ExecutionPlan>().graceMinutes).toBe(45);
    const rows = await t.app.db.select().from(schedules).where(eq(schedules.taskId, task.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.dueAt!.getTime() - row.start.getTime()).toBe(2 * HOUR);
      expect(row.deadline.getTime() - row.dueAt!.getTime()).toBe(45 * MINUTE);
    }
  });

  it('makes schedules without grace with no on-time deadline of their own', async () => {
    const task = await createTask(t.app, owner);
    const plan = await createPlan(owner, { taskId: task.id, teamId: siteId, userIds: [member.userId] });
    expect(plan.graceMinutes).toBe(0);
    const rows = await t.app.db.select().from(schedules).where(eq(schedules.taskId, task.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.dueAt === null)).toBe(true);
  });

  it.each([
    ['negative', -1],
    ['over a day', MAX_GRACE_MINUTES + 1],
    ['not whole', 2.5],
    ['not a number', 'soon'],
  ])('refuses a grace that is %s with a 400 problem on the field, and makes no plan', async (_, graceMinutes) => {
    const task = await createTask(t.app, owner);
    const res = await owner.request({
      method: 'POST',
      url: `${API}/execution-plans/assignType/GROUP/create`,
      payload: {
        taskId: task.id,
        teamId: siteId,
        userIds: [member.userId],
        scheduleType: 'ONCE',
        startDate: new Date().toISOString().slice(0, 10),
        startTime: '06:00',
        endTime: '24:00',
        deadlineAfter: 1,
        deadlineUnit: 'DAYS',
        graceMinutes,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(JSON.stringify(res.json())).toContain('graceMinutes');
    const made = rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from execution_plans where task_id = ${task.id}`));
    expect(made[0]?.n).toBe(0);
  });
});

describe('late in the reports', () => {
  it('counts late schedules apart from done and missed, out of the completion rate, in the stats and the rollups alike', async () => {
    const place = await reportBusiness(t);
    const m = await memberIn(place);
    await placeSchedules(place, [
      ...many(m.userId, '2024-03-05', 'done', 2),
      ...many(m.userId, '2024-03-06', 'late', 3),
      ...many(m.userId, '2024-03-07', 'missed', 1),
    ]);
    const res = await reportGet(place.owner, `/business/${place.businessId}/stats?${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BusinessStats>().schedules).toMatchObject({ done: 2, late: 3, missed: 1, total: 6, completionRate: 33.3 });
    // A member's KPI row reads the member rollups (month to date and changes).
    const kpi = await reportGet(place.owner, `/members/kpi?${MARCH}&best=true`);
    expect(kpi.statusCode, kpi.body).toBe(200);
    expect(kpi.json<{ id: number; late: number; done: number }[]>().find((row) => row.id === m.userId)).toMatchObject({ done: 2, late: 3 });
    // The rollups agree with a recount from the schedules, after a late one is done again and after a rebuild.
    const recount = async () => {
      const [counted] = rowsOf<{ site: number; member: number; rows: number }>(
        await t.app.db.execute(sql`select
          (select coalesce(sum(late), 0)::int from report_schedules_by_site where business_id = ${place.businessId} and grain = 'M') as site,
          (select coalesce(sum(late), 0)::int from report_schedules_by_member where business_id = ${place.businessId}) as member,
          (select count(*)::int from schedules where business_id = ${place.businessId} and status = 'late') as rows`),
      );
      return counted;
    };
    expect(await recount()).toEqual({ site: 3, member: 3, rows: 3 });
    await t.app.db.execute(
      sql`update schedules set status = 'done' where id = (select min(id) from schedules where business_id = ${place.businessId} and status = 'late')`,
    );
    expect(await recount()).toEqual({ site: 2, member: 2, rows: 2 });
    await t.app.db.execute(sql`select report_rollups_rebuild(${place.businessId})`);
    expect(await recount()).toEqual({ site: 2, member: 2, rows: 2 });
  });
});
