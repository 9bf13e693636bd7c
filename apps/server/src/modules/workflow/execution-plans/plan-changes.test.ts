import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPlan, PlanWithChildren } from '@fieldops/shared/plans';
import { executionPlans } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addSupervisor,
  createBusinessWithOwner,
  createPlan,
  createProject,
  createSite,
  createTask,
  addMember,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';
import { runScheduleEngine } from '../schedule-engine/schedule-engine.ts';
import { answer, BASE, createWorld, localDate, planBody, planRows, schedulesOf, type World } from './plan-test-kit.ts';

let t: TestApp;
let w: World;
let foreignPlanId: number;

const create = async (payload: Record<string, unknown>) => {
  const res = await w.owner.request({ method: 'POST', url: `${BASE}/v1/execution-plans/assignType/GROUP/create`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExecutionPlan>();
};
const put = (caller: Caller, url: string, payload?: Record<string, unknown>) =>
  caller.request({ method: 'PUT', url: `${BASE}${url}`, ...(payload ? { payload } : {}) });
const childrenOf = async (groupId: number) =>
  (await w.owner.request({ method: 'GET', url: `${BASE}/v2/execution-plans/${groupId}` })).json<PlanWithChildren>().children;
const days = (rows: { day: string }[]) => [...new Set(rows.map((r) => r.day))];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 2);
  const other = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, other);
  const site = await createSite(t.app, other, project.id);
  const stranger = await addMember(t.app, other);
  await placeInSite(t.app, other, site.id, stranger.userId);
  const task = await createTask(t.app, other);
  foreignPlanId = (await createPlan(other, { taskId: task.id, teamId: site.id, userIds: [stranger.userId] })).id;
});
afterAll(() => t.close());

