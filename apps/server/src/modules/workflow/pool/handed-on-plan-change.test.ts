// A plan changed after some of its schedules were handed on (DESIGN §6): a schedule taken from a
// pool, covered by a colleague, or with an open cover request keeps its member, its id and its
// cover history on the same day's new occurrence, at the new hours; one whose day no longer has
// an occurrence goes; and the rollups stay exact against a recount.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverRequest } from '@fieldops/shared/pool';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { rowsOf } from '../../../db/client.ts';
import { coverRequests, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Caller } from '../../../test/factories.ts';
import { BASE, createWorld, localDate, planBody, schedulesOf, type World } from '../execution-plans/plan-test-kit.ts';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 3);
});
afterAll(() => t.close());

const createPlan = async (values: Record<string, unknown>) => {
  const res = await w.owner.request({ method: 'POST', url: `${BASE}/v1/execution-plans/assignType/GROUP/create`, payload: planBody(w, values) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExecutionPlan>();
};
const post = async (caller: Caller, url: string, payload?: Record<string, unknown>) => {
  const res = await caller.request({ method: 'POST', url: `${BASE}${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
const put = async (url: string, payload: Record<string, unknown>) => {
  const res = await w.owner.request({ method: 'PUT', url: `${BASE}${url}`, payload });
  expect(res.statusCode, res.body).toBe(200);
};
const onDay = async (planId: number, days: number) => (await schedulesOf(t.app, [planId], w.timeZone)).filter((s) => s.day === localDate(w.timeZone, days));
const localTime = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: w.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** Every member rollup row of the business equals a count of its schedules by member and day. */
async function expectRollupsExact() {
  const diff = rowsOf(
    await t.app.db.execute(sql`
      with counted as (
        select s.team_id, s.user_id, (s.start at time zone b.time_zone)::date as day, count(*)::int as total,
          count(*) filter (where s.status = 'pending')::int as pending
        from schedules s join businesses b on b.id = s.business_id
        where s.business_id = ${w.owner.business.id} and s.user_id is not null group by 1, 2, 3),
      kept as (
        select team_id, user_id, period as day, total, pending from report_schedules_by_member
        where business_id = ${w.owner.business.id} and grain = 'D' and total <> 0)
      (select * from counted except select * from kept) union all (select * from kept except select * from counted)`),
  );
  expect(diff).toEqual([]);
}

describe('a plan change after schedules were handed on', () => {
  it('keeps a taken pooled schedule with its taker at the new hours, and the untaken ones open', async () => {
    const [taker] = w.members;
    const plan = await createPlan({ userIds: [], pooled: true });
    const [tomorrow] = await onDay(plan.id, 1);
    await post(taker, `/v1/schedules/${tomorrow.id}/take`);

    await put(`/v1/execution-plans/${plan.id}`, { startTime: '07:30', endTime: '22:00' });
    const [after] = await onDay(plan.id, 1);
    expect(after).toMatchObject({ id: tomorrow.id, userId: taker.userId, status: 'pending' });
    expect([localTime(after.start), localTime(after.end)]).toEqual(['07:30', '22:00']);
    const others = (await schedulesOf(t.app, [plan.id], w.timeZone)).filter((s) => s.day > localDate(w.timeZone, 1));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((s) => s.userId === null && localTime(s.start) === '07:30')).toBe(true);

    // A schedule change that drops its day takes it away; the other days stay open to the pool.
    await put(`/v2/execution-plans/${plan.id}`, planBody(w, { userIds: [], exceptionDates: [localDate(w.timeZone, 1)] }));
    expect(await onDay(plan.id, 1)).toEqual([]);
    expect(await t.app.db.select().from(schedules).where(eq(schedules.id, tomorrow.id))).toEqual([]);
    await expectRollupsExact();
  });

  it('keeps a covered schedule with its colleague, and an open request with its schedule, both with their history', async () => {
    const [asker, colleague] = w.members;
    const plan = await createPlan({ userIds: [asker.userId] });
    const [tomorrow] = await onDay(plan.id, 1);
    const [later] = await onDay(plan.id, 2);
    const covered = (await post(asker, `/v1/schedules/${tomorrow.id}/cover-requests`, { reason: 'Clinic' })).json<CoverRequest>();
    await post(colleague, `/v1/cover-requests/${covered.id}/accept`);
    const open = (await post(asker, `/v1/schedules/${later.id}/cover-requests`, {})).json<CoverRequest>();

    await put(
      `/v2/execution-plans/${plan.id}`,
      planBody(w, { userIds: [asker.userId], startTime: '09:00', endTime: '17:00', deadlineAfter: 2, deadlineUnit: 'HOURS' }),
    );
    const [movedTomorrow] = await onDay(plan.id, 1);
    expect(movedTomorrow).toMatchObject({ id: tomorrow.id, userId: colleague.userId });
    expect([localTime(movedTomorrow.start), localTime(movedTomorrow.end), localTime(movedTomorrow.deadline)]).toEqual(['09:00', '17:00', '11:00']);
    const [movedLater] = await onDay(plan.id, 2);
    expect(movedLater).toMatchObject({ id: later.id, userId: asker.userId });
    expect(localTime(movedLater.start)).toBe('09:00');
    // Every other day is the asker's again at the new hours, as before.
    const rest = (await schedulesOf(t.app, [plan.id], w.timeZone)).filter((s) => s.day > localDate(w.timeZone, 2));
    expect(rest.every((s) => s.userId === asker.userId && localTime(s.start) === '09:00')).toBe(true);

    const requests = await t.app.db.select().from(coverRequests).where(eq(coverRequests.requesterId, asker.userId)).orderBy(asc(coverRequests.id));
    expect(requests.map((r) => [r.id, r.scheduleId, r.status])).toEqual([
      [covered.id, tomorrow.id, 'ACCEPTED'],
      [open.id, later.id, 'OPEN'],
    ]);
    // The open request can still be accepted, and moves the schedule at its new hours.
    await post(w.members[2], `/v1/cover-requests/${open.id}/accept`);
    expect((await onDay(plan.id, 2))[0]).toMatchObject({ id: later.id, userId: w.members[2].userId });
    await expectRollupsExact();
  });
});
