import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { businesses } from '../../../db/schema.ts';
import { actionResults } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  addSupervisor,
  createAction,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';

const API = '/services/workflow/api';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: Caller;
let memberA: Caller;
let memberB: Caller;
let memberC: Caller;
let supervisor: Caller;
let other: Caller;
const p: Record<string, number> = {};
const site: Record<string, number> = {};
const task: Record<string, number> = {};
const s: Record<string, number> = {};

const get = (caller: Caller, url: string) => caller.request({ method: 'GET', url: `${API}${url}` });
const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  // Riyadh is UTC+3, so 22:00 UTC on the 1st is the 2nd in the business's days.
  await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, owner.business.id));
  p.one = (await createProject(t.app, owner, { name: 'Riyadh Towers' })).id;
  p.two = (await createProject(t.app, owner)).id;
  site.a = (await createSite(t.app, owner, p.one, { name: 'Tower A' })).id;
  site.b = (await createSite(t.app, owner, p.one)).id;
  site.c = (await createSite(t.app, owner, p.two)).id;
  memberA = await addMember(t.app, owner);
  memberB = await addMember(t.app, owner);
  memberC = await addMember(t.app, owner);
  await placeInSite(t.app, owner, site.a, memberA.userId);
  await placeInSite(t.app, owner, site.b, memberB.userId);
  await placeInSite(t.app, owner, site.c, memberC.userId);
  supervisor = await addSupervisor(t.app, owner, [site.a]);
  other = await createBusinessWithOwner(t.app);
  task.one = (await createTask(t.app, owner, { nameEn: 'Lobby check', nameAr: 'فحص الردهة' })).id;
  task.two = (await createTask(t.app, owner)).id;

  const at = (iso: string) => ({ start: new Date(iso), end: new Date(Date.parse(iso) + 3_600_000), deadline: new Date(Date.parse(iso) + 7_200_000) });
  const row = async (who: Caller, teamId: number, taskId: number, when: ReturnType<typeof at>, status: 'pending' | 'inProgress' | 'done' | 'missed') =>
    (await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId, teamId, userId: who.userId, ...when, status })).id;
  s.one = await row(memberA, site.a, task.one, at('2024-03-01T05:00:00Z'), 'done');
  s.two = await row(memberA, site.a, task.two, at('2024-03-01T22:00:00Z'), 'missed');
  s.three = await row(memberB, site.b, task.one, at('2024-03-02T05:00:00Z'), 'pending');
  s.four = await row(memberC, site.c, task.one, at('2024-03-03T05:00:00Z'), 'inProgress');
  s.six = await row(supervisor, site.c, task.two, at('2024-03-04T05:00:00Z'), 'done');
  s.five = await row(memberA, site.a, task.one, at(new Date(Date.now() + 2 * DAY).toISOString()), 'pending');

  const theirTask = await createTask(t.app, other);
  const theirSite = await createSite(t.app, other, (await createProject(t.app, other)).id);
  s.theirs = (
    await createScheduleRow(t.app.db, { businessId: other.business.id, taskId: theirTask.id, teamId: theirSite.id, userId: other.userId, status: 'done' })
  ).id;
});
afterAll(() => t.close());

