import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KpiItem, KpiStanding } from '@fieldops/shared/reports';
import { MSG } from '@fieldops/shared/messages';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addSupervisor, createPlanRow, createProject, createSite, createTask, type Caller } from '../../../test/factories.ts';
import { MARCH, NO_SCORES, get, many, memberIn, placeSchedules, reportBusiness } from './report-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = async (caller: Caller, url: string) => {
  const res = await get(caller, url);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<KpiItem[]>(), total: Number(res.headers['x-total-count']) };
};

/**
 * Five members in March: A 2/2 done, B 1/1, C 1 done + 1 in progress, D 2 done + 2 missed,
 * E 1 pending: 6 done of 10, an average of 60 %. Their scores, (done + 10 · 0.6) / (total + 10):
 * A 8/12 = 66.7 %, B 7/11 = 63.6 %, C 7/12 = 58.3 %, D 8/14 = 57.1 %, E 6/11 = 54.5 %.
 */
async function fiveMembers() {
  const place = await reportBusiness(t);
  const [a, b, c, d, e] = [await memberIn(place), await memberIn(place), await memberIn(place), await memberIn(place), await memberIn(place)];
  await placeSchedules(place, [
    ...many(a.userId, '2024-03-02', 'done', 2),
    ...many(b.userId, '2024-03-03', 'done', 1),
    ...many(c.userId, '2024-03-04', 'done', 1),
    ...many(c.userId, '2024-03-05', 'inProgress', 1),
    ...many(d.userId, '2024-03-06', 'done', 2),
    ...many(d.userId, '2024-03-07', 'missed', 2),
    ...many(e.userId, '2024-03-08', 'pending', 1),
  ]);
  return { place, a, b, c, d, e };
}

