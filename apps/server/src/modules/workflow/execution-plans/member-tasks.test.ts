import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPlan, MemberProjectTasks } from '@fieldops/shared/plans';
import { projects } from '../../../db/schema.ts';
import { executionPlans } from '../../../db/schema-schedules.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { BASE, createWorld, localDate, planBody, type World } from './plan-test-kit.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let w: World;
let member: Caller;
let other: Caller;
let ids: { beta: number; alpha: number; east: number; cleaning: number; audit: number };

const tasksOf = (caller: Caller, userId: number) => caller.request({ method: 'GET', url: `${BASE}/v1/users/${userId}/tasks-by-project` });

/** The member's own plan within a group plan. */
async function memberPlanOf(group: ExecutionPlan, userId: number) {
  const [row] = await t.app.db
    .select()
    .from(executionPlans)
    .where(and(eq(executionPlans.parentId, group.id), eq(executionPlans.userId, userId)));
  return row;
}

async function createdPlan(values: Record<string, unknown>) {
  const res = await w.owner.request({ method: 'POST', url: `${BASE}/v1/execution-plans/assignType/GROUP/create`, payload: planBody(w, values) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExecutionPlan>();
}

beforeAll(async () => {
  t = await createTestApp();
  // Project "Beta" (the world's): North Gate and South Gate; project "Alpha": East Wing.
  w = await createWorld(t.app, 2);
  member = w.members[0];
  await t.app.db.update(projects).set({ name: 'Beta Mall' }).where(eq(projects.id, w.projectId));
  const alpha = await createProject(t.app, w.owner, { name: 'Alpha Towers' });
  const east = await createSite(t.app, w.owner, alpha.id, { name: 'East Wing' });
  await placeInSite(t.app, w.owner, w.otherSiteId, member.userId);
  await placeInSite(t.app, w.owner, east.id, member.userId);
  const cleaning = await createTask(t.app, w.owner, { nameEn: 'Cleaning round', nameAr: 'جولة التنظيف' });
  const audit = await createTask(t.app, w.owner, { nameEn: 'Fire audit', nameAr: null });
  ids = { beta: w.projectId, alpha: alpha.id, east: east.id, cleaning: cleaning.id, audit: audit.id };

  const tomorrow = { startDate: localDate(w.timeZone, 1), endDate: localDate(w.timeZone, 7) };
  // The world's task at North Gate for both members, starting tomorrow: upcoming, so still active.
  const north = await createdPlan({ ...tomorrow });
  // The same task at South Gate for the member alone, paused.
  const south = await createdPlan({ ...tomorrow, teamId: w.otherSiteId, userIds: [member.userId] });
  const paused = await w.owner.request({ method: 'PUT', url: `${BASE}/v1/execution-plans/${south.id}/switch-status`, payload: { paused: true } });
  expect(paused.statusCode, paused.body).toBe(200);
  // The cleaning round at East Wing, upcoming.
  await createdPlan({ ...tomorrow, taskId: cleaning.id, teamId: east.id, userIds: [member.userId] });

  // How the member's work went: at North Gate two done and one missed in the last days, one done
  // long ago (outside the period); at South Gate one open now.
  const businessId = w.owner.business.id;
  const northPlan = await memberPlanOf(north, member.userId);
  const southPlan = await memberPlanOf(south, member.userId);
  const at = (daysAgo: number) => {
    const start = new Date(Date.now() - daysAgo * DAY - 60 * 60 * 1000);
    return { start, end: new Date(start.getTime() + 2 * 60 * 60 * 1000), deadline: new Date(start.getTime() + 2 * 60 * 60 * 1000) };
  };
  const row = { businessId, taskId: w.taskId, teamId: w.siteId, userId: member.userId, planId: northPlan.id };
  await createScheduleRow(t.app.db, { ...row, ...at(2), status: 'done' });
  await createScheduleRow(t.app.db, { ...row, ...at(3), status: 'done' });
  await createScheduleRow(t.app.db, { ...row, ...at(4), status: 'missed' });
  await createScheduleRow(t.app.db, { ...row, ...at(40), status: 'done' });
  await createScheduleRow(t.app.db, { ...row, teamId: w.otherSiteId, planId: southPlan.id, start: new Date(Date.now() - 60 * 60 * 1000) });
  // The fire audit at East Wing: a one-off plan of long ago (completed) whose schedule, done, is recent.
  await createScheduleRow(t.app.db, { businessId, taskId: audit.id, teamId: east.id, userId: member.userId, ...at(1), status: 'done' });

  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('GET /v1/users/{userId}/tasks-by-project', () => {
  const everything = (): MemberProjectTasks[] => [
    {
      projectId: ids.alpha,
      projectName: 'Alpha Towers',
      tasks: [
        {
          taskId: ids.cleaning,
          taskNameEn: 'Cleaning round',
          taskNameAr: 'جولة التنظيف',
          sites: [{ id: ids.east, name: 'East Wing' }],
          plans: 1,
          activePlans: 1,
          done: 0,
          late: 0,
          missed: 0,
          open: 0,
          total: 0,
          completionRate: null,
        },
        {
          taskId: ids.audit,
          taskNameEn: 'Fire audit',
          taskNameAr: null,
          sites: [{ id: ids.east, name: 'East Wing' }],
          plans: 1,
          activePlans: 0,
          done: 1,
          late: 0,
          missed: 0,
          open: 0,
          total: 1,
          completionRate: 100,
        },
      ],
    },
    {
      projectId: ids.beta,
      projectName: 'Beta Mall',
      tasks: [
        {
          taskId: w.taskId,
          taskNameEn: expect.any(String),
          taskNameAr: null,
          sites: [
            { id: w.siteId, name: 'North Gate' },
            { id: w.otherSiteId, name: 'South Gate' },
          ],
          // Their own plans, not the group they share: the paused one brings no work.
          plans: 2,
          activePlans: 1,
          done: 2,
          late: 0,
          missed: 1,
          open: 1,
          total: 4,
          completionRate: 50,
        },
      ],
    },
  ];

  it("groups the member's tasks by project, with their sites, plans and the last 30 days' outcomes", async () => {
    const res = await tasksOf(w.owner, member.userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MemberProjectTasks[]>()).toEqual(everything());
    // Tasks of one project come by id; the fire audit was created after the cleaning round.
    expect(ids.cleaning).toBeLessThan(ids.audit);
  });

  it('shows the member the same of their own, a supervisor only their sites, another member nothing', async () => {
    expect((await tasksOf(member, member.userId)).json()).toEqual(everything());

    const supervisor = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    const seen = (await tasksOf(supervisor, member.userId)).json<MemberProjectTasks[]>();
    expect(seen).toEqual([
      {
        projectId: ids.beta,
        projectName: 'Beta Mall',
        tasks: [
          {
            taskId: w.taskId,
            taskNameEn: expect.any(String),
            taskNameAr: null,
            sites: [{ id: w.otherSiteId, name: 'South Gate' }],
            plans: 1,
            activePlans: 0,
            done: 0,
            late: 0,
            missed: 0,
            open: 1,
            total: 1,
            completionRate: 0,
          },
        ],
      },
    ]);

    const res = await tasksOf(w.members[1], member.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers an empty list for a member without tasks', async () => {
    const newcomer = await addMember(t.app, w.owner);
    const res = await tasksOf(w.owner, newcomer.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("refuses a bad id with 400, and another business's member or an unknown one with the same 404", async () => {
    const bad = await w.owner.request({ method: 'GET', url: `${BASE}/v1/users/abc/tasks-by-project` });
    expect(bad.statusCode).toBe(400);

    const foreign = await tasksOf(other, member.userId);
    const unknown = await tasksOf(other, 987_654_321);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(foreign.json<{ message: string }>().message).toBe(unknown.json<{ message: string }>().message);
    expect(foreign.body).not.toContain('Beta Mall');
    expect((await tasksOf(w.owner, other.userId)).statusCode).toBe(404);
  });
});