describe('PUT /v2/execution-plans/{id}', () => {
  it('changes the schedule of the group and its members, replacing only future schedules without answers', async () => {
    const plan = await create(planBody(w, { startTime: '06:00', endTime: '24:00' }));
    const before = await schedulesOf(t.app, [plan.id], w.timeZone);
    const tomorrow = before.find((s) => s.day === localDate(w.timeZone, 1))!;
    await answer(t.app, w.owner, tomorrow.id);

    const res = await put(
      w.owner,
      `/v2/execution-plans/${plan.id}`,
      planBody(w, { scheduleType: 'WEEKLY', days: [0, 1, 2, 3, 4, 5, 6], startTime: '18:00', endTime: '22:00', deadlineAfter: 3, deadlineUnit: 'HOURS' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlanWithChildren>()).toMatchObject({ id: plan.id, scheduleType: 'WEEKLY', startTime: '18:00', endTime: '22:00', deadlineUnit: 'HOURS' });
    expect(res.json<PlanWithChildren>().children.every((c) => c.scheduleType === 'WEEKLY' && c.startTime === '18:00')).toBe(true);
    expect((await planRows(t.app, plan.id)).every((r) => r.scheduleType === 'WEEKLY' && r.deadlineAfter === 3)).toBe(true);

    const after = await schedulesOf(t.app, [plan.id], w.timeZone);
    const isToday = (s: { day: string }) => s.day === localDate(w.timeZone);
    // Today's 06:00 schedules had started: they stay, and today's 18:00 ones (still ahead) join them.
    const todayBefore = before.filter(isToday).map((s) => s.id);
    expect(after.filter(isToday).map((s) => s.id)).toEqual(expect.arrayContaining(todayBefore));
    expect(after.filter(isToday)).toHaveLength(todayBefore.length + 2);
    // The answered schedule stays as it was.
    expect(after.find((s) => s.id === tomorrow.id)).toMatchObject({ start: tomorrow.start });
    // Every other future schedule was replaced: 18:00 to 22:00 with a 3-hour deadline, 6 days for 2 members.
    const replaced = after.filter((s) => s.day > localDate(w.timeZone) && s.id !== tomorrow.id);
    expect(replaced).toHaveLength(12);
    for (const s of replaced) expect([s.end.getTime() - s.start.getTime(), s.deadline.getTime() - s.start.getTime()]).toEqual([4 * 3600_000, 3 * 3600_000]);
    expect(before.filter((s) => s.day > localDate(w.timeZone) && s.id !== tomorrow.id).some((s) => after.some((a) => a.id === s.id))).toBe(false);
  });

  it("refuses a group's member plan (409), bad input (400), members (403) and another business's plan (404); nothing changes", async () => {
    const plan = await create(planBody(w));
    const [child] = await childrenOf(plan.id);
    const rowsBefore = await planRows(t.app, plan.id);
    const schedulesBefore = (await schedulesOf(t.app, [plan.id], w.timeZone)).map((s) => s.id);

    const memberPlan = await put(w.owner, `/v2/execution-plans/${child.id}`, planBody(w, { startTime: '07:00' }));
    expect([memberPlan.statusCode, memberPlan.json().message]).toEqual([409, "This is a member's plan; change it through its group"]);
    const bad = await put(w.owner, `/v2/execution-plans/${plan.id}`, planBody(w, { scheduleType: 'CUSTOM', days: [1], months: [] }));
    expect([bad.statusCode, bad.json().fieldErrors[0]]).toEqual([400, { field: 'months', message: 'Select at least one month' }]);
    expect((await put(w.members[0], `/v2/execution-plans/${plan.id}`, planBody(w, { startTime: '07:00' }))).statusCode).toBe(403);
    const outsider = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    expect((await put(outsider, `/v2/execution-plans/${plan.id}`, planBody(w, { startTime: '07:00' }))).statusCode).toBe(403);
    expect((await put(w.owner, `/v2/execution-plans/${foreignPlanId}`, planBody(w))).statusCode).toBe(404);

    expect(await planRows(t.app, plan.id)).toEqual(rowsBefore);
    expect((await schedulesOf(t.app, [plan.id], w.timeZone)).map((s) => s.id)).toEqual(schedulesBefore);
  });
});

describe('PUT /v1/execution-plans/{id} (working hours)', () => {
  it("changes one member's plan only and re-materialises its future schedules", async () => {
    const plan = await create(planBody(w));
    const [child, sibling] = await childrenOf(plan.id);
    const siblingBefore = (await schedulesOf(t.app, [sibling.id], w.timeZone)).map((s) => s.id);
    const res = await put(w.owner, `/v1/execution-plans/${child.id}`, { startTime: '14:00', endTime: '18:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ExecutionPlan>()).toMatchObject({ id: child.id, startTime: '14:00', endTime: '18:00', parent: plan.id });
    const rows = await schedulesOf(t.app, [child.id], w.timeZone);
    // Today 14:00 is still ahead (it is about noon): today's 06:00 schedule stays and today's 14:00 one joins it.
    expect(rows.filter((s) => s.day === localDate(w.timeZone))).toHaveLength(2);
    expect(rows.filter((s) => s.day > localDate(w.timeZone))).toHaveLength(6);
    const hourOf = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: w.timeZone, hour: '2-digit', minute: '2-digit' }).format(d);
    expect(rows.filter((s) => s.day > localDate(w.timeZone)).every((s) => hourOf(s.start) === '14:00' && hourOf(s.end) === '18:00')).toBe(true);
    expect((await schedulesOf(t.app, [sibling.id], w.timeZone)).map((s) => s.id)).toEqual(siblingBefore);
    const [groupRow] = await t.app.db.select().from(executionPlans).where(eq(executionPlans.id, plan.id));
    expect(groupRow.startTime).toBe('06:00');
  });

  it("applies a group's hours to its members, and checks the order of the hours", async () => {
    const plan = await create(planBody(w));
    const res = await put(w.owner, `/v1/execution-plans/${plan.id}`, { startTime: '08:00', endTime: '12:00' });
    expect(res.statusCode).toBe(200);
    expect((await planRows(t.app, plan.id)).map((r) => `${r.startTime}-${r.endTime}`)).toEqual(['08:00-12:00', '08:00-12:00', '08:00-12:00']);
    const bad = await put(w.owner, `/v1/execution-plans/${plan.id}`, { startTime: '12:00', endTime: '08:00' });
    expect([bad.statusCode, bad.json().fieldErrors[0]]).toEqual([400, { field: 'endTime', message: 'The end must come after the start' }]);
    expect((await put(w.owner, `/v1/execution-plans/${foreignPlanId}`, { startTime: '08:00', endTime: '12:00' })).statusCode).toBe(404);
    expect((await put(w.members[0], `/v1/execution-plans/${plan.id}`, { startTime: '08:00', endTime: '12:00' })).statusCode).toBe(403);
    expect((await planRows(t.app, plan.id)).every((r) => r.startTime === '08:00')).toBe(true);
  });
});

describe('PUT /v1/execution-plans/{id}/switch-status', () => {
  it("pauses: today's and future unanswered schedules go, answered ones stay, and the engine makes no new ones", async () => {
    const plan = await create(planBody(w, { startDate: localDate(w.timeZone, -2) }));
    // Started two days ago, but a new plan never starts with missed work: the first schedules are today's.
    const before = await schedulesOf(t.app, [plan.id], w.timeZone);
    expect(days(before)[0]).toBe(localDate(w.timeZone));
    const todays = before.filter((s) => s.day === localDate(w.timeZone));
    await answer(t.app, w.owner, todays[0].id);

    const res = await put(w.owner, `/v1/execution-plans/${plan.id}/switch-status`, { paused: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ExecutionPlan>()).toMatchObject({ paused: true, status: 'PAUSED' });
    expect((await planRows(t.app, plan.id)).every((r) => r.paused)).toBe(true);
    const after = await schedulesOf(t.app, [plan.id], w.timeZone);
    expect(after.map((s) => s.id)).toEqual([todays[0].id]);

    const pass = await runScheduleEngine(t.app.db);
    expect(pass.ran).toBe(true);
    expect((await schedulesOf(t.app, [plan.id], w.timeZone)).map((s) => s.id)).toEqual([todays[0].id]);
  });

  it('resumes from tomorrow: nothing of today comes back', async () => {
    const plan = await create(planBody(w));
    await put(w.owner, `/v1/execution-plans/${plan.id}/switch-status`, { paused: true });
    expect(await schedulesOf(t.app, [plan.id], w.timeZone)).toEqual([]);
    // Without a body the state toggles.
    const res = await put(w.owner, `/v1/execution-plans/${plan.id}/switch-status`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ExecutionPlan>().paused).toBe(false);
    const rows = await planRows(t.app, plan.id);
    expect(rows.every((r) => !r.paused && r.activeFrom === localDate(w.timeZone, 1))).toBe(true);
    const back = await schedulesOf(t.app, [plan.id], w.timeZone);
    expect(days(back)).toEqual([1, 2, 3, 4, 5, 6].map((d) => localDate(w.timeZone, d)));
    expect(back).toHaveLength(12);
    await runScheduleEngine(t.app.db);
    expect(await schedulesOf(t.app, [plan.id], w.timeZone)).toHaveLength(12);
  });

  it("pauses one member's plan alone; members and other businesses are refused", async () => {
    const plan = await create(planBody(w));
    const [child, sibling] = await childrenOf(plan.id);
    expect((await put(w.members[0], `/v1/execution-plans/${child.id}/switch-status`, { paused: true })).statusCode).toBe(403);
    expect((await put(w.owner, `/v1/execution-plans/${foreignPlanId}/switch-status`, { paused: true })).statusCode).toBe(404);
    expect((await put(w.owner, `/v1/execution-plans/${plan.id}/switch-status`, { paused: 'yes' })).statusCode).toBe(400);
    expect(await schedulesOf(t.app, [child.id], w.timeZone)).toHaveLength(7);

    const res = await put(w.owner, `/v1/execution-plans/${child.id}/switch-status`, { paused: true });
    expect(res.json<ExecutionPlan>()).toMatchObject({ id: child.id, paused: true });
    expect(await schedulesOf(t.app, [child.id], w.timeZone)).toEqual([]);
    expect(await schedulesOf(t.app, [sibling.id], w.timeZone)).toHaveLength(7);
    expect((await planRows(t.app, plan.id)).map((r) => r.paused)).toEqual([false, true, false]);
  });
});
