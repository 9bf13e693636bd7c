import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPlan, PlanWithChildren } from '@fieldops/shared/plans';
import { teamMembers, teams } from '../../../db/schema.ts';
import { actionResults, executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import {
  addMember,
  addSupervisor,
  createAction,
  createPlan,
  createProject,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let projectA: number;
let projectB: number;
let siteA: number;
let siteB: number;
let siteC: number;
let foreignProject: number;
let foreignSite: number;

const placementsOf = (userId: number) =>
  t.app.db
    .select({ teamId: teamMembers.teamId, authority: teamMembers.authority, position: teamMembers.position })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .orderBy(teamMembers.teamId);
const projectOf = async (siteId: number) => (await t.app.db.select().from(teams).where(eq(teams.id, siteId)))[0].projectId;
const transfer = (caller: Caller, from: number, userId: number, payload: Record<string, unknown>) =>
  caller.request({ method: 'POST', url: `/api/v1/teams/${from}/users/${userId}/transfer`, payload });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
  projectA = (await createProject(t.app, owner, { name: 'Towers' })).id;
  projectB = (await createProject(t.app, owner, { name: 'Mall' })).id;
  siteA = (await createSite(t.app, owner, projectA)).id;
  siteB = (await createSite(t.app, owner, projectA)).id;
  siteC = (await createSite(t.app, owner, projectB)).id;
  supervisor = await addSupervisor(t.app, owner, [siteA, siteB]);
  foreignProject = (await createProject(t.app, other)).id;
  foreignSite = (await createSite(t.app, other, foreignProject)).id;
});
afterAll(() => t.close());

describe('POST /api/v1/teams/{teamId}/users/{userId}/transfer', () => {
  it('moves the member to the target site keeping authority and position', async () => {
    const moving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId, 'SUPERVISOR');
    const res = await transfer(owner, siteA, moving.userId, { executionPlanIds: [], toTeamId: siteC });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: moving.userId, teamId: siteC, authority: 'SUPERVISOR', position: 'Guard', businessId: owner.business.id });
    expect(await placementsOf(moving.userId)).toEqual([{ teamId: siteC, authority: 'SUPERVISOR', position: 'Guard' }]);
  });

  it('refuses execution plans it does not know, and changes nothing', async () => {
    const moving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId);
    const res = await transfer(owner, siteA, moving.userId, { executionPlanIds: [42], toTeamId: siteB });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Execution plan not found');
    expect(res.json().fieldErrors[0].field).toBe('executionPlanIds');
    expect(await placementsOf(moving.userId)).toEqual([{ teamId: siteA, authority: 'MEMBER', position: 'Guard' }]);
  });

  it('refuses a member not in the source site, the same site, a member already in the target and bad input', async () => {
    const moving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId);
    await placeInSite(t.app, owner, siteB, moving.userId);
    const before = await placementsOf(moving.userId);

    const notThere = await transfer(owner, siteC, moving.userId, { toTeamId: siteA });
    expect([notThere.statusCode, notThere.json().message]).toEqual([404, 'This member is not in the site']);
    const same = await transfer(owner, siteA, moving.userId, { toTeamId: siteA });
    expect([same.statusCode, same.json().message, same.json().fieldErrors[0].field]).toEqual([400, 'Choose a different site to transfer to', 'toTeamId']);
    const already = await transfer(owner, siteA, moving.userId, { toTeamId: siteB });
    expect([already.statusCode, already.json().message]).toEqual([409, 'This member is already in the target site']);
    for (const payload of [{}, { toTeamId: 'x' }, { toTeamId: siteC, executionPlanIds: 'all' }]) {
      const bad = await transfer(owner, siteA, moving.userId, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().fieldErrors[0].field).toMatch(/toTeamId|executionPlanIds/);
    }
    expect(await placementsOf(moving.userId)).toEqual(before);
  });

  it("answers 404 for another business's sites and members; nothing moves", async () => {
    const moving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId);
    const toForeign = await transfer(owner, siteA, moving.userId, { toTeamId: foreignSite });
    expect(toForeign.statusCode).toBe(404);
    expect(toForeign.json().fieldErrors).toEqual([{ field: 'toTeamId', message: 'Site not found' }]);
    expect((await transfer(owner, foreignSite, other.userId, { toTeamId: siteA })).statusCode).toBe(404);
    await placeInSite(t.app, other, foreignSite, other.userId);
    expect((await transfer(owner, siteA, other.userId, { toTeamId: siteB })).statusCode).toBe(404);
    expect(await placementsOf(moving.userId)).toEqual([{ teamId: siteA, authority: 'MEMBER', position: 'Guard' }]);
    expect(await placementsOf(other.userId)).toEqual([{ teamId: foreignSite, authority: 'MEMBER', position: 'Guard' }]);
  });

  it('lets a supervisor move members between two sites they supervise only; members may not', async () => {
    const moving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId);
    expect((await transfer(member, siteA, moving.userId, { toTeamId: siteB })).statusCode).toBe(403);
    expect((await transfer(supervisor, siteA, moving.userId, { toTeamId: siteC })).statusCode).toBe(403);
    expect(await placementsOf(moving.userId)).toEqual([{ teamId: siteA, authority: 'MEMBER', position: 'Guard' }]);
    const ok = await transfer(supervisor, siteA, moving.userId, { toTeamId: siteB });
    expect(ok.statusCode).toBe(200);
    expect(await placementsOf(moving.userId)).toEqual([{ teamId: siteB, authority: 'MEMBER', position: 'Guard' }]);
  });
});

