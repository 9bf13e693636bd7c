import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  addMember, addSupervisor, createBusinessWithOwner, createProject, createSite, placeInSite, type Caller,
} from '../../test/factories.ts';

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
  owner = await createBusinessWithOwner(t.app);
  member = await addMember(t.app, owner, 'MEMBER');
  other = await createBusinessWithOwner(t.app);
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
