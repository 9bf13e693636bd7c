import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, addSupervisor, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let otherMember: Caller;
let siteId: number;
let elsewhereId: number;
let foreignSiteId: number;

const placementsOf = (teamId: number) =>
  t.app.db
    .select({ userId: teamMembers.userId, authority: teamMembers.authority, position: teamMembers.position })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(teamMembers.userId);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
  otherMember = await addMember(t.app, other, 'MEMBER');
  const project = await createProject(t.app, owner);
  siteId = (await createSite(t.app, owner, project.id, { name: 'Tower A' })).id;
  elsewhereId = (await createSite(t.app, owner, project.id, { name: 'Tower B' })).id;
  supervisor = await addSupervisor(t.app, owner, [siteId]);
  await placeInSite(t.app, owner, siteId, member.userId);
  foreignSiteId = (await createSite(t.app, other, (await createProject(t.app, other)).id)).id;
  await placeInSite(t.app, other, foreignSiteId, otherMember.userId);
});
afterAll(() => t.close());

describe('GET /api/v1/teams/{teamId}/members and /api/v2/teams/{teamId}/members', () => {
  it('lists every member of the site as team members', async () => {
    const res = await member.request({ method: 'GET', url: `/api/v1/teams/${siteId}/members` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        userId: member.userId,
        username: member.username,
        name: expect.any(String),
        email: `${member.username}@example.com`,
        authority: 'MEMBER',
        position: 'Guard',
        teamId: siteId,
        businessId: owner.business.id,
        active: true,
      },
      expect.objectContaining({ userId: supervisor.userId, authority: 'SUPERVISOR' }),
    ]);
  });

  it('pages them with X-Total-Count', async () => {
    const first = await member.request({ method: 'GET', url: `/api/v2/teams/${siteId}/members?page=0&size=1` });
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json().map((m: { userId: number }) => m.userId)).toEqual([member.userId]);
    const second = await member.request({ method: 'GET', url: `/api/v2/teams/${siteId}/members?page=1&size=1` });
    expect(second.json().map((m: { userId: number }) => m.userId)).toEqual([supervisor.userId]);
    expect((await member.request({ method: 'GET', url: `/api/v2/teams/${siteId}/members?size=0` })).statusCode).toBe(400);
  });

  it("answers 404 for another business's site without its members", async () => {
    for (const url of [`/api/v1/teams/${foreignSiteId}/members`, `/api/v2/teams/${foreignSiteId}/members`]) {
      const res = await owner.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(otherMember.username);
    }
  });
});

