// Richer recurrence through the API: a plan's repeat, weeks of the month and exception dates are
// taken, kept, read back and materialised; bad input is refused with its field and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPlan, PlanWithChildren } from '@fieldops/shared/plans';
import { occurrenceDates } from '@fieldops/shared/recurrence';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Caller } from '../../../test/factories.ts';
import { BASE, createWorld, localDate, planBody, planCount, planRows, schedulesOf, type World } from './plan-test-kit.ts';

let t: TestApp;
let w: World;

const create = (caller: Caller, payload: Record<string, unknown>) =>
  caller.request({ method: 'POST', url: `${BASE}/v1/execution-plans/assignType/GROUP/create`, payload });
const update = (caller: Caller, id: number, payload: Record<string, unknown>) =>
  caller.request({ method: 'PUT', url: `${BASE}/v2/execution-plans/${id}`, payload });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.app, 2);
});
afterAll(() => t.close());

describe('plans with richer recurrence', () => {
  it('creates a monthly plan, reads it back and materialises exactly its dates within the horizon', async () => {
    // Every weekday of the 2nd and the last week of the month: some fall in any 15 days.
    const week = [0, 1, 2, 3, 4, 5, 6];
    const body = planBody(w, { scheduleType: 'MONTHLY', days: week, monthWeeks: [-1, 2, 2], endDate: localDate(w.timeZone, 120) });
    const res = await create(w.owner, body);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<ExecutionPlan>();
    expect(plan).toMatchObject({ scheduleType: 'MONTHLY', days: week, monthWeeks: [-1, 2], repeatEvery: 1, exceptionDates: [] });
    // The engine keeps today and the next 14 days (the test horizon) materialised.
    const expected = occurrenceDates(plan, { to: localDate(w.timeZone, 14) });
    const days = [...new Set((await schedulesOf(t.app, [plan.id], w.timeZone)).map((s) => s.day))];
    expect(expected.length).toBeGreaterThan(0);
    expect(days).toEqual(expected);
  });

  it('changes a plan to every 2 weeks with an exception; the skipped date gets no schedule', async () => {
    const created = await create(w.owner, planBody(w));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<ExecutionPlan>();
    const skipped = localDate(w.timeZone, 1);
    const res = await update(w.owner, id, {
      ...planBody(w),
      scheduleType: 'WEEKLY',
      days: [0, 1, 2, 3, 4, 5, 6],
      repeatEvery: 2,
      exceptionDates: [skipped, skipped],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<PlanWithChildren>();
    expect(plan).toMatchObject({ scheduleType: 'WEEKLY', repeatEvery: 2, exceptionDates: [skipped] });
    expect(plan.children.map((c) => [c.repeatEvery, c.exceptionDates])).toEqual([
      [2, [skipped]],
      [2, [skipped]],
    ]);
    const days = new Set((await schedulesOf(t.app, [id], w.timeZone)).map((s) => s.day));
    expect(days.has(skipped)).toBe(false);
    expect(days.has(localDate(w.timeZone, 0))).toBe(true);
  });

  it('answers each recurrence mistake with its field and message, and creates nothing', async () => {
    const end = localDate(w.timeZone, 6);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ scheduleType: 'MONTHLY', days: [5], monthWeeks: [] }, 'monthWeeks', 'Select at least one week of the month'],
      [{ scheduleType: 'MONTHLY', days: [], monthWeeks: [1] }, 'days', 'Select at least one day'],
      [{ scheduleType: 'MONTHLY', days: [5], monthWeeks: [5] }, 'monthWeeks.0', 'Invalid data'],
      [
        { scheduleType: 'MONTHLY', days: [5], monthWeeks: [-1], repeatEvery: 2 },
        'repeatEvery',
        'Only daily and weekly plans can repeat every few days or weeks',
      ],
      [{ repeatEvery: 0 }, 'repeatEvery', 'This must be at least 1'],
      [{ repeatEvery: 53 }, 'repeatEvery', 'This must be at most 52'],
      [{ exceptionDates: [localDate(w.timeZone, 7)] }, 'exceptionDates', "Each skipped date must fall within the plan's dates"],
      [{ exceptionDates: [localDate(w.timeZone, -1)] }, 'exceptionDates', "Each skipped date must fall within the plan's dates"],
      [{ scheduleType: 'ONCE', exceptionDates: [localDate(w.timeZone)] }, 'exceptionDates', "Each skipped date must fall within the plan's dates"],
      [{ exceptionDates: ['2026-02-30'] }, 'exceptionDates.0', 'Invalid data'],
      [
        { endDate: '2099-12-31', exceptionDates: Array.from({ length: 61 }, (_, i) => localDate(w.timeZone, i)) },
        'exceptionDates',
        'A plan can skip at most 60 dates',
      ],
    ];
    const before = await planCount(t.app, w.owner.business.id);
    for (const [values, field, message] of cases) {
      const res = await create(w.owner, planBody(w, { endDate: end, ...values }));
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors, JSON.stringify(values)).toContainEqual({ field, message });
    }
    expect(await planCount(t.app, w.owner.business.id)).toBe(before);
  });

  it('refuses a bad change of an existing plan and leaves it as it was', async () => {
    const created = await create(w.owner, planBody(w, { scheduleType: 'DAILY', repeatEvery: 3 }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<ExecutionPlan>();
    const res = await update(w.owner, id, { ...planBody(w), scheduleType: 'MONTHLY', days: [1], monthWeeks: [] });
    expect(res.statusCode).toBe(400);
    expect((await planRows(t.app, id)).map((p) => [p.scheduleType, p.repeatEvery])).toEqual([
      ['DAILY', 3],
      ['DAILY', 3],
      ['DAILY', 3],
    ]);
  });
});