describe('GET /schedules and /v2/schedules', () => {
  it('lists every schedule of the business to the owner by start, with names and the total', async () => {
    const res = await get(owner, '/schedules');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([s.one, s.two, s.three, s.four, s.six, s.five]);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.json()[0]).toEqual({
      id: s.one,
      planId: expect.any(Number),
      taskId: task.one,
      taskNameEn: 'Lobby check',
      taskNameAr: 'فحص الردهة',
      userId: memberA.userId,
      userFullName: expect.stringContaining('Person'),
      teamId: site.a,
      teamName: 'Tower A',
      projectId: p.one,
      projectName: 'Riyadh Towers',
      start: '2024-03-01T05:00:00.000Z',
      end: '2024-03-01T06:00:00.000Z',
      deadline: '2024-03-01T07:00:00.000Z',
      dueAt: null,
      status: 'done',
      answeredActions: null,
      requiredActions: null,
      lateAnswers: null,
    });
    const v2 = await get(owner, '/v2/schedules');
    expect(v2.json()).toEqual(res.json());
    expect(v2.headers['x-total-count']).toBe('6');
  });

  it('sorts by start either way and pages', async () => {
    expect(ids(await get(owner, '/schedules?sort=start,desc'))).toEqual([s.five, s.six, s.four, s.three, s.two, s.one]);
    expect(ids(await get(owner, '/schedules?sort=start'))).toEqual([s.one, s.two, s.three, s.four, s.six, s.five]);
    const page = await get(owner, '/schedules?size=2&page=1');
    expect(ids(page)).toEqual([s.three, s.four]);
    expect(page.headers['x-total-count']).toBe('6');
    expect(ids(await get(owner, '/schedules?size=2&page=3'))).toEqual([]);
  });

  const filters: [string, () => string, () => number[]][] = [
    ['projects', () => `projects=${p.two}`, () => [s.four, s.six]],
    ['teams', () => `teams=${site.a},${site.b}`, () => [s.one, s.two, s.three, s.five]],
    ['users', () => `users=${memberA.userId}`, () => [s.one, s.two, s.five]],
    ['status', () => 'status=done', () => [s.one, s.six]],
    ['task', () => `task=${task.two}`, () => [s.two, s.six]],
    ['one day in the business time zone', () => 'startDate=2024-03-02&endDate=2024-03-02', () => [s.two, s.three]],
    ['an end date only', () => 'endDate=2024-03-01', () => [s.one]],
    ['a start date only', () => 'startDate=2024-03-04', () => [s.six, s.five]],
    ['timing NEXT', () => 'timing=NEXT', () => [s.five]],
    ['timing DUE', () => 'timing=DUE', () => [s.one, s.two, s.three, s.four, s.six]],
    ['several filters at once', () => `projects=${p.one}&status=pending&timing=DUE`, () => [s.three]],
  ];
  for (const [what, query, expected] of filters) {
    it(`filters by ${what}, and counts the same`, async () => {
      const res = await get(owner, `/schedules?${query()}`);
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual(expected());
      expect(res.headers['x-total-count']).toBe(String(expected().length));
    });
  }

  it('refuses bad filters with field errors', async () => {
    const bad = [
      'sort=id',
      'sort=start,up',
      'status=finished',
      'projects=a,b',
      'startDate=2024-3-1',
      'endDate=2024-02-30',
      'timing=LATER',
      'size=501',
      'withActionCalculations=yes',
    ];
    for (const query of bad) {
      const res = await get(owner, `/schedules?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors.length, query).toBeGreaterThan(0);
    }
  });

  it('shows a member their own, and a supervisor their sites plus their own', async () => {
    expect(ids(await get(memberA, '/schedules'))).toEqual([s.one, s.two, s.five]);
    expect(ids(await get(memberA, `/v2/schedules?users=${memberB.userId}`))).toEqual([]);
    const supervised = await get(supervisor, '/schedules');
    expect(ids(supervised)).toEqual([s.one, s.two, s.six, s.five]);
    expect(supervised.headers['x-total-count']).toBe('4');
  });

  it("never shows another business's schedules", async () => {
    const res = await get(other, '/schedules');
    expect(ids(res)).toEqual([s.theirs]);
    expect(ids(await get(owner, `/schedules?size=100`))).not.toContain(s.theirs);
    expect(ids(await get(owner, `/schedules?users=${other.userId}`))).toEqual([]);
  });
});

describe('GET /schedules/user-schedules', () => {
  it("lists only the caller's own schedules, whatever their role", async () => {
    expect(ids(await get(owner, '/schedules/user-schedules'))).toEqual([]);
    expect(ids(await get(supervisor, '/schedules/user-schedules'))).toEqual([s.six]);
    const mine = await get(memberA, '/schedules/user-schedules?timing=DUE');
    expect(ids(mine)).toEqual([s.one, s.two]);
    expect(mine.headers['x-total-count']).toBe('2');
    expect(ids(await get(memberA, '/schedules/user-schedules?status=pending'))).toEqual([s.five]);
    expect(ids(await get(memberA, `/schedules/user-schedules?users=${memberB.userId}`))).toEqual([]);
  });
});

describe('GET /schedules/kpis', () => {
  const kpis = async (caller: Caller, query = '') => {
    const res = await get(caller, `/schedules/kpis?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('counts by status over the same filters; completion is done / total, to one decimal', async () => {
    // 6 schedules: done s1, s6; missed s2; pending s3, s5; in progress s4. 2 / 6 = 33.3 %.
    expect(await kpis(owner)).toEqual({ id: null, missed: 1, done: 2, late: 0, pending: 2, inProgress: 1, total: 6, completionRate: 33.3 });
    // Started by now: s5 leaves; 2 / 5 = 40 %.
    expect(await kpis(owner, 'timing=DUE')).toEqual({ id: null, missed: 1, done: 2, late: 0, pending: 1, inProgress: 1, total: 5, completionRate: 40 });
    expect(await kpis(owner, `task=${task.two}`)).toEqual({ id: null, missed: 1, done: 1, late: 0, pending: 0, inProgress: 0, total: 2, completionRate: 50 });
    expect(await kpis(owner, `projects=${p.one}&startDate=2024-03-02&endDate=2024-03-02`)).toMatchObject({
      missed: 1,
      pending: 1,
      total: 2,
      completionRate: 0,
    });
  });

  it("counts only what the caller sees, and nothing of another business's", async () => {
    // Member A: done s1, missed s2, pending s5: 1 / 3 = 33.3 %.
    expect(await kpis(memberA)).toEqual({ id: null, missed: 1, done: 1, late: 0, pending: 1, inProgress: 0, total: 3, completionRate: 33.3 });
    // The supervisor: site A's s1, s2, s5 and their own s6: 2 / 4 = 50 %.
    expect(await kpis(supervisor)).toMatchObject({ done: 2, missed: 1, pending: 1, total: 4, completionRate: 50 });
    expect(await kpis(owner, `users=${other.userId}`)).toEqual({
      id: null,
      missed: 0,
      done: 0,
      late: 0,
      pending: 0,
      inProgress: 0,
      total: 0,
      completionRate: 0,
    });
    expect((await get(owner, '/schedules/kpis?status=overdue')).statusCode).toBe(400);
  });
});

describe('GET /schedules/{id}', () => {
  it('answers the schedule, or with eagerLoad everything the runner needs', async () => {
    const plain = await get(owner, `/schedules/${s.one}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ id: s.one, status: 'done', teamName: 'Tower A' });
    expect(plain.json()).not.toHaveProperty('task');

    const taskId = (await createTask(t.app, owner, { geoRestrictionEnabled: true })).id;
    const first = await createAction(t.app, owner, taskId, { required: true });
    const second = await createAction(t.app, owner, taskId, { required: true, type: 'TEXT' });
    const open = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId, teamId: site.a, userId: memberA.userId });
    await t.app.db.insert(actionResults).values({
      businessId: owner.business.id,
      scheduleId: open.id,
      actionId: first.id,
      taskId,
      teamId: site.a,
      userId: memberA.userId,
      value: 'YES',
    });
    const detail = await get(memberA, `/schedules/${open.id}?eagerLoad=true`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({
      id: open.id,
      status: 'pending',
      paused: false,
      canAnswer: true,
      answeredActions: 1,
      requiredActions: 2,
      site: { id: site.a, name: 'Tower A', latitude: null, longitude: null, radius: 200 },
      task: { id: taskId, geoRestrictionEnabled: true },
    });
    expect(body.task.actions.map((a: { id: number }) => a.id)).toEqual([first.id, second.id]);
    expect(body.answers).toHaveLength(1);
    expect(body.answers[0]).toMatchObject({ action: { id: first.id }, value: 'YES' });
    // Only the schedule's own member may answer it.
    expect((await get(owner, `/schedules/${open.id}?eagerLoad=true`)).json().canAnswer).toBe(false);
  });

  it('says when the schedule cannot be answered: paused, missed or closed', async () => {
    const paused = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.one, teamId: site.a, userId: memberA.userId, paused: true });
    expect((await get(memberA, `/schedules/${paused.id}?eagerLoad=true`)).json()).toMatchObject({ paused: true, canAnswer: false });
    // Marked missed once its deadline passed (the schedule engine).
    const missed = await createScheduleRow(t.app.db, {
      businessId: owner.business.id,
      taskId: task.one,
      teamId: site.a,
      userId: memberA.userId,
      status: 'missed',
      start: new Date(Date.now() - 3 * 3_600_000),
      end: new Date(Date.now() - 2 * 3_600_000),
      deadline: new Date(Date.now() - 3_600_000),
    });
    expect((await get(memberA, `/schedules/${missed.id}?eagerLoad=true`)).json()).toMatchObject({ paused: false, canAnswer: false });
    expect((await get(memberA, `/schedules/${s.five}?eagerLoad=true`)).json().canAnswer).toBe(false);
  });

  it("answers 404 'No schedule found with this ID.' for unknown ids, other businesses' and schedules out of sight", async () => {
    const cases: [Caller, number][] = [
      [owner, 999_999],
      [owner, s.theirs],
      [other, s.one],
      [memberB, s.one],
      [supervisor, s.three],
      [memberA, s.six],
    ];
    for (const [caller, id] of cases) {
      for (const query of ['', '?eagerLoad=true']) {
        const res = await get(caller, `/schedules/${id}${query}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(MSG.scheduleNotFound);
      }
    }
    expect((await get(owner, '/schedules/abc')).statusCode).toBe(400);
    expect((await get(owner, `/schedules/${s.one}?eagerLoad=yes`)).statusCode).toBe(400);
  });
});

describe('withActionCalculations', () => {
  it('fills answered and required actions for each schedule of the page from counted answers and the chain rules', async () => {
    const boss = await createBusinessWithOwner(t.app);
    const siteId = (await createSite(t.app, boss, (await createProject(t.app, boss)).id)).id;
    const worker = await addMember(t.app, boss);
    // Task 1: a yes/no whose NO hides a required text; an optional rating.
    const t1 = (await createTask(t.app, boss)).id;
    const base = await createAction(t.app, boss, t1, { required: true });
    const hidden = await createAction(t.app, boss, t1, {
      required: true,
      type: 'TEXT',
      criteria: { condition: { baseActionId: base.id, answer: 'NO' }, visibility: 'HIDDEN' },
      baseActionId: base.id,
    });
    const optional = await createAction(t.app, boss, t1, { type: 'RATING' });
    // Task 2: a yes/no whose YES displays a required check.
    const t2 = (await createTask(t.app, boss)).id;
    const base2 = await createAction(t.app, boss, t2, { required: true });
    await createAction(t.app, boss, t2, {
      required: true,
      type: 'CHECK',
      criteria: { condition: { baseActionId: base2.id, answer: 'YES' }, visibility: 'DISPLAY' },
      baseActionId: base2.id,
    });
    const row = (taskId: number, start: string) =>
      createScheduleRow(t.app.db, { businessId: boss.business.id, taskId, teamId: siteId, userId: worker.userId, start: new Date(start) });
    const [a, b, c, d] = [
      await row(t1, '2024-01-01T08:00:00Z'),
      await row(t1, '2024-01-02T08:00:00Z'),
      await row(t2, '2024-01-03T08:00:00Z'),
      await row(t2, '2024-01-04T08:00:00Z'),
    ];
    const answer = (scheduleId: number, actionId: number, taskId: number, value: string | number, outside = false) =>
      t.app.db
        .insert(actionResults)
        .values({ businessId: boss.business.id, scheduleId, actionId, taskId, teamId: siteId, userId: worker.userId, value, outside });
    await answer(a.id, base.id, t1, 'YES');
    await answer(a.id, base.id, t1, 'NO'); // the latest answer wins: the text is hidden
    await answer(a.id, optional.id, t1, 4);
    await answer(b.id, base.id, t1, 'NO', true); // outside: not counted
    await answer(b.id, hidden.id, t1, 'text');
    await answer(c.id, base2.id, t2, 'YES');

    const res = await get(boss, '/schedules?withActionCalculations=true');
    const counts = res.json().map((r: { id: number; answeredActions: number; requiredActions: number }) => [r.id, r.answeredActions, r.requiredActions]);
    expect(counts).toEqual([
      [a.id, 1, 1], // the optional answer is not progress
      [b.id, 1, 2],
      [c.id, 1, 2],
      [d.id, 0, 1],
    ]);
    const plain = await get(boss, '/schedules?withActionCalculations=false');
    expect(plain.json()[0]).toMatchObject({ answeredActions: null, requiredActions: null });
  });
});
