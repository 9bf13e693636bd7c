// Cover (DESIGN §6): a member asks cover on their open schedule; a colleague of the site accepts,
// or a manager of the site assigns one; the schedule moves with its answers and the request keeps
// who had it, who asked and who covered; requests are withdrawn; a closed or moved schedule is
// refused; and the rollups count the schedule for whoever has it, against a recount.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import type { CoverRequest } from '@fieldops/shared/pool';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { rowsOf } from '../../../db/client.ts';
import { actionResults, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addSupervisor, createAction, createBusinessWithOwner, createScheduleRow, type Caller } from '../../../test/factories.ts';
import { submit } from '../../../test/answer-test-kit.ts';
import { BASE, createWorld, type World } from '../execution-plans/plan-test-kit.ts';

let t: TestApp;
let w: World;
let actions: number[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 3);
  actions = [];
  for (let order = 0; order < 2; order++) actions.push((await createAction(t.app, w.owner, w.taskId, { order, type: 'YES_NO', required: true })).id);
});
afterAll(() => t.close());

/** An open schedule of `member` at the world's site (started an hour ago, deadline in an hour). */
const openSchedule = async (member: Caller) =>
  createScheduleRow(t.app.db, { businessId: w.owner.business.id, taskId: w.taskId, teamId: w.siteId, userId: member.userId });
const ask = (caller: Caller, scheduleId: number, payload: Record<string, unknown> = {}) =>
  caller.request({ method: 'POST', url: `${BASE}/v1/schedules/${scheduleId}/cover-requests`, payload });
const act = (caller: Caller, id: number, verb: 'accept' | 'withdraw' | 'assign', payload?: Record<string, unknown>) =>
  caller.request({ method: 'POST', url: `${BASE}/v1/cover-requests/${id}/${verb}`, ...(payload ? { payload } : {}) });
