import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionKpi, TagKpi } from '@fieldops/shared/reports';
import { MSG } from '@fieldops/shared/messages';
import { actionTags, tags } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAction, createAnswerRow, createTask, type Caller } from '../../../test/factories.ts';
import { MARCH, get, many, memberIn, placeSchedules, reportBusiness, riyadh, type ReportPlace } from './report-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const page = async <T>(caller: Caller, url: string) => {
  const res = await get(caller, url);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<T[]>(), total: Number(res.headers['x-total-count']) };
};

async function tag(place: ReportPlace, name: string, actionIds: number[]) {
  const [row] = await t.app.db
    .insert(tags)
    .values({ businessId: place.businessId, nameEn: name, nameAr: `${name} ع` })
    .returning();
  for (const actionId of actionIds) await t.app.db.insert(actionTags).values({ actionId, tagId: row.id, businessId: place.businessId });
  return row.id;
}

/**
 * Task 1 has actions a1 (tagged Quality) and a2 (tagged Safety); task 2 has b1. Answers in March:
 * a1 3 counted by m1 (one flagged) and 1 outside the geofence; a2 1 by m1; b1 2 counted by m2 and
 * 2 outside. Just outside the range: a1 at 00:00 on 1 April and a2 at 23:59 on 29 February.
 */
async function answered() {
  const place = await reportBusiness(t);
  const m1 = await memberIn(place);
  const m2 = await memberIn(place);
  const task2 = await createTask(t.app, place.owner);
  const a1 = await createAction(t.app, place.owner, place.taskId, { nameEn: 'Check the door' });
  const a2 = await createAction(t.app, place.owner, place.taskId);
  const b1 = await createAction(t.app, place.owner, task2.id);
  const [s1] = await placeSchedules(place, many(m1.userId, '2024-03-10', 'done', 1));
  const [s2] = await placeSchedules(place, many(m2.userId, '2024-03-10', 'done', 1, { taskId: task2.id }));
  const answer = (s: typeof s1, actionId: number, local: string, extra: { outside?: boolean; isFlagged?: boolean; late?: boolean } = {}) =>
    createAnswerRow(t.app.db, s, actionId, { createdDate: riyadh(local), ...extra });
  await answer(s1, a1.id, '2024-03-01T00:00');
  await answer(s1, a1.id, '2024-03-10T10:05', { isFlagged: true });
  await answer(s1, a1.id, '2024-03-31T23:59', { late: true });
  await answer(s1, a1.id, '2024-03-10T10:06', { outside: true, isFlagged: true, late: true });
  await answer(s1, a1.id, '2024-04-01T00:00');
  await answer(s1, a2.id, '2024-03-10T10:07');
  await answer(s1, a2.id, '2024-02-29T23:59');
  await answer(s2, b1.id, '2024-03-10T11:00');
  await answer(s2, b1.id, '2024-03-10T11:01', { late: true });
  await answer(s2, b1.id, '2024-03-10T11:02', { outside: true });
  await answer(s2, b1.id, '2024-03-10T11:03', { outside: true });
  const quality = await tag(place, 'Quality', [a1.id]);
  const safety = await tag(place, 'Safety', [a2.id]);
  const unused = await tag(place, 'Compliance', []);
  return { place, m1, m2, task2: task2.id, a1: a1.id, a2: a2.id, b1: b1.id, quality, safety, unused };
}

/** Another business whose answers in March would change every list if they leaked. */
async function noise() {
  const other = await reportBusiness(t);
  const m = await memberIn(other);
  const action = await createAction(t.app, other.owner, other.taskId);
  const [s] = await placeSchedules(other, many(m.userId, '2024-03-10', 'done', 1));
  for (let i = 0; i < 5; i++) await createAnswerRow(t.app.db, s, action.id, { createdDate: riyadh('2024-03-10T12:00') });
  const otherTag = await tag(other, 'Quality', [action.id]);
  return { other, otherTag, action: action.id, member: m };
}

