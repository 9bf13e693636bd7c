// A site's polygon geofence: stored as [latitude, longitude] vertices, returned on every read,
// cleared with null, and refused (400, nothing changed) when it has too few or too many points,
// crosses itself or crosses the 180° meridian.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { teams } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createBusinessWithOwner, createProject, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  projectId = (await createProject(t.app, owner)).id;
});
afterAll(() => t.close());

/** A courtyard about 200 m by 100 m in Riyadh, shaped like an L (concave). */
const COURTYARD: [number, number][] = [
  [24.713, 46.675],
  [24.713, 46.677],
  [24.714, 46.677],
  [24.714, 46.676],
  [24.715, 46.676],
  [24.715, 46.675],
];
const site = (polygon: unknown) => ({ name: 'Courtyard', projectId, latitude: 24.7135, longitude: 46.6755, radius: 150, polygon });
const polygonOf = async (id: number) => (await t.app.db.select({ polygon: teams.polygon }).from(teams).where(eq(teams.id, id)))[0]?.polygon;

describe('a site with a polygon geofence', () => {
  it('is created with it (a closing point repeating the first is dropped), reads it back and is listed with it', async () => {
    const created = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: site([...COURTYARD, COURTYARD[0]]) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ polygon: COURTYARD, radius: 150, latitude: 24.7135 });
    const { id } = created.json<{ id: number }>();
    expect((await owner.request({ method: 'GET', url: `/api/v1/teams/${id}` })).json().polygon).toEqual(COURTYARD);
    const listed = (await owner.request({ method: 'GET', url: '/api/v1/teams?size=100' })).json<{ id: number; polygon: unknown }[]>();
    expect(listed.find((s) => s.id === id)?.polygon).toEqual(COURTYARD);
  });

  it('is cleared by an update without one, back to the circle of its radius', async () => {
    const { id } = (await owner.request({ method: 'POST', url: '/api/v1/teams', payload: site(COURTYARD) })).json<{ id: number }>();
    const updated = await owner.request({ method: 'PUT', url: '/api/v1/teams', payload: { ...site(null), id } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().polygon).toBeNull();
    expect(await polygonOf(id)).toBeNull();
    // Without the field at all, a site has none either.
    const bare = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: { name: 'Plain', projectId } });
    expect(bare.json().polygon).toBeNull();
  });

  it.each([
    ['two points', COURTYARD.slice(0, 2), MSG.polygonVertexCount],
    ['a bow tie', [COURTYARD[0], COURTYARD[2], COURTYARD[1], COURTYARD[5]], MSG.polygonSelfIntersecting],
    [
      'a strip across the 180° meridian',
      [
        [-17, 179.9],
        [-17, -179.9],
        [-17.1, -179.9],
        [-17.1, 179.9],
      ],
      MSG.polygonAntimeridian,
    ],
    ['a point off the globe', [[91, 46.675], ...COURTYARD.slice(1)], 'This must be at most 90'],
    ['a point that is not a pair', [[24.713], ...COURTYARD.slice(1)], MSG.invalid],
    ['a point that is not numbers', [['north', 'east'], ...COURTYARD.slice(1)], MSG.invalid],
    ['something other than a list', 'around the yard', MSG.invalid],
  ])('refuses %s with a clear message and changes nothing', async (_, polygon, message) => {
    const { id } = (await owner.request({ method: 'POST', url: '/api/v1/teams', payload: site(COURTYARD) })).json<{ id: number }>();
    const created = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: { ...site(polygon), name: 'Refused' } });
    expect(created.statusCode).toBe(400);
    expect(created.headers['content-type']).toContain('application/problem+json');
    expect(created.json().message).toBe(message);
    const updated = await owner.request({ method: 'PUT', url: '/api/v1/teams', payload: { ...site(polygon), id } });
    expect(updated.statusCode).toBe(400);
    expect(await polygonOf(id)).toEqual(COURTYARD);
  });

  it('refuses more than 100 points', async () => {
    const ring = Array.from({ length: 101 }, (_, i) => [24.7 + 0.001 * Math.sin((2 * Math.PI * i) / 101), 46.6 + 0.001 * Math.cos((2 * Math.PI * i) / 101)]);
    const res = await owner.request({ method: 'POST', url: '/api/v1/teams', payload: site(ring) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.polygonVertexCount);
  });
});

describe('another business', () => {
  it('never sees the polygon of a site it does not have', async () => {
    const { id } = (await owner.request({ method: 'POST', url: '/api/v1/teams', payload: site(COURTYARD) })).json<{ id: number }>();
    const other = await createBusinessWithOwner(t.app);
    expect((await other.request({ method: 'GET', url: `/api/v1/teams/${id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'PUT', url: '/api/v1/teams', payload: { ...site(null), id } })).statusCode).toBe(404);
    expect(await polygonOf(id)).toEqual(COURTYARD);
  });
});
