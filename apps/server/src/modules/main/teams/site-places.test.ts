// Every pinned site of the caller's business at once, for a map (GET /api/v1/teams/places): id,
// name and coordinates, in id order, with the count of sites that have no pin; never a site of
// another business; readable by a member as the site list is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createProject, createSite, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let stranger: Caller;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  stranger = await createBusinessWithOwner(t.app);
  const projectId = (await createProject(t.app, owner)).id;
  for (const [name, latitude, longitude] of [
    ['Lobby', 24.71, 46.67],
    ['Car park', 24.72, 46.68],
  ] as const) {
    ids.push((await createSite(t.app, owner, projectId, { name, latitude, longitude })).id);
  }
  await createSite(t.app, owner, projectId, { name: 'No pin', latitude: null, longitude: null });
  const otherProject = (await createProject(t.app, stranger)).id;
  await createSite(t.app, stranger, otherProject, { name: 'Elsewhere', latitude: 21.5, longitude: 39.2 });
});
afterAll(() => t.close());

describe('the sites of a map', () => {
  it('are every pinned site of the business, in id order, with the count of those without a pin', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/teams/places' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: ids[0], name: 'Lobby', latitude: 24.71, longitude: 46.67 },
        { id: ids[1], name: 'Car park', latitude: 24.72, longitude: 46.68 },
      ],
      unplaced: 1,
    });
  });

  it("are read by a member too, and never hold another business's site", async () => {
    const member = await addMember(t.app, owner);
    const res = await member.request({ method: 'GET', url: '/api/v1/teams/places' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: { name: string }[] }>().items.map((s) => s.name)).toEqual(['Lobby', 'Car park']);
    const theirs = await stranger.request({ method: 'GET', url: '/api/v1/teams/places' });
    expect(theirs.json()).toEqual({ items: [expect.objectContaining({ name: 'Elsewhere' })], unplaced: 0 });
  });

  it('are refused without a sign-in, as a problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/teams/places' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
