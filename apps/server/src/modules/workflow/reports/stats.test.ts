import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessStats } from '@fieldops/shared/reports';
import { MSG } from '@fieldops/shared/messages';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addSupervisor, createAction, createAnswerRow, createProject, createScheduleRow, createSite, type Caller } from '../../../test/factories.ts';
import { MARCH, NO_SCORES, get, many, memberIn, placeSchedules, reportBusiness, riyadh, type ReportPlace } from './report-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const statsOf = async (caller: Caller, query = MARCH, businessId = caller.business.id) => {
  const res = await get(caller, `/business/${businessId}/stats?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BusinessStats>();
};

/**
 * Projects P1 (sites S1, S2) and P2 (S3); m1 in S1, m2 in S2, m3 in S3, a supervisor of S1.
 * March: m1 2 done, m2 1 missed, m3 1 pending. m1 also has a schedule open right now.
 * Answers in March on m1's first schedule: 2 counted (1 flagged, delivered late) and 1 flagged
 * outside the geofence (delivered late too, not counted); one on m3's schedule given on 1 April.
 */
async function business() {
  const place = await reportBusiness(t);
  const s1 = place.siteId;
  const s2 = (await createSite(t.app, place.owner, place.projectId)).id;
  const p2 = (await createProject(t.app, place.owner)).id;
  const s3 = (await createSite(t.app, place.owner, p2)).id;
  const m1 = await memberIn(place, s1);
  const m2 = await memberIn(place, s2);
  const m3 = await memberIn(place, s3);
  const supervisor = await addSupervisor(t.app, place.owner, [s1]);
  const [done1] = await placeSchedules(place, [...many(m1.userId, '2024-03-05', 'done', 2), ...many(m2.userId, '2024-03-05', 'missed', 1, { teamId: s2 })]);
  const [pending3] = await placeSchedules(place, many(m3.userId, '2024-03-31', 'pending', 1, { teamId: s3 }));
  await createScheduleRow(t.app.db, { businessId: place.businessId, taskId: place.taskId, teamId: s1, userId: m1.userId });
  const action = await createAction(t.app, place.owner, place.taskId);
  await createAnswerRow(t.app.db, done1, action.id, { createdDate: riyadh('2024-03-05T10:10') });
  await createAnswerRow(t.app.db, done1, action.id, { createdDate: riyadh('2024-03-31T23:59'), isFlagged: true, late: true });
  await createAnswerRow(t.app.db, done1, action.id, { createdDate: riyadh('2024-03-05T10:20'), isFlagged: true, outside: true, late: true });
  await createAnswerRow(t.app.db, pending3, action.id, { createdDate: riyadh('2024-04-01T00:00') });
  return { place, s1, s2, s3, p2, m1, m2, m3, supervisor };
}

/** A second business with work in March that would change every number if it leaked. */
async function noise() {
  const other = await reportBusiness(t);
  const m = await memberIn(other);
  const [s] = await placeSchedules(other, many(m.userId, '2024-03-05', 'missed', 3));
  await createScheduleRow(t.app.db, { businessId: other.businessId, taskId: other.taskId, teamId: other.siteId, userId: m.userId });
  const action = await createAction(t.app, other.owner, other.taskId);
  await createAnswerRow(t.app.db, s, action.id, { createdDate: riyadh('2024-03-05T10:10'), isFlagged: true, late: true });
  return other;
}

describe('GET /v1/report/business/{businessId}/stats', () => {
  let data: Awaited<ReturnType<typeof business>>;
  let other: ReportPlace;
  beforeAll(async () => {
    other = await noise();
    data = await business();
  });

  it("counts the business's organisation, open schedules, schedules by status and counted answers in the range", async () => {
    expect(await statsOf(data.place.owner)).toEqual({
      projects: 2,
      teams: 3,
      // The owner, three members and the supervisor.
      members: 5,
      activeSchedules: 1,
      schedules: { done: 2, late: 0, missed: 1, pending: 1, inProgress: 0, total: 4, completionRate: 50, ...NO_SCORES },
      answers: 2,
      flagged: 1,
      lateAnswers: 1,
    });
    const april = await statsOf(data.place.owner, 'startDate=2024-04-01&endDate=2024-04-01');
    expect(april).toMatchObject({ schedules: { total: 0, completionRate: 0 }, answers: 1, flagged: 0, lateAnswers: 0, activeSchedules: 1 });
  });

  it('narrows to a project, a site or a member', async () => {
    const { place, s3, m1 } = data;
    expect(await statsOf(place.owner, `${MARCH}&projectId=${place.projectId}`)).toEqual({
      projects: 1,
      teams: 2,
      members: 3,
      activeSchedules: 1,
      schedules: { done: 2, late: 0, missed: 1, pending: 0, inProgress: 0, total: 3, completionRate: 66.7, ...NO_SCORES },
      answers: 2,
      flagged: 1,
      lateAnswers: 1,
    });
    expect(await statsOf(place.owner, `${MARCH}&teamId=${s3}`)).toEqual({
      projects: 1,
      teams: 1,
      members: 1,
      activeSchedules: 0,
      schedules: { done: 0, late: 0, missed: 0, pending: 1, inProgress: 0, total: 1, completionRate: 0, ...NO_SCORES },
      answers: 0,
      flagged: 0,
      lateAnswers: 0,
    });
    expect(await statsOf(place.owner, `${MARCH}&userId=${m1.userId}`)).toMatchObject({
      projects: 1,
      teams: 1,
      members: 1,
      activeSchedules: 1,
      schedules: { done: 2, total: 2, completionRate: 100 },
      answers: 2,
      // Counted from the answers themselves: the same late count as the rollups give.
      lateAnswers: 1,
    });
  });

  it('counts for a supervisor their sites and their own work, for a member their own', async () => {
    expect(await statsOf(data.supervisor)).toMatchObject({ activeSchedules: 1, schedules: { done: 2, total: 2 }, answers: 2 });
    expect(await statsOf(data.m2)).toMatchObject({ activeSchedules: 0, schedules: { missed: 1, total: 1 }, answers: 0 });
  });

  it("answers 404 for another business, or another business's project, site or member, and 400 for two filters", async () => {
    const { place } = data;
    const notMine = await get(place.owner, `/business/${other.businessId}/stats`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(MSG.businessNotFound);
    for (const query of [`projectId=${other.projectId}`, `teamId=${other.siteId}`, `userId=${other.owner.userId}`]) {
      expect((await get(place.owner, `/business/${place.businessId}/stats?${query}`)).statusCode, query).toBe(404);
    }
    const two = await get(place.owner, `/business/${place.businessId}/stats?projectId=${place.projectId}&teamId=${data.s1}`);
    expect(two.statusCode).toBe(400);
    expect(two.json().fieldErrors).toEqual([{ field: 'teamId', message: MSG.invalid }]);
    const long = await get(place.owner, `/business/${place.businessId}/stats?startDate=2020-01-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual([{ field: 'endDate', message: MSG.reportRangeTooLong }]);
  });
});
