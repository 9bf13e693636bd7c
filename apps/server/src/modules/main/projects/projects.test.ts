import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookups, projects } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addSupervisor, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let projectTypeId: number;
let teamTypeId: number;
let otherProjectTypeId: number;

const typeOf = async (businessId: number, kind: 'PROJECT_TYPE' | 'TEAM_TYPE') => {
  const [row] = await t.app.db
    .select()
    .from(lookups)
    .where(and(eq(lookups.businessId, businessId), eq(lookups.kind, kind)))
    .limit(1);
  return row;
};
const projectCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(projects).where(eq(projects.businessId, businessId)))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  const seeded = await createProject(t.app, owner, { name: 'Seeded' });
  supervisor = await addSupervisor(t.app, owner, [(await createSite(t.app, owner, seeded.id)).id]);
  projectTypeId = (await typeOf(owner.business.id, 'PROJECT_TYPE')).id;
  teamTypeId = (await typeOf(owner.business.id, 'TEAM_TYPE')).id;
  otherProjectTypeId = (await typeOf(other.business.id, 'PROJECT_TYPE')).id;
});
afterAll(() => t.close());

describe('POST /api/v1/projects', () => {
  it('creates a project with its type, no sites or members yet and no rank', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'Harbour Mall', website: 'mall.example.com', typeId: projectTypeId },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Harbour Mall',
      website: 'https://mall.example.com',
      typeId: projectTypeId,
      type: { id: projectTypeId, nameEn: 'Cleaning', nameAr: 'تنظيف' },
      active: true,
      rank: null,
      averageScore: null,
      sitesCount: 0,
      membersCount: 0,
    });
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const before = await projectCount(owner.business.id);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: '1st project' }, 'name', 'Name is invalid, Should start with a letter not a number'],
      [{}, 'name', 'This field is required'],
      [{ name: 'Good', website: 'not a url' }, 'website', 'Website must be a valid web address'],
      [{ name: 'Good', typeId: teamTypeId }, 'typeId', 'Project type not found'],
      [{ name: 'Good', typeId: otherProjectTypeId }, 'typeId', 'Project type not found'],
      [{ name: 'Good', active: 'yes' }, 'active'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: '/api/v1/projects', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await projectCount(owner.business.id)).toBe(before);
  });

  it('is refused to members and to site supervisors', async () => {
    const before = await projectCount(owner.business.id);
    for (const caller of [member, supervisor]) {
      const res = await caller.request({ method: 'POST', url: '/api/v1/projects', payload: { name: 'Sneaky' } });
      expect(res.statusCode).toBe(403);
    }
    expect(await projectCount(owner.business.id)).toBe(before);
  });
});

