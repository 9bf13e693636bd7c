import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookups, teamMembers, teams } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addSupervisor, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let projectId: number;
let supervisedSiteId: number;
let teamTypeId: number;
let projectTypeId: number;

const siteCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(teams).where(eq(teams.businessId, businessId)))[0].n;
const typeOf = async (kind: 'PROJECT_TYPE' | 'TEAM_TYPE') =>
  (
    await t.app.db
      .select()
      .from(lookups)
      .where(and(eq(lookups.businessId, owner.business.id), eq(lookups.kind, kind)))
      .limit(1)
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
  projectId = (await createProject(t.app, owner, { name: 'Downtown Towers' })).id;
  supervisedSiteId = (await createSite(t.app, owner, projectId, { name: 'Supervised' })).id;
  supervisor = await addSupervisor(t.app, owner, [supervisedSiteId]);
  teamTypeId = (await typeOf('TEAM_TYPE')).id;
  projectTypeId = (await typeOf('PROJECT_TYPE')).id;
});
afterAll(() => t.close());

const valid = () => ({ name: 'Tower A', projectId, latitude: 24.7136, longitude: 46.6753, typeId: teamTypeId, externalId: 'TWR-A' });

describe('POST /api/v1/teams', () => {
  it('creates a site with its project, type, geofence radius (200 m by default) and no rank', async () => {
    const res = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: valid() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Tower A',
      projectId,
      project: { id: projectId, name: 'Downtown Towers' },
      latitude: 24.7136,
      longitude: 46.6753,
      radius: 200,
      polygon: null,
      typeId: teamTypeId,
      siteType: { id: teamTypeId, nameEn: 'Office', nameAr: 'مكتب' },
      externalId: 'TWR-A',
      whatsApp: null,
      membersCount: 0,
      rank: null,
      averageScore: null,
    });
    const bare = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: { name: 'برج ب', projectId, radius: 350 } });
    expect(bare.json()).toMatchObject({ name: 'برج ب', latitude: null, longitude: null, radius: 350, siteType: null, externalId: null });
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const before = await siteCount(owner.business.id);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...valid(), name: '9 Tower' }, 'name', 'Name is invalid, Should start with a letter not a number'],
      [{ ...valid(), latitude: 91 }, 'latitude', 'This must be at most 90'],
      [{ ...valid(), longitude: -181 }, 'longitude', 'This must be at least -180'],
      [{ ...valid(), longitude: null }, 'longitude', 'Latitude and longitude go together: give both or neither'],
      [{ ...valid(), latitude: undefined }, 'latitude', 'Latitude and longitude go together: give both or neither'],
      [{ ...valid(), radius: 5 }, 'radius', 'This must be at least 10'],
      [{ ...valid(), radius: 20_000 }, 'radius', 'This must be at most 10000'],
      [{ ...valid(), typeId: projectTypeId }, 'typeId', 'Site type not found'],
      [{ ...valid(), projectId: undefined }, 'projectId'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: '/api/v1/teams', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await siteCount(owner.business.id)).toBe(before);
  });

  it("answers 404 naming projectId for another business's project, and creates nothing", async () => {
    const theirs = await createProject(t.app, other, { name: 'Their Project' });
    const before = await siteCount(owner.business.id);
    const res = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: { ...valid(), projectId: theirs.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().fieldErrors).toEqual([{ field: 'projectId', message: 'Project not found' }]);
    expect(res.body).not.toContain('Their Project');
    expect(await siteCount(owner.business.id)).toBe(before);
    expect(await siteCount(other.business.id)).toBe(0);
  });

  it('is refused to members and to supervisors', async () => {
    const before = await siteCount(owner.business.id);
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'POST', url: '/api/v1/teams', payload: valid() })).statusCode).toBe(403);
    }
    expect(await siteCount(owner.business.id)).toBe(before);
  });
});

