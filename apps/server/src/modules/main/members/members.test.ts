import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addSupervisor, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let towers: number;
let mall: number;
let siteA: number;
let siteB: number;
let siteC: number;

const ids = (body: { userId: number }[]) => body.map((m) => m.userId);
const names = (response: { json(): { name: string }[] }) => response.json().map((m) => m.name);
const rename = (userId: number, fullName: string) => t.app.db.update(users).set({ fullName }).where(eq(users.id, userId));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  towers = (await createProject(t.app, owner)).id;
  mall = (await createProject(t.app, owner)).id;
  siteA = (await createSite(t.app, owner, towers)).id;
  siteB = (await createSite(t.app, owner, towers)).id;
  siteC = (await createSite(t.app, owner, mall)).id;
  supervisor = await addSupervisor(t.app, owner, [siteA]);
  await placeInSite(t.app, owner, siteA, member.userId);
  await placeInSite(t.app, owner, siteC, admin.userId);
  await rename(owner.userId, 'Zainab Owner');
  await rename(admin.userId, 'Basil Admin');
  await rename(member.userId, 'Maryam Haddad');
  await rename(supervisor.userId, 'Omar Supervisor');
  await rename(other.userId, 'Maryam Foreign');
});
afterAll(() => t.close());

describe('GET /api/v1/businesses/{businessId}/members', () => {
  it('pages the members of the business with X-Total-Count', async () => {
    const res = await member.request({ method: 'GET', url: `/api/v1/businesses/${owner.business.id}/members?page=0&size=3` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(ids(res.json())).toEqual([owner.userId, admin.userId, member.userId]);
    expect(res.json()[2]).toMatchObject({ authority: 'MEMBER', teams: [{ id: siteA, authority: 'MEMBER' }] });
  });

  it("answers 404 for another business's id, and 400 for bad paging", async () => {
    const res = await owner.request({ method: 'GET', url: `/api/v1/businesses/${other.business.id}/members` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Maryam Foreign');
    expect((await owner.request({ method: 'GET', url: `/api/v1/businesses/${owner.business.id}/members?size=0` })).statusCode).toBe(400);
  });
});

describe('GET /api/v2/business-members', () => {
  it('pages 20 at a time by default, with X-Total-Count', async () => {
    const res = await member.request({ method: 'GET', url: '/api/v2/business-members' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(ids(res.json())).toEqual([owner.userId, admin.userId, member.userId, supervisor.userId]);
  });

  it('sorts by name or id in either direction', async () => {
    const byName = await owner.request({ method: 'GET', url: '/api/v2/business-members?sort=name,asc' });
    expect(names(byName)).toEqual(['Basil Admin', 'Maryam Haddad', 'Omar Supervisor', 'Zainab Owner']);
    const byNameDesc = await owner.request({ method: 'GET', url: '/api/v2/business-members?sort=name,desc&page=0&size=2' });
    expect(names(byNameDesc)).toEqual(['Zainab Owner', 'Omar Supervisor']);
    const byIdDesc = await owner.request({ method: 'GET', url: '/api/v2/business-members?sort=id,desc&size=1' });
    expect(ids(byIdDesc.json())).toEqual([supervisor.userId]);
  });

  it('searches names, usernames and e-mails of this business only', async () => {
    const search = await owner.request({ method: 'GET', url: '/api/v2/business-members?searchKey=maryam' });
    expect(ids(search.json())).toEqual([member.userId]);
    expect(search.headers['x-total-count']).toBe('1');
    const byUsername = await owner.request({ method: 'GET', url: `/api/v2/business-members?searchKey=${supervisor.username}` });
    expect(ids(byUsername.json())).toEqual([supervisor.userId]);
    const wildcard = await owner.request({ method: 'GET', url: '/api/v2/business-members?searchKey=%25%25%25%25' });
    expect(wildcard.json()).toEqual([]);
    const blank = await owner.request({ method: 'GET', url: '/api/v2/business-members?searchKey=%20%20' });
    expect(blank.headers['x-total-count']).toBe('4');
  });

  it('refuses a search shorter than 4 characters with a clear message', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v2/business-members?searchKey=mar' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Member search needs at least 4 characters');
    expect(res.json().fieldErrors[0].field).toBe('searchKey');
  });

  it('filters by user, sites and projects (comma lists)', async () => {
    const byUser = await owner.request({ method: 'GET', url: `/api/v2/business-members?userId=${admin.userId}` });
    expect(ids(byUser.json())).toEqual([admin.userId]);
    const bySite = await owner.request({ method: 'GET', url: `/api/v2/business-members?teams=${siteA}` });
    expect(ids(bySite.json())).toEqual([member.userId, supervisor.userId]);
    const bySites = await owner.request({ method: 'GET', url: `/api/v2/business-members?teams=${siteA},${siteC}` });
    expect(bySites.headers['x-total-count']).toBe('3');
    const byProject = await owner.request({ method: 'GET', url: `/api/v2/business-members?projects=${mall}` });
    expect(ids(byProject.json())).toEqual([admin.userId]);
    const emptySite = await owner.request({ method: 'GET', url: `/api/v2/business-members?teams=${siteB}` });
    expect(emptySite.json()).toEqual([]);
  });

  it("never answers another business's members, whatever the filter", async () => {
    const byUser = await owner.request({ method: 'GET', url: `/api/v2/business-members?userId=${other.userId}` });
    expect(byUser.json()).toEqual([]);
    const search = await owner.request({ method: 'GET', url: '/api/v2/business-members?searchKey=Foreign' });
    expect(search.json()).toEqual([]);
    const theirSite = await createSite(t.app, other, (await createProject(t.app, other)).id);
    await placeInSite(t.app, other, theirSite.id, other.userId);
    const bySite = await owner.request({ method: 'GET', url: `/api/v2/business-members?teams=${theirSite.id}` });
    expect(bySite.json()).toEqual([]);
  });

  it('refuses bad filters, sorts and paging naming the field', async () => {
    for (const [query, field] of [
      ['teams=a,b', 'teams'],
      ['projects=0', 'projects'],
      ['sort=email,asc', 'sort'],
      ['size=501', 'size'],
      ['userId=x', 'userId'],
    ]) {
      const bad = await owner.request({ method: 'GET', url: `/api/v2/business-members?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().fieldErrors[0].field).toBe(field);
    }
  });
});

describe('GET /api/v1/businesses/members/accessible', () => {
  it('answers every member to owners and admins', async () => {
    for (const caller of [owner, admin]) {
      const res = await caller.request({ method: 'GET', url: '/api/v1/businesses/members/accessible' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('4');
    }
  });

  it('answers a supervisor the members of the sites they supervise, and a member nobody', async () => {
    const res = await supervisor.request({ method: 'GET', url: '/api/v1/businesses/members/accessible' });
    expect(ids(res.json())).toEqual([member.userId, supervisor.userId]);
    const none = await member.request({ method: 'GET', url: '/api/v1/businesses/members/accessible' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('refuses bad paging', async () => {
    expect((await owner.request({ method: 'GET', url: '/api/v1/businesses/members/accessible?size=1000' })).statusCode).toBe(400);
  });
});
