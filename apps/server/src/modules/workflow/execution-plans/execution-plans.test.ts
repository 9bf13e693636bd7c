import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPlan, PlanWithChildren } from '@fieldops/shared/plans';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createPlan,
  createProject,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';
import { BASE, createWorld, localDate, planBody, planCount, planRows, schedulesOf, type World } from './plan-test-kit.ts';

let t: TestApp;
let w: World;
let other: Caller;
let foreign: { taskId: number; siteId: number; projectId: number; planId: number; userId: number };

const create = (caller: Caller, payload: Record<string, unknown>) =>
  caller.request({ method: 'POST', url: `${BASE}/v1/execution-plans/assignType/GROUP/create`, payload });
const created = async (caller: Caller, payload: Record<string, unknown>) => {
  const res = await create(caller, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExecutionPlan>();
};
const get = (caller: Caller, url: string) => caller.request({ method: 'GET', url: `${BASE}${url}` });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 3);
  other = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, other);
  const site = await createSite(t.app, other, project.id);
  const task = await createTask(t.app, other);
  const stranger = await addMember(t.app, other);
  await placeInSite(t.app, other, site.id, stranger.userId);
  const plan = await createPlan(other, { taskId: task.id, teamId: site.id, userIds: [stranger.userId] });
  foreign = { taskId: task.id, siteId: site.id, projectId: project.id, planId: plan.id, userId: stranger.userId };
});
afterAll(() => t.close());

describe('POST /v1/execution-plans/assignType/GROUP/create', () => {
  it('creates the group and one plan per member, and materialises their schedules at once', async () => {
    const res = await create(w.owner, planBody(w, { days: [], months: [] }));
    expect(res.statusCode).toBe(201);
    const plan = res.json<ExecutionPlan>();
    const names = w.members.map((m) => `Person ${m.username}`).sort();
    expect(plan).toMatchObject({
      parent: null,
      groupId: plan.id,
      userId: null,
      count: 3,
      taskId: w.taskId,
      teamId: w.siteId,
      teamName: 'North Gate',
      projectId: w.projectId,
      scheduleType: 'DAILY',
      startDate: localDate(w.timeZone),
      endDate: localDate(w.timeZone, 6),
      startTime: '06:00',
      endTime: '24:00',
      deadlineAfter: 1,
      deadlineUnit: 'DAYS',
      paused: false,
      status: 'RUNNING',
    });
    expect(plan.assignedMembers.map((m) => m.fullName)).toEqual(names);

    const rows = await planRows(t.app, plan.id);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => [r.parentId, r.userId, r.teamId])).toEqual(w.members.map((m) => [plan.id, m.userId, w.siteId]));
    // Today's schedule exists straight away, and the whole week after it: 7 days for 3 members.
    const made = await schedulesOf(t.app, [plan.id], w.timeZone);
    expect(made).toHaveLength(21);
    expect(made.filter((s) => s.day === localDate(w.timeZone))).toHaveLength(3);
    expect(made.every((s) => s.status === 'pending' && s.teamId === w.siteId)).toBe(true);
  });

  it('lets the supervisor of the site create a plan, and refuses members and supervisors of other sites', async () => {
    const supervisor = await addSupervisor(t.app, w.owner, [w.siteId]);
    const outsider = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    const before = await planCount(t.app, w.owner.business.id);
    expect((await create(w.members[0], planBody(w))).statusCode).toBe(403);
    expect((await create(outsider, planBody(w))).statusCode).toBe(403);
    expect(await planCount(t.app, w.owner.business.id)).toBe(before);
    expect((await create(supervisor, planBody(w, { userIds: [w.members[0].userId] }))).statusCode).toBe(201);
  });

  it('answers each validation message with its field, and creates nothing', async () => {
    const outside = await addMember(t.app, w.owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ userIds: [] }, 'userIds', 'Select at least one user'],
      [{ scheduleType: 'WEEKLY', days: [] }, 'days', 'Select at least one day'],
      [{ scheduleType: 'CUSTOM', days: [1], months: [] }, 'months', 'Select at least one month'],
      [{ endDate: null }, 'endDate', 'Select at least one date'],
      [{ endDate: localDate(w.timeZone, -1) }, 'endDate', 'The end must come after the start'],
      [{ startTime: '12:00', endTime: '09:00' }, 'endTime', 'The end must come after the start'],
      [{ startTime: '05:00' }, 'startTime', 'Invalid data'],
      [{ endTime: '24:30' }, 'endTime', 'Invalid data'],
      [{ days: [7] }, 'days.0', 'Too big: expected number to be <=6'],
      [{ userIds: [outside.userId] }, 'userIds', 'Every selected user must be a member of the site'],
      [{ userIds: [w.members[0].userId, w.members[0].userId] }, 'userIds', 'Each member can be listed only once'],
    ];
    const before = await planCount(t.app, w.owner.business.id);
    for (const [values, field, message] of cases) {
      const res = await create(w.owner, planBody(w, values));
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      if (field !== 'days.0') expect(res.json().message, JSON.stringify(values)).toBe(message);
      expect(
        res.json().fieldErrors.map((e: { field: string }) => e.field),
        JSON.stringify(values),
      ).toContain(field);
    }
    expect(await planCount(t.app, w.owner.business.id)).toBe(before);
  });

  it("answers 404 for another business's task or site, and 400 for its users; nothing is created", async () => {
    const before = await planCount(t.app, w.owner.business.id);
    const task = await create(w.owner, planBody(w, { taskId: foreign.taskId }));
    expect([task.statusCode, task.json().fieldErrors]).toEqual([404, [{ field: 'taskId', message: 'Task not found' }]]);
    const site = await create(w.owner, planBody(w, { teamId: foreign.siteId }));
    expect([site.statusCode, site.json().fieldErrors]).toEqual([404, [{ field: 'teamId', message: 'Site not found' }]]);
    const user = await create(w.owner, planBody(w, { userIds: [foreign.userId] }));
    expect([user.statusCode, user.json().fieldErrors[0].field]).toEqual([400, 'userIds']);
    expect(await planCount(t.app, w.owner.business.id)).toBe(before);
  });
});

