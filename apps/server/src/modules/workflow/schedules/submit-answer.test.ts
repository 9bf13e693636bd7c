import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { actionResults, executionPlans } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  INSIDE,
  OUTSIDE,
  memberAtSite,
  photo,
  submit,
  answerCount as countAnswers,
  scheduled as scheduledTask,
  statusOf as scheduleStatus,
} from '../../../test/answer-test-kit.ts';
import {
  addMember,
  addSupervisor,
  createAction,
  createBusinessWithOwner,
  createPlanRow,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';

const API = '/services/workflow/api/v1';
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let supervisor: Caller;
let other: Caller;
let siteId: number;

const answerCount = (scheduleId: number) => countAnswers(t.app.db, scheduleId);
const statusOf = (scheduleId: number) => scheduleStatus(t.app.db, scheduleId);

/** A task at the member's site with the given actions, and an open schedule of it for `who` (the member by default). */
const scheduled = (actions?: Parameters<typeof createAction>[3][], options: { who?: Caller } & Parameters<typeof scheduledTask>[3] = {}) =>
  scheduledTask({ t, owner, siteId }, options.who ?? member, actions, options);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  colleague = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteId, colleague.userId);
  supervisor = await addSupervisor(t.app, owner, [siteId]);
  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('POST /v1/action-results: the answer and the status', () => {
  it('stores an answer inside the site, moves pending → inProgress → done, and answers the schedule', async () => {
    const { actions, schedule } = await scheduled([{ required: true }, { required: true, type: 'NUMBER' }, { required: false, type: 'TEXT' }]);
    const first = await submit(member, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      notes: 'All good',
      ...INSIDE,
      accuracy: '12',
    });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.result).toMatchObject({
      scheduleId: schedule.id,
      action: { id: actions[0].id, type: 'YES_NO' },
      userId: member.userId,
      teamId: siteId,
      value: 'YES',
      notes: 'All good',
      outside: false,
      isFlagged: false,
      statusCode: null,
      ticketId: null,
      file: null,
      voice: null,
    });
    expect(body.result.distance).toBeGreaterThan(0);
    expect(body.result.distance).toBeLessThan(200);
    expect(body.schedule).toMatchObject({ id: schedule.id, status: 'inProgress', answeredActions: 1, requiredActions: 2 });
    expect((await statusOf(schedule.id)).status).toBe('inProgress');

    // The optional action does not finish it; the last required one does.
    await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[2].id), value: '"Clean"', ...INSIDE });
    expect((await statusOf(schedule.id)).status).toBe('inProgress');
    const last = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[1].id), value: '7', ...INSIDE });
    // The optional answer is not part of the progress: 2 of 2, not 3 of 2.
    expect(last.json().schedule).toMatchObject({ status: 'done', answeredActions: 2, requiredActions: 2 });
    const after = await statusOf(schedule.id);
    expect(after.status).toBe('done');
    expect(after.completedAt).toBeInstanceOf(Date);
  });

  it('keeps an answer from outside the site, marks it outside with its distance, and does not count it', async () => {
    const { actions, schedule } = await scheduled();
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...OUTSIDE });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.outside).toBe(true);
    expect(res.json().result.distance).toBeGreaterThan(1000);
    expect(res.json().schedule).toMatchObject({ status: 'pending', answeredActions: 0, requiredActions: 1 });
    expect((await statusOf(schedule.id)).status).toBe('pending');
    expect(await answerCount(schedule.id)).toBe(1);

    // The same answer from inside counts and finishes it.
    const inside = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE });
    expect(inside.json().schedule.status).toBe('done');
  });

  it('counts an answer without a position as outside when the task restricts answers to the site', async () => {
    const { actions, schedule } = await scheduled();
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"NO"' });
    expect(res.json().result).toMatchObject({ outside: true, distance: null });
    expect((await statusOf(schedule.id)).status).toBe('pending');
  });

  it('ignores the position when the task has no geofence, or the site no position, but keeps the distance', async () => {
    const free = await scheduled([{ required: true }], { geo: false });
    const res = await submit(member, { scheduleId: String(free.schedule.id), actionId: String(free.actions[0].id), value: '"YES"', ...OUTSIDE });
    expect(res.json().result.outside).toBe(false);
    expect(res.json().result.distance).toBeGreaterThan(1000);
    expect(res.json().schedule.status).toBe('done');

    const project = await createProject(t.app, owner);
    const nowhere = await createSite(t.app, owner, project.id);
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id, { required: true });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: nowhere.id, userId: member.userId });
    const noSite = await submit(member, { scheduleId: String(schedule.id), actionId: String(action.id), value: '"YES"' });
    expect(noSite.json().result).toMatchObject({ outside: false, distance: null });
    expect(noSite.json().schedule.status).toBe('done');
  });

  it('flags an answer marked important', async () => {
    const { actions, schedule } = await scheduled();
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', important: 'true', ...INSIDE });
    expect(res.json().result.isFlagged).toBe(true);
    const [row] = await t.app.db.select().from(actionResults).where(eq(actionResults.id, res.json().result.id));
    expect(row.isFlagged).toBe(true);
  });
});

