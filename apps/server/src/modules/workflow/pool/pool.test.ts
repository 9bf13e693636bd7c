// Pooled plans (DESIGN §6): one schedule per occurrence with no member, made once however often
// the engine runs (before and after a take); taking one, fifty members at once with exactly one
// owner; who may take; and an untaken schedule past its deadline missed for its site alone.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import type { OpenSchedule } from '@fieldops/shared/pool';
import { rowsOf } from '../../../db/client.ts';
import { schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProjectAndSite, createTask, placeInSite, type Caller } from '../../../test/factories.ts';
import { BASE, createWorld, planBody, type World } from '../execution-plans/plan-test-kit.ts';
import { materialisePlans, runScheduleEngine } from '../schedule-engine/schedule-engine.ts';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 3);
});
afterAll(() => t.close());

const createPool = async (world: World, userIds: number[] = [], values: Record<string, unknown> = {}) => {
  const res = await world.owner.request({
    method: 'POST',
    url: `${BASE}/v1/execution-plans/assignType/GROUP/create`,
    payload: planBody(world, { userIds, pooled: true, ...values }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExecutionPlan>();
};
const poolSchedules = (planId: number) => t.app.db.select().from(schedules).where(eq(schedules.planId, planId)).orderBy(asc(schedules.start));
const take = (caller: Caller, id: number) => caller.request({ method: 'POST', url: `${BASE}/v1/schedules/${id}/take` });
const openPool = async (caller: Caller) => {
  const res = await caller.request({ method: 'GET', url: `${BASE}/v1/schedules/pool` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OpenSchedule[]>();
};

describe('a pooled plan', () => {
  it('makes one schedule per occurrence with no member, and never a second one, before or after a take', async () => {
    const plan = await createPool(w);
    expect(plan.pooled).toBe(true);
    expect(plan.status).not.toBe('INACTIVE');
    const made = await poolSchedules(plan.id);
    // Daily from today for a week: seven occurrences, each one schedule open to the pool.
    expect(made).toHaveLength(7);
    expect(made.every((s) => s.userId === null && s.status === 'pending')).toBe(true);
    // The lists name each schedule's member: untaken ones are in the pool's list only, and the
    // lists' counts agree with them.
    const listed = await w.owner.request({ method: 'GET', url: `${BASE}/schedules?size=100&task=${w.taskId}` });
    expect(listed.json<{ id: number }[]>().map((s) => s.id)).not.toContain(made[0].id);
    expect(Number(listed.headers['x-total-count'])).toBe(listed.json<unknown[]>().length);

    await materialisePlans(t.app.db, { businessId: w.owner.business.id, planIds: [plan.id] });
    await runScheduleEngine(t.app.db);
    expect(await poolSchedules(plan.id)).toHaveLength(7);

    const res = await take(w.members[0], made[0].id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: made[0].id, userId: w.members[0].userId });
    await materialisePlans(t.app.db, { businessId: w.owner.business.id, planIds: [plan.id] });
    await runScheduleEngine(t.app.db);
    const after = await poolSchedules(plan.id);
    expect(after).toHaveLength(7);
    expect(after.filter((s) => s.userId === w.members[0].userId).map((s) => s.id)).toEqual([made[0].id]);
  });

  it('is shown to the pool until taken, then is the taker’s own and gone from the others’ lists', async () => {
    const plan = await createPool(w, [], { startDate: planBody(w).endDate, endDate: planBody(w).endDate });
    const [only] = await poolSchedules(plan.id);
    for (const m of w.members) expect((await openPool(m)).map((s) => s.id)).toContain(only.id);
    expect((await take(w.members[1], only.id)).statusCode).toBe(200);
    // Taking it again is harmless; it is now in the taker's own list.
    expect((await take(w.members[1], only.id)).statusCode).toBe(200);
    for (const m of w.members) expect((await openPool(m)).map((s) => s.id)).not.toContain(only.id);
    const own = await w.members[1].request({ method: 'GET', url: `${BASE}/schedules/user-schedules?size=100` });
    expect(own.json<{ id: number }[]>().map((s) => s.id)).toContain(only.id);
    const late = await take(w.members[2], only.id);
    expect(late.statusCode).toBe(409);
    expect(late.headers['content-type']).toContain('application/problem+json');
    expect(late.json().message).toBe(MSG.scheduleTaken);
  });

  it('shows its managers what nobody has taken yet, which they may not take unless in the pool', async () => {
    const plan = await createPool(w, [], { startDate: planBody(w).endDate, endDate: planBody(w).endDate });
    const [only] = await poolSchedules(plan.id);
    const supervisor = await addSupervisor(t.app, w.owner, [w.siteId]);
    const elsewhere = await addSupervisor(t.app, w.owner, [w.otherSiteId]);
    // The owner manages every site and belongs to none: seen, not to take.
    expect((await openPool(w.owner)).find((s) => s.id === only.id)).toMatchObject({ id: only.id, teamId: w.siteId, canTake: false });
    expect((await take(w.owner, only.id)).statusCode).toBe(403);
    // A supervisor placed in the site is of its pool (the plan names no members).
    expect((await openPool(supervisor)).find((s) => s.id === only.id)?.canTake).toBe(true);
    expect((await openPool(w.members[0])).find((s) => s.id === only.id)?.canTake).toBe(true);
    expect((await openPool(elsewhere)).map((s) => s.id)).not.toContain(only.id);
    // Once taken it is the taker's, and gone from the managers' open list too.
    expect((await take(w.members[0], only.id)).statusCode).toBe(200);
    for (const manager of [w.owner, supervisor]) expect((await openPool(manager)).map((s) => s.id)).not.toContain(only.id);
  });

  it('lets exactly one of 50 members taking the same schedule at once have it', async () => {
    const world = await createWorld(t.app, 50);
    const plan = await createPool(world, [], { startDate: planBody(world).endDate, endDate: planBody(world).endDate });
    const [only] = await poolSchedules(plan.id);
    const answers = await Promise.all(world.members.map((m) => take(m, only.id)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((r) => r.statusCode === 409);
    expect(lost).toHaveLength(49);
    expect(new Set(lost.map((r) => r.json().message))).toEqual(new Set([MSG.scheduleTaken]));
    const [row] = await poolSchedules(plan.id);
    expect(row.userId).toBe(won[0].json().userId);
    // The rollups count it once, for its one owner.
    const members = rowsOf<{ user_id: number; total: number }>(
      await t.app.db.execute(sql`select user_id, total from report_schedules_by_member where business_id = ${world.owner.business.id} and total <> 0`),
    );
    expect(members.map((m) => [Number(m.user_id), m.total])).toEqual([[row.userId, 1]]);
  });

  it('is taken only by its pool: 403 for a member of the site outside it, 404 elsewhere', async () => {
    const [a, b, outside] = w.members;
    const plan = await createPool(w, [a.userId, b.userId], { startDate: planBody(w).endDate, endDate: planBody(w).endDate });
    expect(plan.pooled).toBe(true);
    const [only] = await poolSchedules(plan.id);
    // Its members' plans name the pool and make no schedule of their own.
    expect(await t.app.db.select().from(schedules).where(eq(schedules.groupId, plan.id))).toHaveLength(1);
    expect((await openPool(outside)).map((s) => s.id)).not.toContain(only.id);
    const refused = await take(outside, only.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.scheduleNotInPool);
    // A member of the business in another site, and another business, do not see it at all.
    const elsewhere = await addMember(t.app, w.owner);
    await placeInSite(t.app, w.owner, w.otherSiteId, elsewhere.userId);
    expect((await take(elsewhere, only.id)).statusCode).toBe(404);
    const stranger = await createBusinessWithOwner(t.app);
    expect((await take(stranger, only.id)).statusCode).toBe(404);
    expect((await poolSchedules(plan.id))[0].userId).toBeNull();
    // A member's own schedule is not a pooled one to take.
    const named = await w.owner.request({
      method: 'POST',
      url: `${BASE}/v1/execution-plans/assignType/GROUP/create`,
      payload: planBody(w, { userIds: [a.userId] }),
    });
    const [mine] = await t.app.db.select().from(schedules).where(eq(schedules.groupId, named.json<ExecutionPlan>().id)).limit(1);
    const notPooled = await take(b, mine.id);
    expect(notPooled.statusCode).toBe(409);
    expect(notPooled.json().message).toBe(MSG.scheduleNotOpenToTake);
    expect((await take(a, 1e12)).statusCode).toBe(404);
    expect((await take(a, -1)).statusCode).toBe(400);
  });

  it('missed while untaken: counted for its site, task and plan, and for no member', async () => {
    const owner = await createBusinessWithOwner(t.app);
    const { site } = await createProjectAndSite(t.app, owner);
    const task = await createTask(t.app, owner);
    const member = await addMember(t.app, owner);
    await placeInSite(t.app, owner, site.id, member.userId);
    const world = { ...w, owner, siteId: site.id, taskId: task.id, members: [member] };
    const plan = await createPool(world, [], { startDate: planBody(world).startDate, endDate: planBody(world).startDate });
    const [only] = await poolSchedules(plan.id);
    await runScheduleEngine(t.app.db, { now: new Date(only.deadline.getTime() + 1000) });
    const [row] = await t.app.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, only.id), isNull(schedules.userId)));
    expect(row.status).toBe('missed');
    const bySite = rowsOf<{ missed: number; total: number }>(
      await t.app.db.execute(
        sql`select missed, total from report_schedules_by_site where business_id = ${owner.business.id} and grain = 'D' and group_id = ${plan.id}`,
      ),
    );
    expect(bySite).toEqual([{ missed: 1, total: 1 }]);
    const byMember = rowsOf(await t.app.db.execute(sql`select 1 from report_schedules_by_member where business_id = ${owner.business.id} and total <> 0`));
    expect(byMember).toEqual([]);
    // It is no longer open to take.
    const res = await take(member, only.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.scheduleNotOpenToTake);
  });
});