describe('GET /api/v1/teams', () => {
  it('pages the sites of the business with X-Total-Count, filtered by project and search key', async () => {
    const p = await createProject(t.app, owner, { name: 'Filtered' });
    const north = await createSite(t.app, owner, p.id, { name: 'North Gate', externalId: 'NG-1' });
    const south = await createSite(t.app, owner, p.id, { name: 'South Gate', externalId: 'SG-1' });
    await placeInSite(t.app, owner, north.id, member.userId);
    await createSite(t.app, other, (await createProject(t.app, other)).id, { name: 'North Foreign' });

    const all = await member.request({ method: 'GET', url: '/api/v1/teams' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(await siteCount(owner.business.id)));
    expect(all.json().map((s: { name: string }) => s.name)).not.toContain('North Foreign');

    const byProject = await member.request({ method: 'GET', url: `/api/v1/teams?projectId=${p.id}&page=0&size=1` });
    expect(byProject.headers['x-total-count']).toBe('2');
    expect(byProject.json()).toEqual([expect.objectContaining({ id: north.id, membersCount: 1 })]);

    const search = await member.request({ method: 'GET', url: '/api/v1/teams?searchKey=north' });
    expect(search.json().map((s: { id: number }) => s.id)).toEqual([north.id]);
    const byExternalId = await member.request({ method: 'GET', url: '/api/v1/teams?searchKey=SG-' });
    expect(byExternalId.json().map((s: { id: number }) => s.id)).toEqual([south.id]);
    const wildcard = await member.request({ method: 'GET', url: '/api/v1/teams?searchKey=%25' });
    expect(wildcard.json()).toEqual([]);
  });

  it('accepts sizes up to 500 and refuses bad paging', async () => {
    expect((await owner.request({ method: 'GET', url: '/api/v1/teams?size=500' })).statusCode).toBe(200);
    for (const query of ['size=501', 'size=0', 'page=-1', 'projectId=abc']) {
      expect((await owner.request({ method: 'GET', url: `/api/v1/teams?${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/v1/teams/{id}', () => {
  it("answers the site; another business's answers 404", async () => {
    const res = await member.request({ method: 'GET', url: `/api/v1/teams/${supervisedSiteId}` });
    expect(res.json()).toMatchObject({ id: supervisedSiteId, name: 'Supervised', membersCount: 1 });
    const theirs = await createSite(t.app, other, (await createProject(t.app, other)).id, { name: 'Hidden' });
    const foreign = await owner.request({ method: 'GET', url: `/api/v1/teams/${theirs.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Hidden');
  });
});

describe('PUT /api/v1/teams', () => {
  it('updates the site named by the body, moving it to another project of the business', async () => {
    const site = await createSite(t.app, owner, projectId, { name: 'Old Name' });
    const target = await createProject(t.app, owner, { name: 'Target' });
    const res = await owner.request({
      method: 'PUT',
      url: '/api/v1/teams',
      payload: { id: site.id, name: 'New Name', projectId: target.id, radius: 500, whatsApp: '+966500000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: site.id, name: 'New Name', project: { id: target.id, name: 'Target' }, radius: 500, whatsApp: '+966500000000' });
  });

  it("refuses bad input, another business's ids and members; nothing changes", async () => {
    const site = await createSite(t.app, owner, projectId, { name: 'Steady' });
    const theirProject = await createProject(t.app, other);
    const theirSite = await createSite(t.app, other, theirProject.id, { name: 'Theirs' });
    const bad = await owner.request({ method: 'PUT', url: '/api/v1/teams', payload: { id: site.id, name: 'Ok', projectId, latitude: 10 } });
    expect(bad.statusCode).toBe(400);
    const movedAway = await owner.request({ method: 'PUT', url: '/api/v1/teams', payload: { id: site.id, name: 'Ok', projectId: theirProject.id } });
    expect(movedAway.statusCode).toBe(404);
    const foreign = await owner.request({ method: 'PUT', url: '/api/v1/teams', payload: { id: theirSite.id, name: 'Taken', projectId } });
    expect(foreign.statusCode).toBe(404);
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'PUT', url: '/api/v1/teams', payload: { id: supervisedSiteId, name: 'Mine Now', projectId } })).statusCode).toBe(
        403,
      );
    }
    expect((await owner.request({ method: 'GET', url: `/api/v1/teams/${site.id}` })).json()).toMatchObject({ name: 'Steady', projectId });
    expect((await owner.request({ method: 'GET', url: `/api/v1/teams/${supervisedSiteId}` })).json().name).toBe('Supervised');
    expect((await other.request({ method: 'GET', url: `/api/v1/teams/${theirSite.id}` })).json()).toMatchObject({ name: 'Theirs', projectId: theirProject.id });
  });
});

describe('DELETE /api/v1/teams/{id}', () => {
  it('deletes the site with its member placements', async () => {
    const site = await createSite(t.app, owner, projectId);
    await placeInSite(t.app, owner, site.id, member.userId);
    const res = await owner.request({ method: 'DELETE', url: `/api/v1/teams/${site.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.app.db.select().from(teamMembers).where(eq(teamMembers.teamId, site.id))).toEqual([]);
    expect((await owner.request({ method: 'GET', url: `/api/v1/teams/${site.id}` })).statusCode).toBe(404);
  });

  it("answers 404 for another business's site and 403 to members and supervisors; nothing is deleted", async () => {
    const theirs = await createSite(t.app, other, (await createProject(t.app, other)).id);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/teams/${theirs.id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/v1/teams/${theirs.id}` })).statusCode).toBe(200);
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'DELETE', url: `/api/v1/teams/${supervisedSiteId}` })).statusCode).toBe(403);
    }
    expect((await owner.request({ method: 'GET', url: `/api/v1/teams/${supervisedSiteId}` })).json().membersCount).toBe(1);
    expect((await owner.request({ method: 'DELETE', url: '/api/v1/teams/abc' })).statusCode).toBe(400);
  });
});