describe('reading plans', () => {
  let group: ExecutionPlan;
  let lone: ExecutionPlan;

  beforeAll(async () => {
    group = await created(w.owner, planBody(w));
    lone = await created(w.owner, planBody(w, { userIds: [w.members[2].userId], scheduleType: 'WEEKLY', days: [1, 3] }));
  });

  it("lists a task's top-level plans newest first with X-Total-Count, and pages them", async () => {
    const res = await get(w.owner, `/v2/tasks/${w.taskId}/execution-plans`);
    expect(res.statusCode).toBe(200);
    const plans = res.json<ExecutionPlan[]>();
    expect(plans.every((p) => p.parent === null && p.userId === null)).toBe(true);
    expect(plans.slice(0, 2).map((p) => p.id)).toEqual([lone.id, group.id]);
    expect(Number(res.headers['x-total-count'])).toBe(plans.length);
    const second = await get(w.owner, `/v2/tasks/${w.taskId}/execution-plans?page=1&size=1`);
    expect(second.json<ExecutionPlan[]>().map((p) => p.id)).toEqual([group.id]);
    expect(second.headers['x-total-count']).toBe(res.headers['x-total-count']);
    expect((await get(w.owner, `/v2/tasks/${w.taskId}/execution-plans?status=LATER`)).statusCode).toBe(400);
  });

  it("lists a group's members' plans with their names", async () => {
    const res = await get(w.owner, `/v2/tasks/${w.taskId}/execution-plans/${group.id}/children`);
    expect(res.statusCode).toBe(200);
    const children = res.json<ExecutionPlan[]>();
    expect(children).toHaveLength(3);
    expect(children.every((c) => c.parent === group.id && c.groupId === group.id && c.count === 1)).toBe(true);
    expect(children.map((c) => c.assignedMembers[0].fullName)).toEqual(w.members.map((m) => `Person ${m.username}`).sort());
    expect(res.headers['x-total-count']).toBe('3');
    // The group must belong to the task in the path.
    const otherTask = await createTask(t.app, w.owner);
    expect((await get(w.owner, `/v2/tasks/${otherTask.id}/execution-plans/${group.id}/children`)).statusCode).toBe(404);
    expect((await get(w.owner, `/v2/tasks/${w.taskId}/execution-plans/${children[0].id}/children`)).statusCode).toBe(404);
  });

  it('reads one plan (v1) and one plan with its members (v2)', async () => {
    const v1 = await get(w.owner, `/v1/execution-plans/${group.id}`);
    expect(v1.json<ExecutionPlan>()).toMatchObject({ id: group.id, count: 3, taskNameEn: expect.any(String) });
    const v2 = await get(w.owner, `/v2/execution-plans/${group.id}`);
    const body = v2.json<PlanWithChildren>();
    expect(body.children.map((c) => c.parent)).toEqual([group.id, group.id, group.id]);
    const child = body.children[0];
    expect((await get(w.owner, `/v2/execution-plans/${child.id}`)).json<PlanWithChildren>()).toMatchObject({ id: child.id, parent: group.id, children: [] });
  });

  it("lists a member's plans in a site, a site's plans of a project, and a member's plans of a task", async () => {
    const member = w.members[2];
    const inSite = await get(w.owner, `/v1/execution-plans/teams/${w.siteId}/users/${member.userId}`);
    expect(inSite.statusCode).toBe(200);
    const mine = inSite.json<ExecutionPlan[]>();
    expect(mine.every((p) => p.userId === member.userId && p.teamId === w.siteId)).toBe(true);
    expect(mine.map((p) => p.parent)).toEqual(expect.arrayContaining([group.id, lone.id]));

    const site = await get(w.owner, `/v1/execution-plans/projects/${w.projectId}/teams/${w.siteId}`);
    expect(site.json<ExecutionPlan[]>().map((p) => p.id)).toEqual(expect.arrayContaining([group.id, lone.id]));
    expect(site.json<ExecutionPlan[]>().every((p) => p.parent === null)).toBe(true);
    const otherProject = await createProject(t.app, w.owner);
    expect((await get(w.owner, `/v1/execution-plans/projects/${otherProject.id}/teams/${w.siteId}`)).statusCode).toBe(404);

    const byTask = await get(w.owner, `/v1/users/${member.userId}/execution-plans?taskId=${w.taskId}`);
    expect(byTask.json<ExecutionPlan[]>().every((p) => p.userId === member.userId && p.taskId === w.taskId)).toBe(true);
    expect(Number(byTask.headers['x-total-count'])).toBe(mine.length);
  });

  it("answers 404 for another business's ids on every read", async () => {
    const urls = [
      `/v2/tasks/${foreign.taskId}/execution-plans`,
      `/v2/tasks/${foreign.taskId}/execution-plans/${foreign.planId}/children`,
      `/v2/tasks/${w.taskId}/execution-plans/${foreign.planId}/children`,
      `/v1/execution-plans/${foreign.planId}`,
      `/v2/execution-plans/${foreign.planId}`,
      `/v1/execution-plans/teams/${foreign.siteId}/users/${foreign.userId}`,
      `/v1/execution-plans/teams/${w.siteId}/users/${foreign.userId}`,
      `/v1/execution-plans/projects/${foreign.projectId}/teams/${foreign.siteId}`,
      `/v1/execution-plans/projects/${w.projectId}/teams/${foreign.siteId}`,
      `/v1/users/${foreign.userId}/execution-plans`,
      `/v1/users/${w.members[0].userId}/execution-plans?taskId=${foreign.taskId}`,
    ];
    for (const url of urls) {
      const res = await get(w.owner, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/not found|not in this project/);
    }
  });

  it('lets a member read only their own plans and the groups they belong to', async () => {
    const member = w.members[0];
    const own = (await get(w.owner, `/v2/execution-plans/${group.id}`)).json<PlanWithChildren>().children.find((c) => c.userId === member.userId)!;
    const sibling = (await get(w.owner, `/v2/execution-plans/${group.id}`)).json<PlanWithChildren>().children.find((c) => c.userId !== member.userId)!;
    expect((await get(member, `/v1/execution-plans/${own.id}`)).statusCode).toBe(200);
    expect((await get(member, `/v1/execution-plans/${sibling.id}`)).statusCode).toBe(404);
    expect((await get(member, `/v1/execution-plans/${lone.id}`)).statusCode).toBe(404);
    const list = (await get(member, `/v2/tasks/${w.taskId}/execution-plans`)).json<ExecutionPlan[]>();
    expect(list.map((p) => p.id)).toContain(group.id);
    expect(list.map((p) => p.id)).not.toContain(lone.id);
    const children = (await get(member, `/v2/tasks/${w.taskId}/execution-plans/${group.id}/children`)).json<ExecutionPlan[]>();
    expect(children.map((c) => c.id)).toEqual([own.id]);
    const others = await get(member, `/v1/execution-plans/teams/${w.siteId}/users/${w.members[2].userId}`);
    expect([others.statusCode, others.json()]).toEqual([200, []]);
  });

  it('lets a supervisor read the plans of their sites only', async () => {
    const elsewhere = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    expect((await get(elsewhere, `/v1/execution-plans/${group.id}`)).statusCode).toBe(404);
    const here = await addSupervisor(t.app, w.owner, [w.siteId]);
    expect((await get(here, `/v1/execution-plans/${group.id}`)).statusCode).toBe(200);
  });
});