describe('answer KPIs', () => {
  let data: Awaited<ReturnType<typeof answered>>;
  let outsider: Awaited<ReturnType<typeof noise>>;
  beforeAll(async () => {
    outsider = await noise();
    data = await answered();
  });

  it('lists actions by counted answers, with flagged, outside-geofence and late-delivered answers apart', async () => {
    const { place, a1, a2, b1, task2, m2 } = data;
    const { items, total } = await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}`);
    expect(total).toBe(3);
    // Late: of the counted ones only (a1's late answer from outside is in none of the counts).
    expect(items.map((i) => [i.id, i.answers, i.flagged, i.outside, i.late])).toEqual([
      [a1, 3, 1, 1, 1],
      [b1, 2, 0, 2, 1],
      [a2, 1, 0, 0, 0],
    ]);
    // The same from the answers themselves when narrowed to a member.
    const mine = await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&users=${m2.userId}`);
    expect(mine.items.map((i) => [i.id, i.answers, i.late])).toEqual([[b1, 2, 1]]);
    expect(items[0]).toMatchObject({ nameEn: 'Check the door', type: 'YES_NO', taskId: place.taskId, taskNameEn: expect.stringMatching(/^Task /) });
    expect(items[1].taskId).toBe(task2);
    const second = await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&size=1&page=1`);
    expect(second).toMatchObject({ total: 3, items: [{ id: b1 }] });
  });

  it('narrows answers by member, task and tag', async () => {
    const { place, m2, a1, a2, b1, task2, safety } = data;
    expect((await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&users=${m2.userId}`)).items.map((i) => i.id)).toEqual([b1]);
    expect((await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&task=${task2}`)).items.map((i) => i.id)).toEqual([b1]);
    expect((await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&teams=${place.siteId}&task=${place.taskId}`)).items.map((i) => i.id)).toEqual([a1, a2]);
    const tagged = await page<ActionKpi>(place.owner, `/actions/kpi/tag/${safety}?${MARCH}`);
    expect(tagged).toMatchObject({ total: 1, items: [{ id: a2, answers: 1 }] });
  });

  it('ranks tags by counted answers to their actions, tags without answers last', async () => {
    const { place, quality, safety, unused } = data;
    const { items, total } = await page<TagKpi>(place.owner, `/tags/kpi?${MARCH}`);
    expect(total).toBe(3);
    expect(items).toEqual([
      { id: quality, nameEn: 'Quality', nameAr: 'Quality ع', actions: 1, answers: 3 },
      { id: safety, nameEn: 'Safety', nameAr: 'Safety ع', actions: 1, answers: 1 },
      { id: unused, nameEn: 'Compliance', nameAr: 'Compliance ع', actions: 0, answers: 0 },
    ]);
  });

  it('gives a member only their own answers', async () => {
    const { m2, b1, quality, safety } = data;
    expect((await page<ActionKpi>(m2, `/actions/kpi?${MARCH}`)).items.map((i) => [i.id, i.answers])).toEqual([[b1, 2]]);
    const tagsSeen = (await page<TagKpi>(m2, `/tags/kpi?${MARCH}`)).items;
    expect(tagsSeen.filter((x) => x.id === quality || x.id === safety).map((x) => x.answers)).toEqual([0, 0]);
  });

  it("never counts another business's answers, and answers 404 for its tag", async () => {
    const { place } = data;
    const actions = await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&size=100`);
    expect(actions.items.map((i) => i.id)).not.toContain(outsider.action);
    expect((await page<ActionKpi>(place.owner, `/actions/kpi?${MARCH}&users=${outsider.member.userId}`)).total).toBe(0);
    const tagsSeen = await page<TagKpi>(place.owner, `/tags/kpi?${MARCH}`);
    expect(tagsSeen.items.map((x) => x.id)).not.toContain(outsider.otherTag);
    const foreign = await get(place.owner, `/actions/kpi/tag/${outsider.otherTag}?${MARCH}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.tagNotFound);
  });

  it('refuses a bad range', async () => {
    const res = await get(data.place.owner, '/tags/kpi?startDate=2024-03-02&endDate=2024-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([{ field: 'endDate', message: MSG.endBeforeStart }]);
  });
});
