// Scores beside completion (DESIGN §13): every report that counts schedules gives the average of
// their kept scores and the share that passed a pass mark, over the same schedules (the range by
// start, the filters, the caller's view), from the score rollups or the scores themselves; null
// where nothing was scored; and each listed answer the score of its inspection. Another business's
// scores never count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '@fieldops/shared/answers';
import type { BusinessStats, DashboardReport, KpiItem, KpiStanding, PerformancePoint } from '@fieldops/shared/reports';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { INSIDE, memberAtSite, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { addSupervisor, createProject, createSite, createTask, type Caller } from '../../../test/factories.ts';
import { MARCH, NO_SCORES, get, many, memberIn, placeSchedules, reportBusiness, scoreSchedules, type ReportPlace } from './report-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = async <T>(caller: Caller, url: string) => {
  const res = await get(caller, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
/** Each listed entity's id with its scores. */
const scoresOf = async (caller: Caller, url: string) =>
  (await read<KpiItem[]>(caller, url)).map(({ id, scored, averageScore, passed, failed, passRate }) => ({
    id,
    scored,
    averageScore,
    passed,
    failed,
    passRate,
  }));
const scoresIn = (counts: BusinessStats['schedules'] | KpiItem | PerformancePoint) => {
  const { scored, averageScore, passed, failed, passRate } = counts;
  return { scored, averageScore, passed, failed, passRate };
};

/**
 * Projects P1 (sites S1, S2) and P2 (S3); m1 in S1, m2 in S2, m3 in S3, a supervisor of S1.
 * March: m1 two done on the 5th scored 80 (passed) and 60 (failed) and one missed unscored; m2 one
 * done of task T2 on the 6th scored 90 with no pass mark; m3 one pending unscored. m1 has one done
 * on 1 April scored 10, outside March.
 */
async function business() {
  const place = await reportBusiness(t);
  const s1 = place.siteId;
  const s2 = (await createSite(t.app, place.owner, place.projectId)).id;
  const p2 = (await createProject(t.app, place.owner)).id;
  const s3 = (await createSite(t.app, place.owner, p2)).id;
  const t2 = (await createTask(t.app, place.owner)).id;
  const [m1, m2, m3] = [await memberIn(place, s1), await memberIn(place, s2), await memberIn(place, s3)];
  const supervisor = await addSupervisor(t.app, place.owner, [s1]);
  const [passed, failed, , done2, , april] = await placeSchedules(place, [
    ...many(m1.userId, '2024-03-05', 'done', 2),
    ...many(m1.userId, '2024-03-05', 'missed', 1),
    ...many(m2.userId, '2024-03-06', 'done', 1, { teamId: s2, taskId: t2 }),
    ...many(m3.userId, '2024-03-31', 'pending', 1, { teamId: s3 }),
    ...many(m1.userId, '2024-04-01', 'done', 1),
  ]);
  await scoreSchedules(place, [
    [passed, 80, true],
    [failed, 60, false],
    [done2, 90, null],
    [april, 10, false],
  ]);
  return { place, s1, s2, s3, p2, t2, m1, m2, m3, supervisor, plans: { passed: passed.planId, done2: done2.planId } };
}

/** A second business with scored work in March that would change every average if it leaked. */
async function noise() {
  const other = await reportBusiness(t);
  const m = await memberIn(other);
  const scheduled = await placeSchedules(other, many(m.userId, '2024-03-05', 'done', 3));
  await scoreSchedules(
    other,
    scheduled.map((s) => [s, 0, false]),
  );
  return other;
}

describe('scores in the reports', () => {
  let d: Awaited<ReturnType<typeof business>>;
  let other: ReportPlace;
  beforeAll(async () => {
    other = await noise();
    d = await business();
  });

  it("give the business's stats the average score and pass rate of the schedules in the range, narrowed as the counts are", async () => {
    const statsOf = async (caller: Caller, query = '') =>
      scoresIn((await read<BusinessStats>(caller, `/business/${caller.business.id}/stats?${MARCH}${query}`)).schedules);
    // (80 + 60 + 90) / 3; one passed of the two judged on a pass mark.
    expect(await statsOf(d.place.owner)).toEqual({ scored: 3, averageScore: 76.7, passed: 1, failed: 1, passRate: 50 });
    expect(await statsOf(d.place.owner, `&projectId=${d.place.projectId}`)).toEqual({ scored: 3, averageScore: 76.7, passed: 1, failed: 1, passRate: 50 });
    expect(await statsOf(d.place.owner, `&projectId=${d.p2}`)).toEqual(NO_SCORES);
    expect(await statsOf(d.place.owner, `&teamId=${d.s1}`)).toEqual({ scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 });
    expect(await statsOf(d.place.owner, `&userId=${d.m2.userId}`)).toEqual({ scored: 1, averageScore: 90, passed: 0, failed: 0, passRate: null });
    // April alone: m1's 10, failed.
    const april = await read<BusinessStats>(d.place.owner, `/business/${d.place.businessId}/stats?startDate=2024-04-01&endDate=2024-04-30`);
    expect(scoresIn(april.schedules)).toEqual({ scored: 1, averageScore: 10, passed: 0, failed: 1, passRate: 0 });
    // What a supervisor and a member see: the supervisor's site, the member's own.
    expect(await statsOf(d.supervisor)).toEqual({ scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 });
    expect(await statsOf(d.m2)).toEqual({ scored: 1, averageScore: 90, passed: 0, failed: 0, passRate: null });
    expect(await statsOf(d.m3)).toEqual(NO_SCORES);
  });

  it('give every ranked member, site, project, task and plan its average beside its rate, null where nothing was scored', async () => {
    const { owner } = d.place;
    expect(await scoresOf(owner, `/members/kpi?${MARCH}`)).toEqual([
      // m2 (1 of 1 done), m1 (2 of 3), m3 (0 of 1).
      { id: d.m2.userId, scored: 1, averageScore: 90, passed: 0, failed: 0, passRate: null },
      { id: d.m1.userId, scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 },
      { id: d.m3.userId, ...NO_SCORES },
    ]);
    expect(await scoresOf(owner, `/teams/kpi?${MARCH}`)).toEqual([
      { id: d.s2, scored: 1, averageScore: 90, passed: 0, failed: 0, passRate: null },
      { id: d.s1, scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 },
      { id: d.s3, ...NO_SCORES },
    ]);
    expect(await scoresOf(owner, `/projects/kpi?${MARCH}`)).toEqual([
      { id: d.place.projectId, scored: 3, averageScore: 76.7, passed: 1, failed: 1, passRate: 50 },
      { id: d.p2, ...NO_SCORES },
    ]);
    expect(await scoresOf(owner, `/tasks/kpi?${MARCH}`)).toEqual([
      { id: d.t2, scored: 1, averageScore: 90, passed: 0, failed: 0, passRate: null },
      { id: d.place.taskId, scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 },
    ]);
    // Each schedule here has a plan of its own: the worst first, then the busiest.
    const plans = await scoresOf(owner, `/schedules/kpi?${MARCH}&best=false&order=load`);
    expect(plans.find((p) => p.id === d.plans.passed)).toEqual({ id: d.plans.passed, scored: 1, averageScore: 80, passed: 1, failed: 0, passRate: 100 });
    expect(plans.find((p) => p.id === d.plans.done2)).toMatchObject({ averageScore: 90 });
    // The member and the task together read the scores themselves; a supervisor's view too.
    expect(await scoresOf(owner, `/members/kpi?${MARCH}&task=${d.place.taskId}&users=${d.m1.userId}`)).toEqual([
      { id: d.m1.userId, scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 },
    ]);
    expect(await scoresOf(d.supervisor, `/teams/kpi?${MARCH}`)).toEqual([{ id: d.s1, scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 }]);
  });

  it("give an entity's standing its scores, and the dashboard's lists the same as their own calls", async () => {
    const { owner } = d.place;
    const standing = await read<KpiStanding>(owner, `/members/kpi/${d.m1.userId}?${MARCH}`);
    expect(scoresIn(standing.item)).toEqual({ scored: 2, averageScore: 70, passed: 1, failed: 1, passRate: 50 });
    expect(scoresIn((await read<KpiStanding>(owner, `/members/kpi/${d.m3.userId}?${MARCH}`)).item)).toEqual(NO_SCORES);
    expect(scoresIn((await read<KpiStanding>(owner, `/projects/kpi/${d.place.projectId}?${MARCH}`)).item)).toMatchObject({ averageScore: 76.7 });
    expect(scoresIn((await read<KpiStanding>(owner, `/tasks/kpi/${d.t2}?${MARCH}`)).item)).toMatchObject({ averageScore: 90 });

    const dashboard = await read<DashboardReport>(owner, `/business/${d.place.businessId}/dashboard?${MARCH}`);
    expect(scoresIn(dashboard.stats.schedules)).toMatchObject({ averageScore: 76.7, passRate: 50 });
    expect(dashboard.best.members.items.map((i) => [i.id, i.averageScore])).toEqual([
      [d.m2.userId, 90],
      [d.m1.userId, 70],
      [d.m3.userId, null],
    ]);
  });

  it('give every day of the series the average of the schedules starting on it, null on days without one', async () => {
    const { owner } = d.place;
    const series = async (caller: Caller, query: string) =>
      (await read<PerformancePoint[]>(caller, `/performance?startDate=2024-03-04&endDate=2024-03-06${query}`)).map((p) => [p.date, p.averageScore, p.passRate]);
    const expected = [
      ['2024-03-04', null, null],
      ['2024-03-05', 70, 50],
      ['2024-03-06', 90, null],
    ];
    // From the score rollup by site, by member, and from the scores themselves.
    expect(await series(owner, '')).toEqual(expected);
    expect(await series(owner, `&users=${d.m1.userId},${d.m2.userId}`)).toEqual(expected);
    expect(await series(owner, `&task=${d.place.taskId}&users=${d.m1.userId}`)).toEqual(expected.slice(0, 2).concat([['2024-03-06', null, null]]));
    expect(await series(d.m2, '')).toEqual([
      ['2024-03-04', null, null],
      ['2024-03-05', null, null],
      ['2024-03-06', 90, null],
    ]);
  });

  it("never count another business's scores, nor give its entities'", async () => {
    // The other business sees its own three scores of 0 and nothing of this one's.
    const theirs = await read<BusinessStats>(other.owner, `/business/${other.businessId}/stats?${MARCH}`);
    expect(scoresIn(theirs.schedules)).toEqual({ scored: 3, averageScore: 0, passed: 0, failed: 3, passRate: 0 });
    expect((await scoresOf(other.owner, `/members/kpi?${MARCH}`)).map((i) => i.averageScore)).toEqual([0]);
    // Asked about this business's member or project, it is told they do not exist.
    for (const url of [`/members/kpi/${d.m1.userId}?${MARCH}`, `/projects/kpi/${d.place.projectId}?${MARCH}`]) {
      const res = await get(other.owner, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('averageScore');
    }
    // Narrowed to this business's project, its stats are refused rather than mixed.
    expect((await get(other.owner, `/business/${other.businessId}/stats?${MARCH}&projectId=${d.place.projectId}`)).statusCode).toBe(404);
  });

  it('follow the scores the app keeps as answers arrive and change', async () => {
    const { owner, siteId, member } = await memberAtSite(t.app);
    const scoring = { score: 1, na: false, photoRequired: false, noteRequired: false, flag: false };
    const { actions, schedule } = await scheduled(
      { t, owner, siteId },
      member,
      [{ required: true, type: 'YES_NO', rules: { YES: scoring, NO: { ...scoring, score: 0 } } }],
      {
        geo: false,
      },
    );
    const answer = async (value: string) => {
      const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: JSON.stringify(value), ...INSIDE });
      expect(res.statusCode, res.body).toBe(201);
    };
    // The last 30 days by default: the schedule started an hour ago.
    const standing = async () => scoresIn((await read<KpiStanding>(owner, `/members/kpi/${member.userId}`)).item);
    // The answers list (and so its exports) gives each answer its inspection's score as it stands.
    const listed = async () => (await read<ActionResult[]>(owner, '/latest/result')).map((a) => a.scheduleScore);
    expect(await standing()).toEqual(NO_SCORES);
    await answer('YES');
    expect(await standing()).toEqual({ scored: 1, averageScore: 100, passed: 0, failed: 0, passRate: null });
    expect(await listed()).toEqual([100]);
    await answer('NO');
    expect(await standing()).toEqual({ scored: 1, averageScore: 0, passed: 0, failed: 0, passRate: null });
    expect(await listed()).toEqual([0, 0]);
    // An answer to a task that scores nothing has no score.
    const plain = await scheduled({ t, owner, siteId }, member, [{ required: true }], { geo: false });
    const res = await submit(member, { scheduleId: String(plain.schedule.id), actionId: String(plain.actions[0].id), value: '"YES"', ...INSIDE });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ result: ActionResult }>().result.scheduleScore).toBeNull();
    expect(await listed()).toEqual([null, 0, 0]);
  });

  it('give tasks, sites and projects in their lists the average score of their finished inspections over the last 30 days', async () => {
    const place = await reportBusiness(t);
    await noise();
    const s2 = (await createSite(t.app, place.owner, place.projectId)).id;
    const p2 = (await createProject(t.app, place.owner)).id;
    const [m1, m2] = [await memberIn(place), await memberIn(place, s2)];
    // Local days in Riyadh, `ago` days back.
    const day = (ago: number) => new Date(Date.now() + 3 * 3600_000 - ago * 86_400_000).toISOString().slice(0, 10);
    const [first, second, old, other] = await placeSchedules(place, [
      ...many(m1.userId, day(2), 'done', 2),
      ...many(m1.userId, day(40), 'done', 1),
      ...many(m2.userId, day(3), 'done', 1, { teamId: s2 }),
    ]);
    await scoreSchedules(place, [
      [first, 80, true],
      [second, 60, false],
      [old, 10, false],
      [other, 100, null],
    ]);
    const list = async (url: string) => {
      const res = await place.owner.request({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; averageScore: number | null }[]>().map(({ id, averageScore }) => ({ id, averageScore }));
    };
    // The schedules of 40 days ago are not counted: (80 + 60 + 100) / 3.
    expect(await list('/services/workflow/api/v1/tasks?size=100')).toEqual([{ id: place.taskId, averageScore: 80 }]);
    expect((await list('/api/v1/teams?size=100')).sort((a, b) => a.id - b.id)).toEqual([
      { id: place.siteId, averageScore: 70 },
      { id: s2, averageScore: 100 },
    ]);
    expect((await list('/api/v1/projects?size=100')).sort((a, b) => a.id - b.id)).toEqual([
      { id: place.projectId, averageScore: 80 },
      { id: p2, averageScore: null },
    ]);
  });
});
