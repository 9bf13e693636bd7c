import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { teamMembers } from '../../../db/schema.ts';
import { executionPlans } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, placeInSite } from '../../../test/factories.ts';
import { BASE, createWorld, localDate, planBody, type World } from './plan-test-kit.ts';

let t: TestApp;
let w: World;
const ids: Record<string, number> = {};

const create = async (payload: Record<string, unknown>) => {
  const res = await w.owner.request({ method: 'POST', url: `${BASE}/v1/execution-plans/assignType/GROUP/create`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExecutionPlan>().id;
};
const list = async (status?: string) => {
  const res = await w.owner.request({ method: 'GET', url: `${BASE}/v2/tasks/${w.taskId}/execution-plans${status ? `?status=${status}` : ''}` });
  expect(res.statusCode).toBe(200);
  const plans = res.json<ExecutionPlan[]>();
  expect(Number(res.headers['x-total-count'])).toBe(plans.length);
  return plans;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 1);
  const day = (n: number) => localDate(w.timeZone, n);
  ids.completed = await create(planBody(w, { startDate: day(-10), endDate: day(-1) }));
  ids.completedOnce = await create(planBody(w, { scheduleType: 'ONCE', startDate: day(-1), endDate: null }));
  ids.upcoming = await create(planBody(w, { startDate: day(3), endDate: day(5) }));
  // Open now: it is about noon in the business, and today's 06:00 to midnight schedule is pending.
  ids.running = await create(planBody(w, { startDate: day(0), endDate: day(3) }));
  ids.runningOnce = await create(planBody(w, { scheduleType: 'ONCE', startDate: day(0), endDate: null }));
  // Within its dates but nothing open now: today's schedule runs in the evening.
  ids.active = await create(planBody(w, { startDate: day(0), endDate: day(3), startTime: '18:00', endTime: '22:00' }));
  ids.paused = await create(planBody(w));
  const paused = await w.owner.request({ method: 'PUT', url: `${BASE}/v1/execution-plans/${ids.paused}/switch-status`, payload: { paused: true } });
  expect(paused.statusCode).toBe(200);
  ids.canceled = await create(planBody(w));
  await t.app.db.update(executionPlans).set({ canceled: true }).where(eq(executionPlans.id, ids.canceled));
  // Its only member leaves the site.
  const leaver = await addMember(t.app, w.owner);
  await placeInSite(t.app, w.owner, w.siteId, leaver.userId);
  ids.inactive = await create(planBody(w, { userIds: [leaver.userId] }));
  await t.app.db.delete(teamMembers).where(and(eq(teamMembers.teamId, w.siteId), eq(teamMembers.userId, leaver.userId)));
});
afterAll(() => t.close());

describe('plan status and the status filter', () => {
  it('computes each status', async () => {
    const byId = new Map((await list()).map((p) => [p.id, p.status]));
    expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, byId.get(id)]))).toEqual({
      completed: 'COMPLETED',
      completedOnce: 'COMPLETED',
      upcoming: 'UPCOMING',
      running: 'RUNNING',
      runningOnce: 'RUNNING',
      active: 'ACTIVE',
      paused: 'PAUSED',
      canceled: 'CANCELED',
      inactive: 'INACTIVE',
    });
  });

  it('filters in the database: ALL, and each status exactly (a running plan is not also active)', async () => {
    const idsOf = async (status?: string) => (await list(status)).map((p) => p.id).sort((a, b) => a - b);
    const sorted = (...values: number[]) => values.sort((a, b) => a - b);
    expect(await idsOf('ALL')).toEqual(sorted(...Object.values(ids)));
    expect(await idsOf()).toEqual(await idsOf('ALL'));
    expect(await idsOf('COMPLETED')).toEqual(sorted(ids.completed, ids.completedOnce));
    expect(await idsOf('RUNNING')).toEqual(sorted(ids.running, ids.runningOnce));
    expect(await idsOf('UPCOMING')).toEqual([ids.upcoming]);
    expect(await idsOf('ACTIVE')).toEqual([ids.active]);
  });

  it('pages a filtered list with the filtered total', async () => {
    const res = await w.owner.request({ method: 'GET', url: `${BASE}/v2/tasks/${w.taskId}/execution-plans?status=RUNNING&page=0&size=1` });
    expect(res.json<ExecutionPlan[]>()).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('2');
  });
});