describe('GET /v1/report/members/kpi', () => {
  it('ranks by the load-aware score in the best and the worst list, each row with how it was scored', async () => {
    const { place, a, b, c, d, e } = await fiveMembers();
    const best = await list(place.owner, `/members/kpi?${MARCH}&size=10`);
    expect(best.total).toBe(5);
    expect(best.items.map((i) => i.id)).toEqual([a.userId, b.userId, c.userId, d.userId, e.userId]);
    expect(best.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(best.items.map((i) => i.ranking?.score)).toEqual([66.7, 63.6, 58.3, 57.1, 54.5]);
    expect(best.items[3]).toMatchObject({
      done: 2,
      missed: 2,
      pending: 0,
      inProgress: 0,
      total: 4,
      completionRate: 50,
      ranking: { score: 57.1, average: 60, weight: 10, reason: 'few' },
    });
    expect(best.items[2]).toMatchObject({ done: 1, inProgress: 1, total: 2, completionRate: 50 });
    expect(best.items[4]).toMatchObject({ pending: 1, total: 1, completionRate: 0 });
    expect(best.items[0].name).toMatch(/^Person /);

    const worst = await list(place.owner, `/members/kpi?${MARCH}&best=false&size=10`);
    expect(worst.items.map((i) => i.id)).toEqual([e.userId, d.userId, c.userId, b.userId, a.userId]);
    // The rank stays the best-first position.
    expect(worst.items.map((i) => i.rank)).toEqual([5, 4, 3, 2, 1]);
  });

  it('counts late schedules in the total, not as done, in the rate, the score and the average', async () => {
    // A 2 done + 2 late (50 %), B 3 done + 1 missed (75 %): 5 done of 8, an average of 62.5 %.
    // A (2 + 10 · 0.625) / 14 = 58.9 %, B (3 + 6.25) / 14 = 66.1 %.
    const place = await reportBusiness(t);
    const [a, b] = [await memberIn(place), await memberIn(place)];
    await placeSchedules(place, [
      ...many(a.userId, '2024-03-02', 'done', 2),
      ...many(a.userId, '2024-03-03', 'late', 2),
      ...many(b.userId, '2024-03-02', 'done', 3),
      ...many(b.userId, '2024-03-03', 'missed', 1),
    ]);
    for (const kind of ['members', 'teams'] as const) {
      const { items } = await list(place.owner, `/${kind}/kpi?${MARCH}`);
      expect(
        items.map((i) => i.ranking?.average),
        kind,
      ).toEqual(kind === 'members' ? [62.5, 62.5] : [62.5]);
    }
    const best = await list(place.owner, `/members/kpi?${MARCH}`);
    expect(best.items.map((i) => i.id)).toEqual([b.userId, a.userId]);
    expect(best.items[1]).toMatchObject({
      done: 2,
      late: 2,
      missed: 0,
      total: 4,
      completionRate: 50,
      ranking: { score: 58.9, average: 62.5, weight: 10, reason: 'few' },
    });
    expect(best.items[0].ranking).toMatchObject({ score: 66.1 });
  });

  it('breaks equal scores by more schedules, then the lower id', async () => {
    // 16 done of 20 (80 %): E 8/10, F and G 4/5 each score exactly 80 %; H 0/0 is not ranked.
    const place = await reportBusiness(t);
    const [f, g, e] = [await memberIn(place), await memberIn(place), await memberIn(place)];
    await placeSchedules(place, [
      ...many(e.userId, '2024-03-02', 'done', 8),
      ...many(e.userId, '2024-03-03', 'missed', 2),
      ...many(g.userId, '2024-03-02', 'done', 4),
      ...many(g.userId, '2024-03-03', 'pending', 1),
      ...many(f.userId, '2024-03-02', 'done', 4),
      ...many(f.userId, '2024-03-03', 'missed', 1),
    ]);
    const best = await list(place.owner, `/members/kpi?${MARCH}`);
    expect(best.items.map((i) => [i.id, i.rank, i.ranking?.score, i.ranking?.reason])).toEqual([
      [e.userId, 1, 80, 'average'],
      [f.userId, 2, 80, 'average'],
      [g.userId, 3, 80, 'average'],
    ]);
    const worst = await list(place.owner, `/members/kpi?${MARCH}&best=false`);
    expect(worst.items.map((i) => i.id)).toEqual([e.userId, f.userId, g.userId]);
  });

  it('sorts by load with order=load, and pages with the total in X-Total-Count', async () => {
    const { place, a, b, c, d, e } = await fiveMembers();
    const load = await list(place.owner, `/members/kpi?${MARCH}&order=load&size=10`);
    expect(load.items.map((i) => [i.id, i.total])).toEqual([
      [d.userId, 4],
      [a.userId, 2],
      [c.userId, 2],
      [b.userId, 1],
      [e.userId, 1],
    ]);

    const second = await list(place.owner, `/members/kpi?${MARCH}&size=2&page=1`);
    expect(second.total).toBe(5);
    expect(second.items.map((i) => i.id)).toEqual([c.userId, d.userId]);
    const past = await list(place.owner, `/members/kpi?${MARCH}&size=2&page=5`);
    expect(past).toEqual({ items: [], total: 5 });
    // The default page holds five.
    expect((await list(place.owner, `/members/kpi?${MARCH}`)).items).toHaveLength(5);
  });

  it('counts a schedule starting at 23:59 on the last local day and leaves out one at 00:00 the next day', async () => {
    const place = await reportBusiness(t);
    const m = await memberIn(place);
    await placeSchedules(place, [
      { userId: m.userId, at: '2024-03-01T00:00', status: 'done' },
      { userId: m.userId, at: '2024-03-31T23:59', status: 'done' },
      // Outside by one minute on either side; in UTC these are on the range's days.
      { userId: m.userId, at: '2024-02-29T23:59', status: 'missed' },
      { userId: m.userId, at: '2024-04-01T00:00', status: 'missed' },
    ]);
    const { items } = await list(place.owner, `/members/kpi?${MARCH}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: m.userId, done: 2, missed: 0, total: 2, completionRate: 100 });
    const oneDay = await list(place.owner, '/members/kpi?startDate=2024-04-01&endDate=2024-04-01');
    expect(oneDay.items[0]).toMatchObject({ missed: 1, total: 1 });
  });

  it('covers the last 30 days up to today without dates', async () => {
    const place = await reportBusiness(t);
    const m = await memberIn(place);
    const day = (back: number) => new Date(Date.now() - back * 24 * 3600 * 1000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
    await placeSchedules(place, [
      { userId: m.userId, at: `${day(0)}T00:00`, status: 'done' },
      { userId: m.userId, at: `${day(29)}T12:00`, status: 'done' },
      { userId: m.userId, at: `${day(31)}T12:00`, status: 'missed' },
    ]);
    const { items } = await list(place.owner, '/members/kpi');
    expect(items[0]).toMatchObject({ done: 2, total: 2 });
  });

  it('refuses a range longer than the limit or ending before it starts, naming the field', async () => {
    const place = await reportBusiness(t);
    const long = await get(place.owner, '/members/kpi?startDate=2023-01-01&endDate=2024-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: MSG.reportRangeTooLong, fieldErrors: [{ field: 'endDate', message: MSG.reportRangeTooLong }] });
    const reversed = await get(place.owner, '/members/kpi?startDate=2024-03-10&endDate=2024-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toEqual([{ field: 'endDate', message: MSG.endBeforeStart }]);
    // 400 days is the longest accepted.
    expect((await get(place.owner, '/members/kpi?startDate=2023-02-01&endDate=2024-03-06')).statusCode).toBe(200);
    expect((await get(place.owner, '/members/kpi?startDate=2023-02-01&endDate=2024-03-07')).statusCode).toBe(400);
    const bad = await get(place.owner, '/members/kpi?startDate=2024-02-30&size=0');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['size', 'startDate']);
  });
});

describe('sites, projects, tasks and plans', () => {
  /** Two projects; P1 has sites S1 (3 of 4 done) and S2 (0 of 2); P2 has S3 (1 of 1). Task 2 has one schedule at S1 and one at S3. */
  async function twoProjects() {
    const place = await reportBusiness(t);
    const s1 = place.siteId;
    const s2 = (await createSite(t.app, place.owner, place.projectId)).id;
    const project2 = (await createProject(t.app, place.owner)).id;
    const s3 = (await createSite(t.app, place.owner, project2)).id;
    const task2 = (await createTask(t.app, place.owner)).id;
    const m1 = await memberIn(place, s1);
    const m2 = await memberIn(place, s2);
    const m3 = await memberIn(place, s3);
    await placeSchedules(place, [
      ...many(m1.userId, '2024-03-10', 'done', 3),
      ...many(m1.userId, '2024-03-11', 'missed', 1, { taskId: task2 }),
      ...many(m2.userId, '2024-03-10', 'missed', 2, { teamId: s2 }),
      ...many(m3.userId, '2024-03-10', 'done', 1, { teamId: s3, taskId: task2 }),
    ]);
    return { place, s1, s2, s3, project2, task2, m1, m2, m3 };
  }

  it('ranks sites with their project as context, projects over all their sites, and tasks', async () => {
    const { place, s1, s2, s3, project2, task2 } = await twoProjects();
    // 4 done of 7: S1 (3 + 40/7) / 14 = 62.2 %, S3 (1 + 40/7) / 11 = 61 %, S2 (40/7) / 12 = 47.6 %.
    const sites = await list(place.owner, `/teams/kpi?${MARCH}`);
    expect(sites.items.map((i) => [i.id, i.done, i.total, i.ranking?.score])).toEqual([
      [s1, 3, 4, 62.2],
      [s3, 1, 1, 61],
      [s2, 0, 2, 47.6],
    ]);
    expect(sites.items[0].context).toMatch(/^Project /);
    expect(sites.items[0].name).toMatch(/^Site /);

    const projects = await list(place.owner, `/projects/kpi?${MARCH}`);
    expect(projects.items.map((i) => [i.id, i.done, i.total, i.completionRate])).toEqual([
      [project2, 1, 1, 100],
      [place.projectId, 3, 6, 50],
    ]);

    const tasks = await list(place.owner, `/tasks/kpi?${MARCH}&best=false`);
    // Task 1: 3 of 5 (60 %); task 2: 1 of 2 (50 %): worst first.
    expect(tasks.items.map((i) => [i.id, i.done, i.total])).toEqual([
      [task2, 1, 2],
      [place.taskId, 3, 5],
    ]);
    expect(tasks.items[0].nameEn).toMatch(/^Task /);
  });

  it('narrows every list by projects, sites, members and task', async () => {
    const { place, s1, s2, s3, project2, task2, m1 } = await twoProjects();
    const ids = async (url: string) => (await list(place.owner, url)).items.map((i) => [i.id, i.total]);
    expect(await ids(`/teams/kpi?${MARCH}&projects=${place.projectId}`)).toEqual([
      [s1, 4],
      [s2, 2],
    ]);
    expect(await ids(`/members/kpi?${MARCH}&teams=${s3}`)).toEqual([[expect.any(Number), 1]]);
    expect(await ids(`/tasks/kpi?${MARCH}&users=${m1.userId}`)).toEqual([
      [place.taskId, 3],
      [task2, 1],
    ]);
    expect(await ids(`/teams/kpi?${MARCH}&task=${task2}`)).toEqual([
      [s3, 1],
      [s1, 1],
    ]);
    expect(await ids(`/projects/kpi?${MARCH}&projects=${project2}&users=${m1.userId}`)).toEqual([]);
  });

  it('ranks a group plan with all its members’ schedules together, named by task and site', async () => {
    const place = await reportBusiness(t);
    const [m1, m2, m3] = [await memberIn(place), await memberIn(place), await memberIn(place)];
    const base = { businessId: place.businessId, taskId: place.taskId, teamId: place.siteId };
    const group = await createPlanRow(t.app.db, { ...base, scheduleType: 'DAILY' });
    const child1 = await createPlanRow(t.app.db, { ...base, userId: m1.userId, parentId: group.id });
    const child2 = await createPlanRow(t.app.db, { ...base, userId: m2.userId, parentId: group.id });
    const own = await createPlanRow(t.app.db, { ...base, userId: m3.userId });
    await placeSchedules(place, [
      ...many(m1.userId, '2024-03-12', 'done', 2, { planId: child1.id }),
      ...many(m2.userId, '2024-03-12', 'missed', 2, { planId: child2.id }),
      ...many(m3.userId, '2024-03-12', 'done', 1, { planId: own.id }),
    ]);
    const plans = await list(place.owner, `/schedules/kpi?${MARCH}`);
    expect(plans.items.map((i) => [i.id, i.done, i.total])).toEqual([
      [own.id, 1, 1],
      [group.id, 2, 4],
    ]);
    expect(plans.items[1].nameEn).toMatch(/^Task /);
    expect(plans.items[1].context).toMatch(/^Site /);

    // A member plan of the group stands as its group.
    const res = await get(place.owner, `/schedules/kpi/${child2.id}?${MARCH}`);
    expect(res.json<KpiStanding>()).toMatchObject({ item: { id: group.id, rank: 2, total: 4 }, ranked: 2 });
  });
});

describe('GET /v1/report/{kind}/kpi/{id}', () => {
  it("gives an entity's counts and rank among all ranked, zeros and no rank without schedules", async () => {
    const { place, d } = await fiveMembers();
    const res = await get(place.owner, `/members/kpi/${d.userId}?${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<KpiStanding>()).toMatchObject({
      item: { id: d.userId, rank: 4, done: 2, missed: 2, total: 4, completionRate: 50, ranking: { score: 57.1, average: 60, weight: 10, reason: 'few' } },
      ranked: 5,
    });

    const idle = await memberIn(place);
    const none = await get(place.owner, `/members/kpi/${idle.userId}?${MARCH}`);
    expect(none.json<KpiStanding>()).toEqual({
      item: {
        id: idle.userId,
        name: expect.any(String),
        nameEn: null,
        nameAr: null,
        context: null,
        rank: null,
        ranking: null,
        done: 0,
        late: 0,
        missed: 0,
        pending: 0,
        inProgress: 0,
        total: 0,
        completionRate: 0,
        ...NO_SCORES,
      },
      ranked: 5,
    });
    const site = await get(place.owner, `/teams/kpi/${place.siteId}?${MARCH}`);
    expect(site.json<KpiStanding>()).toMatchObject({ item: { id: place.siteId, rank: 1, done: 6, total: 10, completionRate: 60 }, ranked: 1 });
  });

  it('answers 404 for an id of another business, of every kind', async () => {
    const mine = await reportBusiness(t);
    const other = await reportBusiness(t);
    const stranger = await memberIn(other);
    const plan = await createPlanRow(t.app.db, { businessId: other.businessId, taskId: other.taskId, teamId: other.siteId, userId: stranger.userId });
    await placeSchedules(other, many(stranger.userId, '2024-03-10', 'done', 2, { planId: plan.id }));
    const ids = { members: stranger.userId, teams: other.siteId, projects: other.projectId, tasks: other.taskId, schedules: plan.id };
    for (const [kind, id] of Object.entries(ids)) {
      // Ranked and explained in its own business, never in another's.
      expect((await get(other.owner, `/${kind}/kpi/${id}?${MARCH}`)).json<KpiStanding>().item.ranking, kind).toMatchObject({ score: 100 });
      const res = await get(mine.owner, `/${kind}/kpi/${id}?${MARCH}`);
      expect(res.statusCode, kind).toBe(404);
      expect(res.body, kind).not.toMatch(/ranking|score/);
    }
  });
});

describe('what the caller sees', () => {
  it('gives a supervisor their sites and their own schedules, and a member only their own', async () => {
    const place = await reportBusiness(t);
    const otherSite = await createSite(t.app, place.owner, place.projectId);
    const m1 = await memberIn(place);
    const m2 = await memberIn(place, otherSite.id);
    const supervisor = await addSupervisor(t.app, place.owner, [place.siteId]);
    await placeSchedules(place, [
      ...many(m1.userId, '2024-03-10', 'done', 2),
      ...many(m2.userId, '2024-03-10', 'missed', 3, { teamId: otherSite.id }),
      // The supervisor's own schedule at a site they do not supervise.
      ...many(supervisor.userId, '2024-03-11', 'done', 1, { teamId: otherSite.id }),
    ]);
    const sup = await list(supervisor, `/members/kpi?${MARCH}`);
    expect(sup.items.map((i) => [i.id, i.total])).toEqual([
      [m1.userId, 2],
      [supervisor.userId, 1],
    ]);
    // The average a row is pulled towards is of what the caller sees: 3 of 3 here, not 3 of 6.
    expect(sup.items[0].ranking).toMatchObject({ score: 100, average: 100 });
    expect((await list(supervisor, `/teams/kpi?${MARCH}`)).items.map((i) => [i.id, i.total])).toEqual([
      [place.siteId, 2],
      [otherSite.id, 1],
    ]);

    const member = await list(m2, `/members/kpi?${MARCH}`);
    expect(member.items.map((i) => [i.id, i.total])).toEqual([[m2.userId, 3]]);
    // Another member's standing is empty for a plain member.
    const standing = await get(m2, `/members/kpi/${m1.userId}?${MARCH}`);
    expect(standing.json<KpiStanding>()).toMatchObject({ item: { rank: null, total: 0 }, ranked: 1 });

    const all = await list(place.owner, `/members/kpi?${MARCH}`);
    expect(all.total).toBe(3);
  });

  it("never counts another business's schedules, even with its ids in the filters", async () => {
    const mine = await reportBusiness(t);
    const other = await reportBusiness(t);
    const m = await memberIn(mine);
    const stranger = await memberIn(other);
    await placeSchedules(mine, many(m.userId, '2024-03-10', 'done', 1));
    await placeSchedules(other, many(stranger.userId, '2024-03-10', 'missed', 5));
    for (const kind of ['members', 'teams', 'projects', 'tasks', 'schedules']) {
      const res = await list(mine.owner, `/${kind}/kpi?${MARCH}`);
      expect(res.total, kind).toBe(1);
      // Its average is of this business alone: the other's five missed pull nothing.
      expect(res.items[0], kind).toMatchObject({ done: 1, total: 1, ranking: { score: 100, average: 100 } });
      const filtered = await list(mine.owner, `/${kind}/kpi?${MARCH}&users=${stranger.userId}&teams=${other.siteId}`);
      expect(filtered, kind).toEqual({ items: [], total: 0 });
    }
    const byTask = await list(mine.owner, `/members/kpi?${MARCH}&task=${other.taskId}`);
    expect(byTask.total).toBe(0);
  });
});