describe('POST /v1/action-results: chain rules decide what is required', () => {
  it('a rule that hides a required action: the schedule is done without it', async () => {
    const task = await createTask(t.app, owner);
    const base = await createAction(t.app, owner, task.id, { required: true });
    const target = await createAction(t.app, owner, task.id, {
      required: true,
      type: 'TEXT',
      criteria: { condition: { baseActionId: base.id, answer: 'NO' }, visibility: 'HIDDEN' },
      baseActionId: base.id,
    });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"NO"', ...INSIDE });
    expect(res.json().schedule).toMatchObject({ status: 'done', requiredActions: 1 });
    // And an answer to the hidden action is refused.
    const hidden = await submit(member, { scheduleId: String(schedule.id), actionId: String(target.id), value: '"text"', ...INSIDE });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fieldErrors).toEqual([{ field: 'actionId', message: MSG.answerInvalid }]);
    expect(await answerCount(schedule.id)).toBe(1);
  });

  it('a choice answer keeps its option index as text, so a rule on a choice reads it after storage', async () => {
    const task = await createTask(t.app, owner);
    const options = [
      { labelEn: 'Clean', labelAr: 'نظيف' },
      { labelEn: 'Dirty', labelAr: 'متسخ' },
    ];
    const base = await createAction(t.app, owner, task.id, { required: true, type: 'SINGLE_CHOICE', options });
    const note = await createAction(t.app, owner, task.id, { required: true, type: 'TEXT' });
    const target = await createAction(t.app, owner, task.id, {
      required: true,
      type: 'TEXT',
      criteria: { condition: { baseActionId: base.id, answer: '0' }, visibility: 'HIDDEN' },
      baseActionId: base.id,
    });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const first = await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"0"', ...INSIDE });
    expect(first.json().result.value).toBe('0');
    // A text that looks like a number stays text; the rule read from storage still hides the target.
    const second = await submit(member, { scheduleId: String(schedule.id), actionId: String(note.id), value: '"42"', ...INSIDE });
    expect(second.json().result.value).toBe('42');
    expect(second.json().schedule).toMatchObject({ status: 'done', requiredActions: 2 });
    const read = await owner.request({ method: 'GET', url: `${API}/action-results/${first.json().result.id}` });
    expect(read.json().value).toBe('0');
    const hidden = await submit(member, { scheduleId: String(schedule.id), actionId: String(target.id), value: '"text"', ...INSIDE });
    expect(hidden.statusCode).toBe(400);
  });

  it('a DISPLAY rule that reveals a required action: not done until it is answered', async () => {
    const task = await createTask(t.app, owner);
    const base = await createAction(t.app, owner, task.id, { required: true });
    const target = await createAction(t.app, owner, task.id, {
      required: true,
      type: 'RATING',
      criteria: { condition: { baseActionId: base.id, answer: 'YES' }, visibility: 'DISPLAY' },
      baseActionId: base.id,
    });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const list = await owner.request({ method: 'GET', url: `/services/workflow/api/schedules?task=${task.id}&withActionCalculations=true` });
    expect(list.json()[0]).toMatchObject({ answeredActions: 0, requiredActions: 1 });

    const first = await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"YES"', ...INSIDE });
    expect(first.json().schedule).toMatchObject({ status: 'inProgress', answeredActions: 1, requiredActions: 2 });
    const second = await submit(member, { scheduleId: String(schedule.id), actionId: String(target.id), value: '4', ...INSIDE });
    expect(second.json().schedule).toMatchObject({ status: 'done', answeredActions: 2, requiredActions: 2 });

    // Changing the base answer hides the target again; the schedule stays done.
    const changed = await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"NO"', ...INSIDE });
    expect(changed.json().schedule).toMatchObject({ status: 'done', requiredActions: 1 });
  });

  it('a revealed required action takes a done schedule back to in progress', async () => {
    const task = await createTask(t.app, owner);
    const base = await createAction(t.app, owner, task.id, { required: true });
    const target = await createAction(t.app, owner, task.id, {
      required: true,
      criteria: { condition: { baseActionId: base.id, answer: 'YES' }, visibility: 'DISPLAY' },
      baseActionId: base.id,
    });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    expect((await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"NO"', ...INSIDE })).json().schedule.status).toBe(
      'done',
    );
    const reopened = await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"YES"', ...INSIDE });
    expect(reopened.json().schedule.status).toBe('inProgress');
    expect((await statusOf(schedule.id)).completedAt).toBeNull();
    await submit(member, { scheduleId: String(schedule.id), actionId: String(target.id), value: '"YES"', ...INSIDE });
    expect((await statusOf(schedule.id)).status).toBe('done');
  });

  it('an outside answer to the base does not reveal the target for completion', async () => {
    const task = await createTask(t.app, owner);
    const base = await createAction(t.app, owner, task.id, { required: true });
    await createAction(t.app, owner, task.id, {
      required: true,
      criteria: { condition: { baseActionId: base.id, answer: 'NO' }, visibility: 'HIDDEN' },
      baseActionId: base.id,
    });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(base.id), value: '"NO"', ...OUTSIDE });
    expect(res.json().schedule).toMatchObject({ status: 'pending', answeredActions: 0, requiredActions: 2 });
  });

  it('answers at once all land and the schedule ends done (the schedule row is locked)', async () => {
    const { actions, schedule } = await scheduled(Array.from({ length: 6 }, () => ({ required: true })));
    const results = await Promise.all(
      actions.map((a) => submit(member, { scheduleId: String(schedule.id), actionId: String(a.id), value: '"YES"', ...INSIDE })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(actions.map(() => 201));
    expect((await statusOf(schedule.id)).status).toBe('done');
  });
});