describe('carrying execution plans with a member', () => {
  const WORKFLOW = '/services/workflow/api';
  const planRow = async (id: number) => (await t.app.db.select().from(executionPlans).where(eq(executionPlans.id, id)))[0];
  const schedulesOf = (planId: number) => t.app.db.select().from(schedules).where(eq(schedules.planId, planId)).orderBy(asc(schedules.start));
  const childOf = async (groupId: number, userId: number) =>
    (await owner.request({ method: 'GET', url: `${WORKFLOW}/v2/execution-plans/${groupId}` }))
      .json<PlanWithChildren>()
      .children.find((c) => c.userId === userId)!;

  /** A member in site A with two group plans shared with a colleague who stays. */
  async function memberWithPlans() {
    const moving = await addMember(t.app, owner, 'MEMBER');
    const staying = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId);
    await placeInSite(t.app, owner, siteA, staying.userId);
    const task = await createTask(t.app, owner);
    const carriedGroup = await createPlan(owner, { taskId: task.id, teamId: siteA, userIds: [moving.userId, staying.userId] });
    const leftGroup = await createPlan(owner, { taskId: task.id, teamId: siteA, userIds: [moving.userId, staying.userId] });
    return {
      moving,
      staying,
      task,
      carriedGroup,
      leftGroup,
      carried: await childOf(carriedGroup.id, moving.userId),
      left: await childOf(leftGroup.id, moving.userId),
    };
  }

  it('moves the chosen plans to the new site out of their group, with their schedules; the others stay behind inactive', async () => {
    const { moving, staying, task, carriedGroup, carried, left } = await memberWithPlans();
    const before = await schedulesOf(carried.id);
    expect(before).toHaveLength(7);
    // An answered future schedule of a plan left behind is kept.
    const leftSchedules = await schedulesOf(left.id);
    const answered = leftSchedules[leftSchedules.length - 1];
    const action = await createAction(t.app, owner, task.id);
    await t.app.db.insert(actionResults).values({
      businessId: owner.business.id,
      scheduleId: answered.id,
      actionId: action.id,
      taskId: task.id,
      teamId: siteA,
      userId: moving.userId,
      value: 'YES',
    });

    const at = new Date();
    const res = await transfer(owner, siteA, moving.userId, { executionPlanIds: [carried.id], toTeamId: siteC });
    expect(res.statusCode, res.body).toBe(200);

    expect(await planRow(carried.id)).toMatchObject({ teamId: siteC, parentId: null, userId: moving.userId });
    expect(await planRow(left.id)).toMatchObject({ teamId: siteA, parentId: expect.any(Number) });
    // The carried plan's future schedules are now in the new site; none was lost.
    const after = await schedulesOf(carried.id);
    expect(after).toHaveLength(7);
    expect(after.filter((s) => s.start >= at).every((s) => s.teamId === siteC)).toBe(true);
    expect(after.filter((s) => s.start >= at).length).toBeGreaterThanOrEqual(6);
    // The plan left behind keeps its past and answered schedules only.
    expect((await schedulesOf(left.id)).filter((s) => s.start >= at).map((s) => s.id)).toEqual([answered.id]);

    const read = (url: string) => owner.request({ method: 'GET', url: `${WORKFLOW}${url}` });
    expect((await read(`/v1/execution-plans/${left.id}`)).json<ExecutionPlan>().status).toBe('INACTIVE');
    const moved = (await read(`/v1/execution-plans/${carried.id}`)).json<ExecutionPlan>();
    expect(moved).toMatchObject({ parent: null, groupId: carried.id, teamId: siteC, count: 1 });
    expect(moved.status).not.toBe('INACTIVE');
    // It lists as a top-level plan of the task, as its own only member, and among the member's plans in the new site.
    expect((await read(`/v2/tasks/${task.id}/execution-plans`)).json<ExecutionPlan[]>().map((p) => p.id)).toContain(carried.id);
    expect((await read(`/v2/tasks/${task.id}/execution-plans/${carried.id}/children`)).json<ExecutionPlan[]>().map((p) => p.id)).toEqual([carried.id]);
    expect((await read(`/v1/execution-plans/teams/${siteC}/users/${moving.userId}`)).json<ExecutionPlan[]>().map((p) => p.id)).toEqual([carried.id]);
    // The group keeps its other member.
    expect((await read(`/v2/execution-plans/${carriedGroup.id}`)).json<PlanWithChildren>().children.map((c) => c.userId)).toEqual([staying.userId]);

    // The follow-up: new working hours for the carried plan.
    const hours = await owner.request({
      method: 'PUT',
      url: `${WORKFLOW}/v1/execution-plans/${carried.id}`,
      payload: { startTime: '07:00', endTime: '15:00' },
    });
    expect(hours.statusCode).toBe(200);
    expect(hours.json<ExecutionPlan>()).toMatchObject({ startTime: '07:00', endTime: '15:00', teamId: siteC });
  });

  it("refuses a group id, a colleague's plan or another business's plan with 404, and nothing moves", async () => {
    const { moving, staying, carriedGroup, carried } = await memberWithPlans();
    const colleague = await childOf(carriedGroup.id, staying.userId);
    const foreignTask = await createTask(t.app, other);
    const foreignMember = await addMember(t.app, other, 'MEMBER');
    await placeInSite(t.app, other, foreignSite, foreignMember.userId);
    const foreignPlan = await createPlan(other, { taskId: foreignTask.id, teamId: foreignSite, userIds: [foreignMember.userId] });
    const foreignChild = (await other.request({ method: 'GET', url: `${WORKFLOW}/v2/execution-plans/${foreignPlan.id}` })).json<PlanWithChildren>().children[0];

    const snapshot = async () => ({
      placements: await placementsOf(moving.userId),
      plans: await t.app.db
        .select()
        .from(executionPlans)
        .where(inArray(executionPlans.id, [carried.id, colleague.id, foreignChild.id]))
        .orderBy(asc(executionPlans.id)),
      schedules: await t.app.db
        .select({ id: schedules.id, teamId: schedules.teamId })
        .from(schedules)
        .where(inArray(schedules.planId, [carried.id, foreignChild.id]))
        .orderBy(asc(schedules.id)),
    });
    const before = await snapshot();
    for (const ids of [[carriedGroup.id], [carried.id, colleague.id], [foreignChild.id], [carried.id, foreignChild.id]]) {
      const res = await transfer(owner, siteA, moving.userId, { executionPlanIds: ids, toTeamId: siteB });
      expect(res.statusCode, JSON.stringify(ids)).toBe(404);
      expect(res.json().fieldErrors).toEqual([{ field: 'executionPlanIds', message: 'Execution plan not found' }]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/v1/teams/{teamId}/transfer/projects/{projectId}', () => {
  const move = (caller: Caller, site: number, from: number, payload: Record<string, unknown>) =>
    caller.request({ method: 'POST', url: `/api/v1/teams/${site}/transfer/projects/${from}`, payload });

  it('moves the site to the new project and answers the site', async () => {
    const site = await createSite(t.app, owner, projectA, { name: 'Moving Site' });
    const res = await move(owner, site.id, projectA, { newProjectId: projectB });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: site.id, name: 'Moving Site', projectId: projectB, project: { id: projectB, name: 'Mall' } });
    expect(await projectOf(site.id)).toBe(projectB);
  });

  it("refuses a path project that is not the site's, the same project and bad input; nothing moves", async () => {
    const site = await createSite(t.app, owner, projectA);
    const wrongPath = await move(owner, site.id, projectB, { newProjectId: projectB });
    expect([wrongPath.statusCode, wrongPath.json().message]).toEqual([409, 'The site is not in this project']);
    const same = await move(owner, site.id, projectA, { newProjectId: projectA });
    expect([same.statusCode, same.json().fieldErrors[0].field]).toEqual([400, 'newProjectId']);
    for (const payload of [{}, { newProjectId: 0 }]) {
      const bad = await move(owner, site.id, projectA, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors[0].field).toBe('newProjectId');
    }
    expect(await projectOf(site.id)).toBe(projectA);
  });

  it("answers 404 for another business's site or projects; nothing moves", async () => {
    const site = await createSite(t.app, owner, projectA);
    const toForeign = await move(owner, site.id, projectA, { newProjectId: foreignProject });
    expect(toForeign.statusCode).toBe(404);
    expect(toForeign.json().fieldErrors).toEqual([{ field: 'newProjectId', message: 'Project not found' }]);
    expect((await move(owner, site.id, foreignProject, { newProjectId: projectB })).statusCode).toBe(404);
    expect((await move(owner, foreignSite, foreignProject, { newProjectId: projectB })).statusCode).toBe(404);
    expect(await projectOf(site.id)).toBe(projectA);
    expect(await projectOf(foreignSite)).toBe(foreignProject);
  });

  it('is refused to members and supervisors', async () => {
    for (const caller of [member, supervisor]) {
      expect((await move(caller, siteA, projectA, { newProjectId: projectB })).statusCode).toBe(403);
    }
    expect(await projectOf(siteA)).toBe(projectA);
  });
});