const list = async (caller: Caller, query = '') => {
  const res = await caller.request({ method: 'GET', url: `${BASE}/v1/cover-requests${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CoverRequest[]>();
};
const holder = async (id: number) => (await t.app.db.select({ userId: schedules.userId }).from(schedules).where(eq(schedules.id, id)))[0].userId;

/** Every member rollup row of the business equals a count of its schedules by member and day. */
async function expectRollupsExact(businessId: number) {
  const diff = rowsOf(
    await t.app.db.execute(sql`
      with counted as (
        select s.team_id, s.user_id, (s.start at time zone b.time_zone)::date as day,
          count(*) filter (where s.status = 'done')::int as done, count(*) filter (where s.status = 'pending')::int as pending,
          count(*) filter (where s.status = 'inProgress')::int as in_progress, count(*)::int as total
        from schedules s join businesses b on b.id = s.business_id
        where s.business_id = ${businessId} and s.user_id is not null group by 1, 2, 3),
      kept as (
        select team_id, user_id, period as day, done, pending, in_progress, total from report_schedules_by_member
        where business_id = ${businessId} and grain = 'D' and total <> 0)
      (select * from counted except select * from kept) union all (select * from kept except select * from counted)`),
  );
  expect(diff).toEqual([]);
}

describe('cover', () => {
  it('moves a schedule to the colleague who accepts, with its answers, and keeps who asked and who covered', async () => {
    const [asker, colleague] = w.members;
    const schedule = await openSchedule(asker);
    const answered = await submit(asker, { scheduleId: String(schedule.id), actionId: String(actions[0]), value: '"YES"' });
    expect(answered.statusCode, answered.body).toBe(201);

    const created = await ask(asker, schedule.id, { reason: '  Ill today ' });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<CoverRequest>();
    expect(request).toMatchObject({ status: 'OPEN', reason: 'Ill today', requester: { id: asker.userId }, cover: null });
    // Asked again (a retry), the same request answers.
    const again = await ask(asker, schedule.id, { reason: 'Ill today' });
    expect(again.statusCode).toBe(200);
    expect(again.json<CoverRequest>().id).toBe(request.id);
    // Colleagues of the site see it; the asker sees their own.
    expect((await list(colleague)).map((r) => r.id)).toContain(request.id);
    expect((await list(asker)).map((r) => r.id)).toContain(request.id);

    expect((await act(asker, request.id, 'accept')).json().message).toBe(MSG.coverOwnSchedule);
    const accepted = await act(colleague, request.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<CoverRequest>()).toMatchObject({ status: 'ACCEPTED', cover: { id: colleague.userId }, decidedBy: { id: colleague.userId } });
    expect(await holder(schedule.id)).toBe(colleague.userId);

    // The colleague's runner has the first answer, and finishing it makes the schedule done.
    const detail = await colleague.request({ method: 'GET', url: `${BASE}/schedules/${schedule.id}?eagerLoad=true` });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<ScheduleDetail>();
    expect(body.canAnswer).toBe(true);
    expect(body.answers.map((a) => a.action.id)).toEqual([actions[0]]);
    const finished = await submit(colleague, { scheduleId: String(schedule.id), actionId: String(actions[1]), value: '"NO"' });
    expect(finished.statusCode, finished.body).toBe(201);
    const [row] = await t.app.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row.status).toBe('done');
    const given = await t.app.db.select({ userId: actionResults.userId }).from(actionResults).where(eq(actionResults.scheduleId, schedule.id));
    expect(given.map((a) => a.userId).sort()).toEqual([asker.userId, colleague.userId].sort());
    // The asker no longer sees it (a member sees their own), and it is out of the open requests.
    expect((await submit(asker, { scheduleId: String(schedule.id), actionId: String(actions[1]), value: '"YES"' })).statusCode).toBe(404);
    expect((await list(colleague)).map((r) => r.id)).not.toContain(request.id);

    // Its history: who asked, who covered, when.
    const history = await colleague.request({ method: 'GET', url: `${BASE}/v1/schedules/${schedule.id}/cover-requests` });
    expect(history.statusCode).toBe(200);
    expect(history.json<CoverRequest[]>()).toMatchObject([
      { id: request.id, requester: { id: asker.userId }, cover: { id: colleague.userId }, status: 'ACCEPTED' },
    ]);
    expect(history.json<CoverRequest[]>()[0].decidedAt).not.toBeNull();
    await expectRollupsExact(w.owner.business.id);
  });

  it('lets a manager of the site assign a colleague, and no one else', async () => {
    const [asker, colleague, third] = w.members;
    const schedule = await openSchedule(asker);
    const request = (await ask(asker, schedule.id)).json<CoverRequest>();
    expect(request.reason).toBeNull();
    // A plain member cannot assign; a supervisor of another site does not see the request.
    expect((await act(colleague, request.id, 'assign', { userId: third.userId })).statusCode).toBe(403);
    const elsewhere = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    expect((await act(elsewhere, request.id, 'assign', { userId: third.userId })).statusCode).toBe(404);
    const supervisor = await addSupervisor(t.app, w.owner, [w.siteId]);
    // Not to someone outside the site, nor back to the asker.
    const outsider = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    const refused = await act(supervisor, request.id, 'assign', { userId: outsider.userId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.coverMemberNotInSite);
    expect((await act(supervisor, request.id, 'assign', { userId: asker.userId })).statusCode).toBe(400);
    expect(await holder(schedule.id)).toBe(asker.userId);

    const assigned = await act(supervisor, request.id, 'assign', { userId: third.userId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<CoverRequest>()).toMatchObject({ status: 'ASSIGNED', cover: { id: third.userId }, decidedBy: { id: supervisor.userId } });
    expect(await holder(schedule.id)).toBe(third.userId);
    // Decided once: a second decision is refused and changes nothing.
    const late = await act(colleague, request.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.coverRequestClosed);
    expect(await holder(schedule.id)).toBe(third.userId);
    await expectRollupsExact(w.owner.business.id);
  });

  it('is withdrawn by its asker, and refused on a schedule closed, moved or not theirs', async () => {
    const [asker, colleague] = w.members;
    const schedule = await openSchedule(asker);
    const request = (await ask(asker, schedule.id)).json<CoverRequest>();
    expect((await act(colleague, request.id, 'withdraw')).statusCode).toBe(403);
    const withdrawn = await act(asker, request.id, 'withdraw');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<CoverRequest>().status).toBe('WITHDRAWN');
    expect((await act(colleague, request.id, 'accept')).statusCode).toBe(409);
    expect(await holder(schedule.id)).toBe(asker.userId);
    expect((await act(asker, request.id, 'withdraw')).json().message).toBe(MSG.coverRequestClosed);

    // Not theirs: a colleague cannot ask cover on it.
    const notYours = await ask(colleague, schedule.id);
    expect(notYours.statusCode).toBe(404);
    const owned = await ask(w.owner, schedule.id);
    expect(owned.statusCode).toBe(403);
    expect(owned.json().message).toBe(MSG.coverNotYours);

    // A request whose schedule closed meanwhile is refused on accepting, and nothing moves.
    const open = (await ask(asker, schedule.id)).json<CoverRequest>();
    await t.app.db.update(schedules).set({ status: 'done' }).where(eq(schedules.id, schedule.id));
    const closed = await act(colleague, open.id, 'accept');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MSG.coverScheduleClosed);
    expect(await holder(schedule.id)).toBe(asker.userId);
    // And no new one is taken on a closed schedule.
    await act(asker, open.id, 'withdraw');
    const refused = await ask(asker, schedule.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.coverScheduleClosed);

    // A schedule that moved since the request was made (taken over by its plan's change) is refused.
    const moving = await openSchedule(asker);
    const pending = (await ask(asker, moving.id)).json<CoverRequest>();
    await t.app.db.update(schedules).set({ userId: colleague.userId }).where(eq(schedules.id, moving.id));
    const moved = await act(w.members[2], pending.id, 'accept');
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(MSG.coverScheduleClosed);
    expect(await holder(moving.id)).toBe(colleague.userId);
  });

  it('keeps another business out: its requests are neither listed nor changed', async () => {
    const [asker] = w.members;
    const schedule = await openSchedule(asker);
    const request = (await ask(asker, schedule.id)).json<CoverRequest>();
    const stranger = await createBusinessWithOwner(t.app);
    expect(await list(stranger, '?status=ALL')).toEqual([]);
    for (const verb of ['accept', 'withdraw'] as const) expect((await act(stranger, request.id, verb)).statusCode).toBe(404);
    expect((await act(stranger, request.id, 'assign', { userId: stranger.userId })).statusCode).toBe(404);
    expect((await ask(stranger, schedule.id)).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `${BASE}/v1/schedules/${schedule.id}/cover-requests` })).statusCode).toBe(404);
    expect((await list(asker)).find((r) => r.id === request.id)?.status).toBe('OPEN');
    expect((await ask(asker, schedule.id, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
  });
});
