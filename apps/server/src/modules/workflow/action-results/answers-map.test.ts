// The answers map of the reports: the answers with a position meeting the submissions filters,
// each with its status as judged or overridden and its distance from the site's pin, the sites'
// geofences, at most the newest ANSWERS_MAP_LIMIT with the total beside them, bad filters refused,
// and never another business's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS_MAP_LIMIT, type AnswersMap } from '@fieldops/shared/answers-map';
import { INSIDE, OUTSIDE, SITE, memberAtSite, otherBusiness, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { createAnswerRow, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findAnswersMap } from './answers-map.repository.ts';

const W = '/services/workflow/api/v1';
const MAP = `${W}/report/answers/map`;
let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;
let siteId: number;
let taskId: number;
const ids = { inside: 0, outside: 0, unverified: 0, overridden: 0, noPosition: 0, otherTask: 0, foreign: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  const place = { t, owner, siteId };
  const s = await scheduled(place, member, [{}, {}, {}, {}, {}]);
  taskId = s.task.id;
  const answer = async (index: number, position: Record<string, string>) =>
    (await submit(member, { scheduleId: String(s.schedule.id), actionId: String(s.actions[index]!.id), value: '"YES"', ...position })).json().result
      .id as number;
  ids.inside = await answer(0, INSIDE);
  ids.outside = await answer(1, OUTSIDE);
  ids.unverified = await answer(2, { ...INSIDE, accuracy: '500' });
  ids.overridden = await answer(3, OUTSIDE);
  ids.noPosition = await answer(4, {});
  const overridden = await owner.request({ method: 'POST', url: `${W}/action-results/${ids.overridden}/override`, payload: { reason: 'The loading bay' } });
  expect(overridden.statusCode, overridden.body).toBe(200);
  // An answer of a task that does not check location.
  const unchecked = await scheduled(place, member, [{}], { geo: false });
  ids.otherTask = (
    await submit(member, { scheduleId: String(unchecked.schedule.id), actionId: String(unchecked.actions[0]!.id), value: '"YES"', ...INSIDE })
  ).json().result.id as number;
  // Another business's answer at the same place.
  const foreign = await otherBusiness(t.app);
  other = foreign.other;
  const foreignPlace = await memberAtSite(t.app);
  const f = await scheduled({ t, owner: foreignPlace.owner, siteId: foreignPlace.siteId }, foreignPlace.member);
  ids.foreign = (await submit(foreignPlace.member, { scheduleId: String(f.schedule.id), actionId: String(f.actions[0]!.id), value: '"YES"', ...INSIDE })).json()
    .result.id as number;
});
afterAll(() => t.close());

const mapOf = async (caller: Caller, query = '') => {
  const res = await caller.request({ method: 'GET', url: `${MAP}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AnswersMap;
};

describe('GET /v1/report/answers/map', () => {
  it('places each answer with a position with its status, distance and site, leaving out those without one', async () => {
    const map = await mapOf(owner);
    const byId = new Map(map.answers.map((a) => [a.id, a]));
    expect(byId.get(ids.inside)).toMatchObject({ status: 'INSIDE', teamId: siteId, userId: member.userId, taskId, accuracy: 10 });
    expect(byId.get(ids.outside)?.status).toBe('OUTSIDE');
    expect(byId.get(ids.unverified)?.status).toBe('UNVERIFIED');
    expect(byId.get(ids.overridden)?.status).toBe('OVERRIDDEN');
    expect(byId.get(ids.otherTask)?.status).toBe('NOT_CHECKED');
    expect(byId.has(ids.noPosition)).toBe(false);
    // OUTSIDE is 0.01° of latitude north of the pin: about 1,112 m.
    expect(byId.get(ids.outside)?.distance).toBeGreaterThan(1100);
    expect(byId.get(ids.outside)?.distance).toBeLessThan(1125);
    expect(byId.get(ids.inside)?.distance).toBeLessThan(20);
    // And how far beyond the site's circle of 200 m it is; one inside is not beyond it at all.
    expect(byId.get(ids.outside)?.fromGeofence).toBeGreaterThan(900);
    expect(byId.get(ids.outside)?.fromGeofence).toBeLessThan(925);
    expect(byId.get(ids.inside)?.fromGeofence).toBe(0);
    expect(map.total).toBe(5);
    expect(map.limit).toBe(ANSWERS_MAP_LIMIT);
    expect(map.sites).toEqual([expect.objectContaining({ id: siteId, latitude: SITE.latitude, longitude: SITE.longitude, radius: expect.any(Number) })]);
    // Newest first.
    expect(map.answers[0]?.id).toBe(ids.otherTask);
  });

  it('keeps to the filters', async () => {
    expect((await mapOf(owner, `task=${taskId}`)).answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(
      [ids.inside, ids.outside, ids.unverified, ids.overridden].sort((a, b) => a - b),
    );
    expect((await mapOf(owner, `users=${owner.userId}`)).total).toBe(0);
    expect((await mapOf(owner, `teams=${siteId}`)).total).toBe(5);
    expect((await mapOf(owner, 'startDate=2000-01-01&endDate=2000-01-02')).answers).toEqual([]);
    expect((await mapOf(member)).total).toBe(5);
  });

  it('refuses bad filters with a problem', async () => {
    for (const query of ['startDate=2026-05-02&endDate=2026-05-01', 'teams=abc', 'delayed=maybe', 'startDate=yesterday']) {
      const res = await owner.request({ method: 'GET', url: `${MAP}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it("never gives another business's answers or sites", async () => {
    const map = await mapOf(other);
    expect(map.answers).toEqual([]);
    expect(map.sites).toEqual([]);
    const foreignSite = await mapOf(owner, `teams=${siteId + 1000}`);
    expect(foreignSite.answers.some((a) => a.id === ids.foreign)).toBe(false);
    expect((await mapOf(owner)).answers.some((a) => a.id === ids.foreign)).toBe(false);
  });

  it('gives the newest answers up to the limit and counts them all', async () => {
    const s = await scheduled({ t, owner, siteId }, member, [{}]);
    for (let i = 0; i < 4; i++) {
      await createAnswerRow(t.app.db, s.schedule, s.actions[0]!.id, {
        latitude: SITE.latitude,
        longitude: SITE.longitude,
        createdDate: new Date(Date.now() + i * 1000),
      });
    }
    const scope = { businessId: owner.business.id, timeZone: 'UTC', all: true, supervised: [], userId: owner.userId };
    const capped = await findAnswersMap(t.app.db, scope, { task: s.task.id }, 3);
    expect(capped.total).toBe(4);
    expect(capped.answers).toHaveLength(3);
  });
});