describe('POST /v1/action-results: who and when', () => {
  it("refuses someone else's schedule with 403, even for the owner and the site's supervisor", async () => {
    const { actions, schedule } = await scheduled();
    for (const caller of [owner, supervisor]) {
      const res = await submit(caller, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.scheduleNotYours);
    }
    // A colleague does not even see it.
    const res = await submit(colleague, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.scheduleNotFound);
    expect(await answerCount(schedule.id)).toBe(0);
  });

  it("answers 404 for another business's schedule and unknown ids, storing nothing", async () => {
    const { actions, schedule } = await scheduled();
    for (const [caller, id] of [
      [other, schedule.id],
      [member, 999_999],
    ] as const) {
      const before = t.storedFiles();
      const res = await submit(caller, { scheduleId: String(id), actionId: String(actions[0].id), value: '"YES"' }, [photo()]);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.scheduleNotFound);
      expect(t.storedFiles()).toEqual(before);
    }
    expect(await answerCount(schedule.id)).toBe(0);
  });

  const closed: [string, Partial<Parameters<typeof createScheduleRow>[1]>, string][] = [
    [
      'not started yet',
      { start: new Date(Date.now() + HOUR), end: new Date(Date.now() + 2 * HOUR), deadline: new Date(Date.now() + 3 * HOUR) },
      MSG.scheduleNotOpen,
    ],
    [
      'past its deadline',
      { start: new Date(Date.now() - 3 * HOUR), end: new Date(Date.now() - 2 * HOUR), deadline: new Date(Date.now() - HOUR) },
      MSG.scheduleNotOpen,
    ],
    [
      'missed (its deadline passed)',
      { status: 'missed', start: new Date(Date.now() - 3 * HOUR), end: new Date(Date.now() - 2 * HOUR), deadline: new Date(Date.now() - HOUR) },
      MSG.scheduleNotOpen,
    ],
    ['of a paused plan', { paused: true }, MSG.planPausedToday],
    ['of a plan resumed from tomorrow', { activeFrom: '2999-01-01' }, MSG.planPausedToday],
  ];
  for (const [what, values, message] of closed) {
    it(`refuses a schedule ${what} with 409 and stores nothing`, async () => {
      const { actions, schedule } = await scheduled([{ required: true }], { schedule: values });
      const before = t.storedFiles();
      const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE }, [photo()]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
      expect(await answerCount(schedule.id)).toBe(0);
      expect(t.storedFiles()).toEqual(before);
    });
  }

  it('refuses a schedule whose group plan is paused', async () => {
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id, { required: true });
    const group = await createPlanRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, paused: true });
    const child = await createPlanRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId, parentId: group.id });
    const schedule = await createScheduleRow(t.app.db, {
      businessId: owner.business.id,
      taskId: task.id,
      teamId: siteId,
      userId: member.userId,
      planId: child.id,
    });
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(action.id), value: '"YES"', ...INSIDE });
    expect(res.statusCode).toBe(409);
    await t.app.db.update(executionPlans).set({ paused: false }).where(eq(executionPlans.id, group.id));
    expect((await submit(member, { scheduleId: String(schedule.id), actionId: String(action.id), value: '"YES"', ...INSIDE })).statusCode).toBe(201);
  });
});
