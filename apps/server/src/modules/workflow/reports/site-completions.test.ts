// Every site's completion rate at once, for the sites map (GET /v1/report/teams/completion): the
// sites with schedules in the range, in id order, with the same rate as the site lists give; a
// site without one is left out, and another business's never shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSite } from '../../../test/factories.ts';
import { MARCH, get, many, memberIn, placeSchedules, reportBusiness } from './report-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/report/teams/completion', () => {
  it("gives every site with schedules in the range its rate, as the site list does, and nothing of another business's", async () => {
    const place = await reportBusiness(t);
    const second = (await createSite(t.app, place.owner, place.projectId)).id;
    const idle = (await createSite(t.app, place.owner, place.projectId)).id;
    const member = await memberIn(place);
    await placeSchedules(place, [
      ...many(member.userId, '2024-03-02', 'done', 3),
      ...many(member.userId, '2024-03-03', 'missed', 1),
      ...many(member.userId, '2024-03-04', 'done', 1, { teamId: second }),
      ...many(member.userId, '2024-03-05', 'pending', 3, { teamId: second }),
      // Outside the range: not counted.
      ...many(member.userId, '2024-04-02', 'done', 2, { teamId: idle }),
    ]);
    const other = await reportBusiness(t);
    await placeSchedules(other, many((await memberIn(other)).userId, '2024-03-02', 'done', 1));

    const res = await get(place.owner, `/teams/completion?${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: place.siteId, completionRate: 75, total: 4 },
        { id: second, completionRate: 25, total: 4 },
      ],
    });
    const listed = (await get(place.owner, `/teams/kpi?${MARCH}&order=load&size=10`)).json<{ id: number; completionRate: number }[]>();
    expect(Object.fromEntries(listed.map((item) => [item.id, item.completionRate]))).toEqual({ [place.siteId]: 75, [second]: 25 });
  });

  it('refuses a range it cannot read, as a problem', async () => {
    const place = await reportBusiness(t);
    const res = await get(place.owner, '/teams/completion?startDate=2024-03-31&endDate=2024-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
