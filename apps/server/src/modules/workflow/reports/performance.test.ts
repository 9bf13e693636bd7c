import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project, Site } from '@fieldops/shared/organisation';
import type { PerformancePoint } from '@fieldops/shared/reports';
import { MSG } from '@fieldops/shared/messages';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createProject, createSite, createTask, type Caller } from '../../../test/factories.ts';
import { NO_SCORES, get, many, memberIn, placeSchedules, reportBusiness } from './report-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const series = async (caller: Caller, query: string) => {
  const res = await get(caller, `/performance?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PerformancePoint[]>();
};

/** The local date in Riyadh `back` days ago. */
const daysAgo = (back: number) => new Date(Date.now() - back * 24 * 3600 * 1000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });

describe('GET /v1/report/performance', () => {
  it('gives every day of the range, each counting the schedules that start on that local day', async () => {
    const place = await reportBusiness(t);
    const m1 = await memberIn(place);
    const m2 = await memberIn(place);
    const task2 = await createTask(t.app, place.owner);
    await placeSchedules(place, [
      // 20:59 UTC on 1 March, still 1 March in Riyadh.
      { userId: m1.userId, at: '2024-03-01T23:59', status: 'done' },
      // 21:30 UTC on 1 March, but 2 March in Riyadh.
      { userId: m1.userId, at: '2024-03-02T00:30', status: 'missed' },
      { userId: m2.userId, at: '2024-03-02T10:00', status: 'done', taskId: task2.id },
      { userId: m2.userId, at: '2024-03-02T11:00', status: 'inProgress' },
      { userId: m2.userId, at: '2024-03-04T00:00', status: 'done' },
    ]);
    const other = await reportBusiness(t);
    const stranger = await memberIn(other);
    await placeSchedules(other, many(stranger.userId, '2024-03-02', 'missed', 4));

    expect(await series(place.owner, 'startDate=2024-03-01&endDate=2024-03-03')).toEqual([
      { date: '2024-03-01', done: 1, late: 0, missed: 0, pending: 0, inProgress: 0, total: 1, completionRate: 100, ...NO_SCORES },
      { date: '2024-03-02', done: 1, late: 0, missed: 1, pending: 0, inProgress: 1, total: 3, completionRate: 33.3, ...NO_SCORES },
      { date: '2024-03-03', done: 0, late: 0, missed: 0, pending: 0, inProgress: 0, total: 0, completionRate: 0, ...NO_SCORES },
    ]);
    const byMember = await series(place.owner, `startDate=2024-03-02&endDate=2024-03-02&users=${m2.userId}`);
    expect(byMember.map((p) => p.total)).toEqual([2]);
    const byTask = await series(place.owner, `startDate=2024-03-02&endDate=2024-03-02&task=${task2.id}`);
    expect(byTask.map((p) => [p.done, p.total])).toEqual([[1, 1]]);
    const byProject = await series(place.owner, `startDate=2024-03-02&endDate=2024-03-02&projects=${other.projectId}`);
    expect(byProject.map((p) => p.total)).toEqual([0]);
    // A member sees their own.
    expect((await series(m1, 'startDate=2024-03-01&endDate=2024-03-04')).map((p) => p.total)).toEqual([1, 1, 0, 0]);
  });

  it('takes `size` days up to the end without a start, 30 up to today by default, and refuses a bad range', async () => {
    const place = await reportBusiness(t);
    const week = await series(place.owner, 'endDate=2024-03-03&size=7');
    expect(week.map((p) => p.date)).toEqual(['2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02', '2024-03-03']);
    const month = await series(place.owner, '');
    expect(month).toHaveLength(30);
    expect(month[29].date).toBe(daysAgo(0));
    const tooLong = await get(place.owner, '/performance?startDate=2023-01-01&endDate=2024-03-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual([{ field: 'endDate', message: MSG.reportRangeTooLong }]);
    expect((await get(place.owner, '/performance?size=401')).statusCode).toBe(400);
  });
});

describe('ranks in the projects and sites lists', () => {
  it('ranks projects and sites over the last 30 days, in one list query, with null for those without schedules', async () => {
    const place = await reportBusiness(t);
    const s1 = place.siteId;
    const p2 = await createProject(t.app, place.owner);
    const s2 = await createSite(t.app, place.owner, p2.id);
    const idle = await createProject(t.app, place.owner);
    const idleSite = await createSite(t.app, place.owner, idle.id);
    const m1 = await memberIn(place, s1);
    const m2 = await memberIn(place, s2.id);
    await placeSchedules(place, [
      ...many(m1.userId, daysAgo(1), 'done', 1),
      ...many(m1.userId, daysAgo(2), 'missed', 1),
      ...many(m2.userId, daysAgo(3), 'done', 2, { teamId: s2.id }),
      // Before the 30 days: would put the first site and project ahead.
      ...many(m1.userId, daysAgo(40), 'done', 6),
      ...many(m2.userId, daysAgo(40), 'missed', 6, { teamId: s2.id }),
    ]);
    // Another business's site with a perfect record takes no place.
    const other = await reportBusiness(t);
    const stranger = await memberIn(other);
    await placeSchedules(other, many(stranger.userId, daysAgo(1), 'done', 5));

    const projects = await place.owner.request({ method: 'GET', url: '/api/v1/projects?size=50' });
    const rankOf = new Map(projects.json<Project[]>().map((p) => [p.id, p.rank]));
    expect([rankOf.get(place.projectId), rankOf.get(p2.id), rankOf.get(idle.id)]).toEqual([2, 1, null]);
    const one = await place.owner.request({ method: 'GET', url: `/api/v1/projects/${place.projectId}` });
    expect(one.json<Project>().rank).toBe(2);

    const sites = await place.owner.request({ method: 'GET', url: '/api/v1/teams?size=50' });
    const siteRank = new Map(sites.json<Site[]>().map((s) => [s.id, s.rank]));
    expect([siteRank.get(s1), siteRank.get(s2.id), siteRank.get(idleSite.id)]).toEqual([2, 1, null]);
    const site = await place.owner.request({ method: 'GET', url: `/api/v1/teams/${s2.id}` });
    expect(site.json<Site>().rank).toBe(1);
  });
});
