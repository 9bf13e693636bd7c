import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_LOAD_SIZE, DASHBOARD_LOADED, DASHBOARD_RANKED, DASHBOARD_TAGS_SIZE, type DashboardReport } from '@fieldops/shared/reports';
import { actionTags, tags } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addSupervisor, createAction, createAnswerRow, createProject, createSite, type Caller } from '../../../test/factories.ts';
import { MARCH, get, many, memberIn, placeSchedules, reportBusiness, riyadh, type ReportPlace } from './report-test-kit.ts';

let t: TestApp;
let place: ReportPlace;
let supervisor: Caller;
let member: Caller;
let sites: number[];
let otherProject: number;
beforeAll(async () => {
  t = await createTestApp();
  // Two projects, three sites, a member in each, a supervisor of the first site; March work of
  // every kind, answers to a tagged action.
  place = await reportBusiness(t);
  otherProject = (await createProject(t.app, place.owner)).id;
  sites = [place.siteId, (await createSite(t.app, place.owner, place.projectId)).id, (await createSite(t.app, place.owner, otherProject)).id];
  const members = [await memberIn(place, sites[0]), await memberIn(place, sites[1]), await memberIn(place, sites[2])];
  member = members[0];
  supervisor = await addSupervisor(t.app, place.owner, [sites[0]]);
  const [done] = await placeSchedules(place, [
    ...many(members[0].userId, '2024-03-05', 'done', 3),
    ...many(members[0].userId, '2024-03-06', 'missed', 1),
    ...many(members[1].userId, '2024-03-07', 'done', 1, { teamId: sites[1] }),
    ...many(members[2].userId, '2024-03-08', 'pending', 2, { teamId: sites[2] }),
  ]);
  const action = await createAction(t.app, place.owner, place.taskId);
  const [tag] = await t.app.db.insert(tags).values({ businessId: place.businessId, nameEn: 'Quality', nameAr: 'الجودة' }).returning();
  await t.app.db.insert(actionTags).values({ actionId: action.id, tagId: tag.id, businessId: place.businessId });
  await createAnswerRow(t.app.db, done, action.id, { createdDate: riyadh('2024-03-05T10:10') });
  await createAnswerRow(t.app.db, done, action.id, { createdDate: riyadh('2024-03-05T10:20'), isFlagged: true });
});
afterAll(() => t.close());

async function body(caller: Caller, url: string) {
  const res = await get(caller, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
}

/** What the dashboard's cards read one call at a time. */
async function oneByOne(caller: Caller, scope: { stats: string; filter: string }) {
  const pageOf = async (url: string) => {
    const res = await body(caller, url);
    return { items: res.json(), total: Number(res.headers['x-total-count']) };
  };
  const query = `${MARCH}${scope.filter}`;
  const best: Record<string, unknown> = {};
  for (const kind of DASHBOARD_RANKED) best[kind] = await pageOf(`/${kind}/kpi?${query}&best=true`);
  const load: Record<string, unknown> = {};
  for (const kind of DASHBOARD_LOADED) load[kind] = await pageOf(`/${kind}/kpi?${query}&order=load&size=${DASHBOARD_LOAD_SIZE}`);
  return {
    stats: (await body(caller, `/business/${caller.business.id}/stats?${MARCH}${scope.stats}`)).json(),
    best,
    load,
    tags: await pageOf(`/tags/kpi?${query}&size=${DASHBOARD_TAGS_SIZE}`),
  };
}

describe('GET /v1/report/business/{businessId}/dashboard', () => {
  it("answers exactly what the dashboard's cards read one call at a time, for every view and scope", async () => {
    const scopes = [
      { stats: '', filter: '' },
      { stats: `&projectId=${place.projectId}`, filter: `&projects=${place.projectId}` },
      { stats: `&teamId=${sites[2]}`, filter: `&teams=${sites[2]}` },
      { stats: `&userId=${member.userId}`, filter: `&users=${member.userId}` },
    ];
    for (const caller of [place.owner, supervisor, member]) {
      for (const scope of scopes) {
        const report = (await body(caller, `/business/${caller.business.id}/dashboard?${MARCH}${scope.stats}`)).json<DashboardReport>();
        expect(report, `${caller.username} ${scope.stats}`).toEqual(await oneByOne(caller, scope));
      }
    }
    // The owner's answer has work in it: the comparison is not of empty lists.
    const owner = (await body(place.owner, `/business/${place.businessId}/dashboard?${MARCH}`)).json<DashboardReport>();
    expect(owner.stats.schedules.total).toBe(7);
    expect(owner.best.members.items).toHaveLength(3);
    expect(owner.load.teams.items.map((item) => item.id)).toEqual([sites[0], sites[2], sites[1]]);
    expect(owner.tags.items).toMatchObject([{ nameEn: 'Quality', answers: 2 }]);
  });

  it("refuses another business, another business's project, and more than one scope", async () => {
    const other = await reportBusiness(t);
    expect((await get(place.owner, `/business/${other.businessId}/dashboard?${MARCH}`)).statusCode).toBe(404);
    expect((await get(place.owner, `/business/${place.businessId}/dashboard?${MARCH}&projectId=${other.projectId}`)).statusCode).toBe(404);
    const both = await get(place.owner, `/business/${place.businessId}/dashboard?${MARCH}&projectId=${place.projectId}&teamId=${sites[0]}`);
    expect(both.statusCode).toBe(400);
    expect(both.headers['content-type']).toContain('application/problem+json');
  });
});