describe('GET /api/v1/projects and /api/v1/projects/all/business', () => {
  it('lists the projects of the business with site and member counts and X-Total-Count', async () => {
    const counted = await createProject(t.app, owner, { name: 'Counted', typeId: projectTypeId });
    const [a, b] = [await createSite(t.app, owner, counted.id), await createSite(t.app, owner, counted.id)];
    // One member in both sites counts once.
    await placeInSite(t.app, owner, a.id, member.userId);
    await placeInSite(t.app, owner, b.id, member.userId);
    await placeInSite(t.app, owner, b.id, admin.userId);
    await createProject(t.app, other, { name: 'Not Mine' });

    const res = await member.request({ method: 'GET', url: '/api/v1/projects' });
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(res.headers['x-total-count']).toBe(String(all.length));
    expect(all.map((p: { name: string }) => p.name)).not.toContain('Not Mine');
    expect(all.find((p: { id: number }) => p.id === counted.id)).toMatchObject({
      sitesCount: 2,
      membersCount: 2,
      type: { id: projectTypeId },
      rank: null,
    });
  });

  it('pages with page and size', async () => {
    const total = await projectCount(owner.business.id);
    const first = await owner.request({ method: 'GET', url: '/api/v1/projects/all/business?page=0&size=1' });
    const second = await owner.request({ method: 'GET', url: '/api/v1/projects/all/business?page=1&size=1' });
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.json()).toHaveLength(1);
    expect(second.json()).toHaveLength(1);
    expect(second.json()[0].id).toBeGreaterThan(first.json()[0].id);
    expect((await owner.request({ method: 'GET', url: '/api/v1/projects?size=1' })).json()).toHaveLength(1);
  });

  it('refuses bad paging', async () => {
    for (const query of ['size=0', 'size=501', 'page=-1', 'page=x']) {
      const res = await owner.request({ method: 'GET', url: `/api/v1/projects/all/business?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/v1/projects/{id}', () => {
  it("answers the project, 404 for another business's, 400 for a bad id", async () => {
    const mine = await createProject(t.app, owner, { name: 'Mine', website: 'https://mine.example.com' });
    const res = await member.request({ method: 'GET', url: `/api/v1/projects/${mine.id}` });
    expect(res.json()).toMatchObject({ id: mine.id, name: 'Mine', website: 'https://mine.example.com', type: null });
    const theirs = await createProject(t.app, other, { name: 'Secret Project' });
    const foreign = await owner.request({ method: 'GET', url: `/api/v1/projects/${theirs.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Secret Project');
    expect((await owner.request({ method: 'GET', url: '/api/v1/projects/abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/v1/projects', () => {
  it('updates the project named by the body', async () => {
    const p = await createProject(t.app, owner, { name: 'Before' });
    const res = await owner.request({
      method: 'PUT',
      url: '/api/v1/projects',
      payload: { id: p.id, name: 'After Edit', website: '', typeId: projectTypeId, active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, name: 'After Edit', website: null, typeId: projectTypeId, active: false });
  });

  it('refuses bad input and changes nothing', async () => {
    const p = await createProject(t.app, owner, { name: 'Stable' });
    for (const payload of [{ id: p.id, name: '' }, { id: p.id, name: 'Ok', typeId: teamTypeId }, { name: 'No Id' }]) {
      expect((await owner.request({ method: 'PUT', url: '/api/v1/projects', payload })).statusCode).toBe(400);
    }
    expect((await owner.request({ method: 'GET', url: `/api/v1/projects/${p.id}` })).json().name).toBe('Stable');
  });

  it("answers 404 for another business's project and leaves it alone; members get 403", async () => {
    const theirs = await createProject(t.app, other, { name: 'Theirs' });
    const res = await owner.request({ method: 'PUT', url: '/api/v1/projects', payload: { id: theirs.id, name: 'Hijacked' } });
    expect(res.statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/v1/projects/${theirs.id}` })).json().name).toBe('Theirs');
    const mine = await createProject(t.app, owner, { name: 'Guarded' });
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'PUT', url: '/api/v1/projects', payload: { id: mine.id, name: 'Changed' } })).statusCode).toBe(403);
    }
    expect((await owner.request({ method: 'GET', url: `/api/v1/projects/${mine.id}` })).json().name).toBe('Guarded');
  });
});

describe('DELETE /api/v1/projects/{id}', () => {
  it('is refused with 409 while the project has sites, then deletes it', async () => {
    const p = await createProject(t.app, owner);
    const s = await createSite(t.app, owner, p.id);
    const refused = await owner.request({ method: 'DELETE', url: `/api/v1/projects/${p.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This project still has sites. Move or delete them first.');
    expect((await owner.request({ method: 'GET', url: `/api/v1/projects/${p.id}` })).statusCode).toBe(200);

    expect((await owner.request({ method: 'DELETE', url: `/api/v1/teams/${s.id}` })).statusCode).toBe(204);
    const res = await owner.request({ method: 'DELETE', url: `/api/v1/projects/${p.id}` });
    expect(res.statusCode).toBe(204);
    expect((await owner.request({ method: 'GET', url: `/api/v1/projects/${p.id}` })).statusCode).toBe(404);
  });

  it("answers 404 for another business's project, 403 to members and supervisors; nothing is deleted", async () => {
    const theirs = await createProject(t.app, other);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/projects/${theirs.id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/v1/projects/${theirs.id}` })).statusCode).toBe(200);
    const mine = await createProject(t.app, owner);
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'DELETE', url: `/api/v1/projects/${mine.id}` })).statusCode).toBe(403);
    }
    expect((await owner.request({ method: 'GET', url: `/api/v1/projects/${mine.id}` })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/projects/{projectId}/teams', () => {
  it('pages the sites of one project with X-Total-Count', async () => {
    const p = await createProject(t.app, owner);
    const sites = [await createSite(t.app, owner, p.id, { name: 'North' }), await createSite(t.app, owner, p.id, { name: 'South' })];
    await createSite(t.app, owner, (await createProject(t.app, owner)).id, { name: 'Elsewhere' });
    const res = await member.request({ method: 'GET', url: `/api/v1/projects/${p.id}/teams?page=0&size=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([expect.objectContaining({ id: sites[0].id, name: 'North', project: { id: p.id, name: p.name } })]);
    const next = await member.request({ method: 'GET', url: `/api/v1/projects/${p.id}/teams?page=1&size=1` });
    expect(next.json().map((s: { name: string }) => s.name)).toEqual(['South']);
  });

  it("answers 404 for another business's project and 400 for bad paging", async () => {
    const theirs = await createProject(t.app, other);
    await createSite(t.app, other, theirs.id, { name: 'Hidden Site' });
    const res = await owner.request({ method: 'GET', url: `/api/v1/projects/${theirs.id}/teams` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden Site');
    const mine = await createProject(t.app, owner);
    expect((await owner.request({ method: 'GET', url: `/api/v1/projects/${mine.id}/teams?size=0` })).statusCode).toBe(400);
  });
});
