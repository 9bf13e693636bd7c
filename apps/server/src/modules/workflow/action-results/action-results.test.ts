import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { businesses } from '../../../db/schema.ts';
import { actionResults } from '../../../db/schema-schedules.ts';
import { actionTags, tags } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  createAnswerRow,
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
import { answersWorld } from '../../../test/answer-test-kit.ts';

const API = '/services/workflow/api/v1';

let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let faraway: Caller;
let supervisor: Caller;
let other: Caller;
let siteA: number;
let siteB: number;

type Action = Awaited<ReturnType<typeof createAction>>;
type Schedule = Awaited<ReturnType<typeof createScheduleRow>>;

const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((r) => r.id);

/** An answer row as the submit call would have stored it. */
const answer = (schedule: Schedule, action: Action, values: Parameters<typeof createAnswerRow>[3] = {}) =>
  createAnswerRow(t.app.db, schedule, action.id, values);

async function scheduleFor(who: Caller, teamId: number, taskId: number, business = owner) {
  return createScheduleRow(t.app.db, { businessId: business.business.id, taskId, teamId, userId: who.userId });
}

let task: Awaited<ReturnType<typeof createTask>>;
let yesNo: Action;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteA, siteB, member, colleague, faraway, supervisor, other, task, yesNo } = await answersWorld(t));
});
afterAll(() => t.close());