describe('POST /api/v1/teams/{teamId}/members', () => {
  it('assigns business members with a role and position, updating those already there', async () => {
    const newcomer = await addMember(t.app, owner, 'MEMBER');
    const res = await owner.request({
      method: 'POST',
      url: `/api/v1/teams/${siteId}/members`,
      payload: [
        { userId: newcomer.userId, role: 'MEMBER', position: 'Cleaner' },
        { userId: member.userId, role: 'SUPERVISOR', position: 'Lead' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ userId: member.userId, authority: 'SUPERVISOR', position: 'Lead', teamId: siteId }),
      expect.objectContaining({ userId: newcomer.userId, authority: 'MEMBER', position: 'Cleaner', teamId: siteId }),
    ]);
    // Back to how it was for the other tests.
    await t.app.db
      .update(teamMembers)
      .set({ authority: 'MEMBER', position: 'Guard' })
      .where(and(eq(teamMembers.teamId, siteId), eq(teamMembers.userId, member.userId)));
    await t.app.db.delete(teamMembers).where(and(eq(teamMembers.teamId, siteId), eq(teamMembers.userId, newcomer.userId)));
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await placementsOf(siteId);
    const cases: [unknown, string, string?][] = [
      [[], 'body', 'Select at least one user'],
      [[{ userId: member.userId, role: 'BOSS' }], '0.role'],
      [[{ userId: 'x', role: 'MEMBER' }], '0.userId'],
      [
        [
          { userId: member.userId, role: 'MEMBER' },
          { userId: member.userId, role: 'SUPERVISOR' },
        ],
        'body',
        'Each member can be listed only once',
      ],
      [{ userId: member.userId, role: 'MEMBER' }, 'body'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteId}/members`, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await placementsOf(siteId)).toEqual(before);
  });

  it("answers 404 for another business's site or user, and places no one", async () => {
    const before = await placementsOf(siteId);
    const foreignUser = await owner.request({
      method: 'POST',
      url: `/api/v1/teams/${siteId}/members`,
      payload: [
        { userId: member.userId, role: 'SUPERVISOR' },
        { userId: otherMember.userId, role: 'MEMBER' },
      ],
    });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json().fieldErrors).toEqual([{ field: '1.userId', message: 'User not found' }]);
    expect(await placementsOf(siteId)).toEqual(before);
    const foreignSite = await owner.request({
      method: 'POST',
      url: `/api/v1/teams/${foreignSiteId}/members`,
      payload: [{ userId: member.userId, role: 'MEMBER' }],
    });
    expect(foreignSite.statusCode).toBe(404);
    expect(await placementsOf(foreignSiteId)).toEqual([{ userId: otherMember.userId, authority: 'MEMBER', position: 'Guard' }]);
  });

  it('lets a supervisor assign in their own site only; members may not', async () => {
    const newcomer = await addMember(t.app, owner, 'MEMBER');
    const payload = [{ userId: newcomer.userId, role: 'MEMBER' }];
    expect((await member.request({ method: 'POST', url: `/api/v1/teams/${siteId}/members`, payload })).statusCode).toBe(403);
    expect((await supervisor.request({ method: 'POST', url: `/api/v1/teams/${elsewhereId}/members`, payload })).statusCode).toBe(403);
    expect(await placementsOf(elsewhereId)).toEqual([]);
    const ok = await supervisor.request({ method: 'POST', url: `/api/v1/teams/${siteId}/members`, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([expect.objectContaining({ userId: newcomer.userId, position: null })]);
    await t.app.db.delete(teamMembers).where(and(eq(teamMembers.teamId, siteId), eq(teamMembers.userId, newcomer.userId)));
  });
});

describe('DELETE /api/v1/teams/{teamId}/members/{memberId}', () => {
  it('takes the member out of the site only', async () => {
    const leaving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteId, leaving.userId);
    await placeInSite(t.app, owner, elsewhereId, leaving.userId);
    const res = await supervisor.request({ method: 'DELETE', url: `/api/v1/teams/${siteId}/members/${leaving.userId}` });
    expect(res.statusCode).toBe(204);
    expect((await placementsOf(siteId)).map((p) => p.userId)).not.toContain(leaving.userId);
    expect((await placementsOf(elsewhereId)).map((p) => p.userId)).toContain(leaving.userId);
    const again = await owner.request({ method: 'DELETE', url: `/api/v1/teams/${siteId}/members/${leaving.userId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This member is not in the site');
  });

  it("answers 404 for another business's site or member; 403 to members and outside supervisors; nothing removed", async () => {
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/teams/${foreignSiteId}/members/${otherMember.userId}` })).statusCode).toBe(404);
    expect(await placementsOf(foreignSiteId)).toHaveLength(1);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/teams/${siteId}/members/${otherMember.userId}` })).statusCode).toBe(404);
    const before = await placementsOf(siteId);
    expect((await member.request({ method: 'DELETE', url: `/api/v1/teams/${siteId}/members/${supervisor.userId}` })).statusCode).toBe(403);
    const outsider = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, elsewhereId, outsider.userId);
    expect((await supervisor.request({ method: 'DELETE', url: `/api/v1/teams/${elsewhereId}/members/${outsider.userId}` })).statusCode).toBe(403);
    expect(await placementsOf(siteId)).toEqual(before);
    expect((await placementsOf(elsewhereId)).map((p) => p.userId)).toContain(outsider.userId);
  });
});