describe('GET /v1/action-results/{id}', () => {
  it('answers the answer to those who see it and 404 to everyone else', async () => {
    const mine = await answer(await scheduleFor(member, siteA, task.id), yesNo, { notes: 'Checked' });
    const res = await owner.request({ method: 'GET', url: `${API}/action-results/${mine.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: mine.id,
      action: { id: yesNo.id, nameEn: 'Gate locked?', type: 'YES_NO' },
      taskNameEn: 'Morning round',
      teamName: 'North Gate',
      userId: member.userId,
      value: 'YES',
      notes: 'Checked',
      outside: false,
      isFlagged: false,
      statusCode: null,
      ticketId: null,
    });
    for (const caller of [member, supervisor]) expect((await caller.request({ method: 'GET', url: `${API}/action-results/${mine.id}` })).statusCode).toBe(200);
    for (const caller of [colleague, faraway, other]) {
      const hidden = await caller.request({ method: 'GET', url: `${API}/action-results/${mine.id}` });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(MSG.answerNotFound);
    }
    const elsewhere = await answer(await scheduleFor(faraway, siteB, task.id), yesNo);
    expect((await supervisor.request({ method: 'GET', url: `${API}/action-results/${elsewhere.id}` })).statusCode).toBe(404);
  });
});

describe('flagged answers and unflagging', () => {
  let flaggedTask: Awaited<ReturnType<typeof createTask>>;
  let action: Action;
  const answers: Record<string, number> = {};

  beforeAll(async () => {
    flaggedTask = await createTask(t.app, owner);
    action = await createAction(t.app, owner, flaggedTask.id);
    const base = Date.parse('2024-05-01T08:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    answers.memberOld = (await answer(await scheduleFor(member, siteA, flaggedTask.id), action, { isFlagged: true, createdDate: at(0) })).id;
    answers.memberNew = (await answer(await scheduleFor(member, siteA, flaggedTask.id), action, { isFlagged: true, createdDate: at(10) })).id;
    answers.colleague = (await answer(await scheduleFor(colleague, siteA, flaggedTask.id), action, { isFlagged: true, createdDate: at(20) })).id;
    answers.faraway = (await answer(await scheduleFor(faraway, siteB, flaggedTask.id), action, { isFlagged: true, createdDate: at(30) })).id;
    answers.unflagged = (await answer(await scheduleFor(member, siteA, flaggedTask.id), action, { createdDate: at(40) })).id;
    answers.otherTask = (await answer(await scheduleFor(member, siteA, task.id), yesNo, { isFlagged: true, createdDate: at(50) })).id;
    // Another business's flagged answer never shows.
    const theirTask = await createTask(t.app, other);
    const theirSite = await createSite(t.app, other, (await createProject(t.app, other)).id);
    const theirs = await createScheduleRow(t.app.db, { businessId: other.business.id, taskId: theirTask.id, teamId: theirSite.id, userId: other.userId });
    answers.theirs = (await answer(theirs, await createAction(t.app, other, theirTask.id), { isFlagged: true })).id;
  });

  const flagged = (caller: Caller, query: string) => caller.request({ method: 'GET', url: `${API}/action-results/flagged?${query}` });

  it("lists a task's flagged answers newest first, paged, with the total", async () => {
    const res = await flagged(owner, `task=${flaggedTask.id}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([answers.faraway, answers.colleague, answers.memberNew, answers.memberOld]);
    expect(res.headers['x-total-count']).toBe('4');
    const page = await flagged(owner, `task=${flaggedTask.id}&size=3&page=1`);
    expect(ids(page)).toEqual([answers.memberOld]);
    expect(page.headers['x-total-count']).toBe('4');
    expect(ids(await flagged(owner, `task=${flaggedTask.id}&sort=createdDate,asc&size=1`))).toEqual([answers.memberOld]);
    expect(ids(await flagged(owner, `task=${flaggedTask.id}&isFlagged=false`))).toEqual([answers.unflagged]);
    const all = ids(await flagged(owner, 'size=100'));
    expect(all).toContain(answers.otherTask);
    expect(all).not.toContain(answers.theirs);
    expect(all).not.toContain(answers.unflagged);
  });

  it('shows a member their own and a supervisor their sites and their own', async () => {
    expect(ids(await flagged(member, `task=${flaggedTask.id}`))).toEqual([answers.memberNew, answers.memberOld]);
    expect(ids(await flagged(supervisor, `task=${flaggedTask.id}`))).toEqual([answers.colleague, answers.memberNew, answers.memberOld]);
    expect((await flagged(faraway, `task=${flaggedTask.id}`)).headers['x-total-count']).toBe('1');
  });

  it('refuses a bad query with field errors', async () => {
    for (const query of ['sort=id,desc', 'isFlagged=maybe', 'size=0', 'task=abc']) {
      const res = await flagged(owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors.length, query).toBeGreaterThan(0);
    }
  });

  it('unflags for owners and the supervisor of the site: the answer leaves the list', async () => {
    const res = await owner.request({ method: 'PUT', url: `${API}/action-results/${answers.memberOld}/unflag` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: answers.memberOld, isFlagged: false });
    expect(ids(await flagged(owner, `task=${flaggedTask.id}`))).not.toContain(answers.memberOld);
    const bySupervisor = await supervisor.request({ method: 'PUT', url: `${API}/action-results/${answers.colleague}/unflag` });
    expect(bySupervisor.json().isFlagged).toBe(false);
  });

  it('refuses members (403), sites the supervisor does not run and other businesses (404), changing nothing', async () => {
    const unflag = (caller: Caller, id: number) => caller.request({ method: 'PUT', url: `${API}/action-results/${id}/unflag` });
    expect((await unflag(member, answers.memberNew)).statusCode).toBe(403);
    expect((await unflag(supervisor, answers.faraway)).statusCode).toBe(404);
    const foreign = await unflag(other, answers.memberNew);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.answerNotFound);
    expect((await unflag(owner, answers.theirs)).statusCode).toBe(404);
    const rows = await t.app.db.select({ id: actionResults.id, isFlagged: actionResults.isFlagged }).from(actionResults);
    const flags = new Map(rows.map((r) => [r.id, r.isFlagged]));
    expect([flags.get(answers.memberNew), flags.get(answers.faraway), flags.get(answers.theirs)]).toEqual([true, true, true]);
  });
});

describe("GET /v1/users/{userId}/actions/{actionId}/action-results: a member's answer history", () => {
  let historyTask: Awaited<ReturnType<typeof createTask>>;
  let action: Action;
  const rows: Record<string, number> = {};
  const history = (caller: Caller, userId: number, actionId: number, query = '') =>
    caller.request({ method: 'GET', url: `${API}/users/${userId}/actions/${actionId}/action-results?${query}` });

  beforeAll(async () => {
    // Riyadh is UTC+3: 21:30 UTC on the 1st is already the 2nd there.
    await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, owner.business.id));
    historyTask = await createTask(t.app, owner);
    action = await createAction(t.app, owner, historyTask.id);
    const schedule = await scheduleFor(member, siteA, historyTask.id);
    rows.may1 = (await answer(schedule, action, { createdDate: new Date('2024-05-01T20:00:00Z') })).id;
    rows.may2 = (await answer(schedule, action, { createdDate: new Date('2024-05-01T21:30:00Z'), outside: true })).id;
    rows.may3 = (await answer(schedule, action, { createdDate: new Date('2024-05-03T10:00:00Z') })).id;
    await answer(await scheduleFor(colleague, siteA, historyTask.id), action);
  });
  afterAll(() => t.app.db.update(businesses).set({ timeZone: 'UTC' }).where(eq(businesses.id, owner.business.id)));

  it("lists the member's answers to the action, newest first, within the business's days", async () => {
    const res = await history(owner, member.userId, action.id);
    expect(ids(res)).toEqual([rows.may3, rows.may2, rows.may1]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(ids(await history(owner, member.userId, action.id, 'startDate=2024-05-02&endDate=2024-05-02'))).toEqual([rows.may2]);
    expect(ids(await history(owner, member.userId, action.id, 'endDate=2024-05-01'))).toEqual([rows.may1]);
    expect(ids(await history(owner, member.userId, action.id, 'sort=createdDate,asc&size=2'))).toEqual([rows.may1, rows.may2]);
    expect(ids(await history(member, member.userId, action.id, 'size=500'))).toEqual([rows.may3, rows.may2, rows.may1]);
    expect(ids(await history(supervisor, member.userId, action.id))).toHaveLength(3);
  });

  it("answers 404 for someone else's history to a member, and for other businesses' ids", async () => {
    const theirAction = await createAction(t.app, other, (await createTask(t.app, other)).id);
    const cases: [Caller, number, number, string][] = [
      [colleague, member.userId, action.id, MSG.userNotFound],
      [owner, other.userId, action.id, MSG.userNotFound],
      [owner, member.userId, theirAction.id, MSG.actionNotFound],
      [other, member.userId, action.id, MSG.userNotFound],
    ];
    for (const [caller, userId, actionId, message] of cases) {
      const res = await history(caller, userId, actionId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    expect((await history(owner, member.userId, action.id, 'startDate=05/01/2024')).statusCode).toBe(400);
  });
});

describe('GET /v1/report/latest/result: recent submitted actions', () => {
  it('lists the newest answers of a task, an action or a tag, with the total', async () => {
    const recentTask = await createTask(t.app, owner);
    const first = await createAction(t.app, owner, recentTask.id);
    const second = await createAction(t.app, owner, recentTask.id);
    const [tag] = await t.app.db.insert(tags).values({ businessId: owner.business.id, nameEn: 'Safety', nameAr: 'السلامة' }).returning();
    await t.app.db.insert(actionTags).values({ businessId: owner.business.id, actionId: second.id, tagId: tag.id });
    const schedule = await scheduleFor(member, siteA, recentTask.id);
    const a = await answer(schedule, first, { createdDate: new Date('2024-06-01T08:00:00Z') });
    const b = await answer(schedule, second, { createdDate: new Date('2024-06-01T09:00:00Z') });
    const c = await answer(await scheduleFor(faraway, siteB, recentTask.id), first, { createdDate: new Date('2024-06-01T10:00:00Z') });
    const latest = (caller: Caller, query: string) => caller.request({ method: 'GET', url: `${API}/report/latest/result?${query}` });

    const res = await latest(owner, `task=${recentTask.id}`);
    expect(ids(res)).toEqual([c.id, b.id, a.id]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(ids(await latest(owner, `task=${recentTask.id}&size=1&page=1`))).toEqual([b.id]);
    expect(ids(await latest(owner, `action=${first.id}`))).toEqual([c.id, a.id]);
    expect(ids(await latest(owner, `tag=${tag.id}`))).toEqual([b.id]);
    expect(ids(await latest(member, `task=${recentTask.id}`))).toEqual([b.id, a.id]);
    expect(ids(await latest(other, `task=${recentTask.id}`))).toEqual([]);
    expect((await latest(owner, 'sort=value')).statusCode).toBe(400);
  });
});

describe('GET /v1/report/latest/result: the submissions filters', () => {
  let boss: Caller;
  let stranger: Caller;
  let first: Caller;
  let second: Caller;
  let third: Caller;
  let lead: Caller;
  const at: Record<string, number> = {};
  const p: Record<string, number> = {};
  const s: Record<string, number> = {};
  const submissions = (caller: Caller, query: string) => caller.request({ method: 'GET', url: `${API}/report/latest/result?${query}` });

  beforeAll(async () => {
    boss = await createBusinessWithOwner(t.app);
    // Riyadh is UTC+3: 21:00 UTC is midnight there, the start of the next day.
    await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, boss.business.id));
    p.one = (await createProject(t.app, boss)).id;
    p.two = (await createProject(t.app, boss)).id;
    s.north = (await createSite(t.app, boss, p.one)).id;
    s.south = (await createSite(t.app, boss, p.one)).id;
    s.east = (await createSite(t.app, boss, p.two)).id;
    first = await addMember(t.app, boss);
    second = await addMember(t.app, boss);
    third = await addMember(t.app, boss);
    await placeInSite(t.app, boss, s.north, first.userId);
    await placeInSite(t.app, boss, s.south, second.userId);
    await placeInSite(t.app, boss, s.east, third.userId);
    lead = await addSupervisor(t.app, boss, [s.north]);
    const round = await createTask(t.app, boss);
    const check = await createAction(t.app, boss, round.id);
    const give = async (who: Caller, site: number, when: string) =>
      (await createAnswerRow(t.app.db, await scheduleFor(who, site, round.id, boss), check.id, { createdDate: new Date(when) })).id;
    at.may1Last = await give(first, s.north, '2024-05-01T20:59:59.999Z');
    at.may2First = await give(first, s.north, '2024-05-01T21:00:00.000Z');
    at.may2Last = await give(second, s.south, '2024-05-02T20:59:59.999Z');
    at.may3First = await give(third, s.east, '2024-05-02T21:00:00.000Z');

    // Another business with answers at the same moments.
    stranger = await createBusinessWithOwner(t.app);
    await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, stranger.business.id));
    p.theirs = (await createProject(t.app, stranger)).id;
    s.theirs = (await createSite(t.app, stranger, p.theirs)).id;
    const theirTask = await createTask(t.app, stranger);
    const theirAction = await createAction(t.app, stranger, theirTask.id);
    const theirSchedule = await createScheduleRow(t.app.db, {
      businessId: stranger.business.id,
      taskId: theirTask.id,
      teamId: s.theirs,
      userId: stranger.userId,
    });
    at.theirs = (await createAnswerRow(t.app.db, theirSchedule, theirAction.id, { createdDate: new Date('2024-05-02T08:00:00Z') })).id;
  });

  it("takes the date range as whole days of the business's time zone, both ends inclusive", async () => {
    const may2 = await submissions(boss, 'startDate=2024-05-02&endDate=2024-05-02');
    expect(ids(may2)).toEqual([at.may2Last, at.may2First]);
    expect(may2.headers['x-total-count']).toBe('2');
    expect(ids(await submissions(boss, 'endDate=2024-05-01'))).toEqual([at.may1Last]);
    expect(ids(await submissions(boss, 'startDate=2024-05-03'))).toEqual([at.may3First]);
    expect(ids(await submissions(boss, 'startDate=2024-05-01&endDate=2024-05-03'))).toEqual([at.may3First, at.may2Last, at.may2First, at.may1Last]);
    expect(ids(await submissions(boss, 'startDate=2024-05-04'))).toEqual([]);
  });

  it('narrows to projects, sites and members, alone or together, with the total', async () => {
    expect(ids(await submissions(boss, `projects=${p.one}`))).toEqual([at.may2Last, at.may2First, at.may1Last]);
    expect(ids(await submissions(boss, `projects=${p.two}`))).toEqual([at.may3First]);
    expect(ids(await submissions(boss, `projects=${p.one},${p.two}`))).toHaveLength(4);
    expect(ids(await submissions(boss, `teams=${s.north},${s.east}`))).toEqual([at.may3First, at.may2First, at.may1Last]);
    expect(ids(await submissions(boss, `users=${second.userId}`))).toEqual([at.may2Last]);
    const together = await submissions(boss, `users=${first.userId},${third.userId}&startDate=2024-05-02&projects=${p.one}&size=1`);
    expect(ids(together)).toEqual([at.may2First]);
    expect(together.headers['x-total-count']).toBe('1');
  });

  it("never lists another business's answers, whatever ids are asked for", async () => {
    expect(ids(await submissions(boss, `projects=${p.theirs}`))).toEqual([]);
    expect(ids(await submissions(boss, `teams=${s.theirs}`))).toEqual([]);
    expect(ids(await submissions(boss, `users=${stranger.userId}`))).toEqual([]);
    expect(ids(await submissions(boss, 'size=100'))).not.toContain(at.theirs);
    const theirs = await submissions(stranger, `projects=${p.one}`);
    expect(ids(theirs)).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    expect(ids(await submissions(stranger, 'startDate=2024-05-01&endDate=2024-05-03'))).toEqual([at.theirs]);
  });

  it('shows a member only their own answers and a supervisor their sites', async () => {
    expect(ids(await submissions(first, ''))).toEqual([at.may2First, at.may1Last]);
    expect(ids(await submissions(first, `users=${second.userId}`))).toEqual([]);
    expect(ids(await submissions(second, `projects=${p.one}`))).toEqual([at.may2Last]);
    expect(ids(await submissions(lead, 'startDate=2024-05-01'))).toEqual([at.may2First, at.may1Last]);
  });

  it('refuses a bad filter with a field error', async () => {
    for (const query of ['startDate=2024-02-30', 'endDate=05/01/2024', 'projects=one', 'teams=1,-2', 'users=0']) {
      const res = await submissions(boss, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors.length, query).toBeGreaterThan(0);
    }
  });
});
