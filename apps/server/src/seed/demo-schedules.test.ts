// The demo business's plans, month of schedules and answers: consistent with each plan's type
// and hours in Asia/Riyadh, with answers that respect the tasks' actions, chain rules and geofence.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActionType } from '@fieldops/shared/enums';
import { validAnswerValue, type AnswerValue } from '@fieldops/shared/answers';
import { scoreInspection } from '@fieldops/shared/inspection-score';
import type { Inspection } from '@fieldops/shared/inspections';
import { requiredVisibleActionIds, resolveVisibility, type ActionCriteria, type RuleAnswer } from '@fieldops/shared/tasks';
import { businesses, teamMembers, teams, users } from '../db/schema.ts';
import { tickets } from '../db/schema-helpdesk.ts';
import { actionResults, executionPlans, scheduleScores, schedules } from '../db/schema-schedules.ts';
import { actions, tasks } from '../db/schema-workflow.ts';
import { sniffImage } from '../lib/uploads.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_HISTORY_DAYS, DEMO_PLANS } from './demo-schedules.ts';
import { runScheduleEngine } from '../modules/workflow/schedule-engine/schedule-engine.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from './demo.ts';

const TZ = 'Asia/Riyadh';
const DAY_MS = 86_400_000;
const UNIT_MS = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: DAY_MS } as Record<string, number>;

/** The wall-clock date, time, weekday and month of an instant in Riyadh. */
function local(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), month: Number(parts.month) };
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

async function load(t: TestApp) {
  const db = t.app.db;
  return {
    plans: await db.select().from(executionPlans),
    schedules: await db.select().from(schedules),
    // The value read as JSON text: a choice index like "0" must stay a string.
    answers: (await db.select({ ...getTableColumns(actionResults), json: sql<string | null>`${actionResults.value}::text` }).from(actionResults)).map(
      ({ json, ...row }) => ({ ...row, value: (json === null ? null : JSON.parse(json)) as AnswerValue }),
    ),
    actions: await db.select().from(actions),
    tasks: await db.select().from(tasks),
    sites: await db.select().from(teams),
    placements: await db.select().from(teamMembers),
    tickets: await db.select().from(tickets),
    owner: (await db.select().from(users).where(eq(users.username, DEMO_USERNAME)))[0],
    business: (await db.select().from(businesses))[0],
  };
}

const ruleAnswers = (rows: { actionId: number; value: AnswerValue }[]) => {
  const given: Record<number, RuleAnswer> = {};
  for (const r of rows) if (typeof r.value === 'string' || Array.isArray(r.value)) given[r.actionId] = r.value;
  return given;
};

// Seeded now, and at 00:30 in Riyadh on the first of a month: today's visits not started yet,
// yesterday's all closed, and the month filter of the CUSTOM plan across a month boundary.
describe.each([
  { when: 'now', at: null },
  { when: 'just after midnight in Riyadh', at: new Date('2026-02-28T21:30:00Z') },
])('demo seeded $when', ({ at }) => {
  let t: TestApp;
  let before: Date;
  let after: Date;
  let data: Awaited<ReturnType<typeof load>>;

  beforeAll(async () => {
    t = await createTestApp();
    // Only the clock is pretended; timers run as usual.
    if (at) vi.useFakeTimers({ toFake: ['Date'], now: at });
    before = new Date();
    const started = performance.now();
    try {
      expect(await seedDemo(t.app.db, t.app.storage)).toBe(true);
    } finally {
      after = new Date();
      vi.useRealTimers();
    }
    console.info(`demo seed with schedules and answers: ${Math.round(performance.now() - started)} ms on ${t.database.kind}`);
    data = await load(t);
  });
  afterAll(() => t.close());

  const actionsOf = (taskId: number) =>
    data.actions
      .filter((a) => a.taskId === taskId)
      .sort((a, b) => a.order - b.order)
      .map((a) => ({ ...a, type: a.type as ActionType, criteria: a.criteria as ActionCriteria | null }));
  describe('demo execution plans', () => {
    it('has group plans of every type, each with a child per member of its site, one paused, one ended and one upcoming', () => {
      expect(data.business.timeZone).toBe(TZ);
      const today = local(after).date;
      const groups = data.plans.filter((p) => p.parentId === null);
      expect(groups).toHaveLength(DEMO_PLANS.length);
      for (const group of groups) {
        expect(group.userId).toBeNull();
        const children = data.plans.filter((p) => p.parentId === group.id);
        expect(children.length).toBeGreaterThan(0);
        for (const child of children) {
          expect(child).toMatchObject({
            taskId: group.taskId,
            teamId: group.teamId,
            scheduleType: group.scheduleType,
            startTime: group.startTime,
            paused: group.paused,
          });
          expect(
            data.placements.some((m) => m.teamId === child.teamId && m.userId === child.userId),
            'member of the site',
          ).toBe(true);
        }
        expect(group.startTime >= '06:00' && group.endTime <= '24:00' && group.startTime < group.endTime).toBe(true);
      }
      expect(new Set(groups.map((g) => g.scheduleType))).toEqual(new Set(['ONCE', 'DAILY', 'WEEKLY', 'CUSTOM']));
      expect(groups.filter((g) => g.paused)).toHaveLength(1);
      expect(groups.some((g) => (g.endDate ?? g.startDate) < today)).toBe(true);
      expect(groups.some((g) => g.startDate > today)).toBe(true);
      const custom = groups.find((g) => g.scheduleType === 'CUSTOM')!;
      expect(custom.days.length).toBeGreaterThan(0);
      expect(custom.months.length).toBeGreaterThan(0);
      expect(custom.months.length).toBeLessThan(12);
    });

    it('makes the demo owner a member of a plan whose visit today is open when the hours allow', () => {
      const mine = data.plans.filter((p) => p.userId === data.owner.id);
      expect(mine.length).toBeGreaterThan(0);
      const todays = data.schedules.filter((s) => s.userId === data.owner.id && local(s.start).date === local(after).date);
      expect(todays).toHaveLength(1);
      expect(todays[0].status).toBe('pending');
      const hour = Number(local(after).time.slice(0, 2));
      if (hour >= 6) expect(todays[0].start <= after && after < todays[0].deadline).toBe(true);
    });
  });

  describe('demo schedules', () => {
    it('follows each plan: the right days of the last month, its hours in Riyadh and its deadline', () => {
      const today = local(after).date;
      const first = addDays(today, -DEMO_HISTORY_DAYS);
      for (const plan of data.plans.filter((p) => p.userId !== null)) {
        const expected: string[] = [];
        const last = [plan.scheduleType === 'ONCE' ? plan.startDate : plan.endDate!, plan.paused ? addDays(today, -1) : today].sort()[0];
        for (let day = [plan.startDate, first].sort()[1]; day <= last; day = addDays(day, 1)) {
          const { weekday, month } = local(new Date(`${day}T12:00:00+03:00`));
          if (plan.scheduleType === 'WEEKLY' && !plan.days.includes(weekday)) continue;
          if (plan.scheduleType === 'CUSTOM' && !(plan.days.includes(weekday) && plan.months.includes(month))) continue;
          expected.push(day);
        }
        const own = data.schedules.filter((s) => s.planId === plan.id).sort((a, b) => a.start.getTime() - b.start.getTime());
        expect(
          own.map((s) => local(s.start).date),
          `plan ${plan.id} ${plan.scheduleType}`,
        ).toEqual(expected);
        for (const s of own) {
          expect(s).toMatchObject({ taskId: plan.taskId, teamId: plan.teamId, userId: plan.userId, businessId: plan.businessId });
          expect(local(s.start).time).toBe(plan.startTime);
          const end = local(s.end);
          if (plan.endTime === '24:00') expect([end.date, end.time]).toEqual([addDays(local(s.start).date, 1), '00:00']);
          else expect([end.date, end.time]).toEqual([local(s.start).date, plan.endTime]);
          // Due after the plan's deadline; open for its grace time after that.
          expect((s.dueAt ?? s.deadline).getTime() - s.start.getTime()).toBe(plan.deadlineAfter * UNIT_MS[plan.deadlineUnit]);
          expect(s.deadline.getTime() - (s.dueAt ?? s.deadline).getTime()).toBe(plan.graceMinutes * 60_000);
        }
      }
      const upcoming = data.plans.filter((p) => p.startDate > today);
      for (const plan of upcoming) expect(data.schedules.filter((s) => s.planId === plan.id)).toHaveLength(0);
    });

    it('is mostly done, with some missed and today still open or to come', () => {
      const count = (status: string) => data.schedules.filter((s) => s.status === status).length;
      expect(data.schedules.length).toBeGreaterThan(150);
      expect(count('done')).toBeGreaterThan(count('missed'));
      expect(count('missed')).toBeGreaterThan(0);
      expect(count('done') / (count('done') + count('missed'))).toBeGreaterThan(0.6);
      expect(count('pending') + count('inProgress')).toBeGreaterThan(0);
      // The patrol has grace time, and some rounds were finished in it.
      expect(count('late')).toBeGreaterThan(0);
      for (const s of data.schedules) {
        if (s.status === 'pending' || s.status === 'inProgress') expect(s.deadline > before, `open schedule ${s.id}`).toBe(true);
        if (s.status === 'missed') expect(s.deadline <= after).toBe(true);
        if (s.status === 'done') expect(s.completedAt! >= s.start && s.completedAt! < (s.dueAt ?? s.deadline)).toBe(true);
        else if (s.status === 'late') expect(s.completedAt! >= s.dueAt! && s.completedAt! < s.deadline).toBe(true);
        else expect(s.completedAt).toBeNull();
        if (s.start > after) expect(s.status).toBe('pending');
      }
    });
  });

  describe('demo answers', () => {
    it('belong to their schedule, answer its task within its window, and are valid for their action', async () => {
      expect(data.answers.length).toBeGreaterThan(500);
      const scheduleById = new Map(data.schedules.map((s) => [s.id, s]));
      const actionById = new Map(data.actions.map((a) => [a.id, a]));
      for (const answer of data.answers) {
        const s = scheduleById.get(answer.scheduleId)!;
        expect(answer).toMatchObject({ taskId: s.taskId, userId: s.userId, teamId: s.teamId, businessId: s.businessId });
        const action = actionById.get(answer.actionId)!;
        expect(action.taskId).toBe(s.taskId);
        expect(
          validAnswerValue(action.type as ActionType, answer.value, action.options.length),
          `answer ${answer.id}: ${action.type} ${JSON.stringify(answer.value)}`,
        ).toBe(true);
        // A late round's answers came in the grace time, which may run past the shift's end.
        const closes = s.status === 'late' ? s.deadline : s.end;
        expect(answer.createdDate >= s.start && answer.createdDate <= closes && answer.createdDate < s.deadline && answer.createdDate <= after).toBe(true);
        expect(answer.fileKey !== null).toBe(action.type === 'PHOTO');
        expect(answer.voiceKey !== null).toBe(action.type === 'VOICE');
      }
      const photos = data.answers.filter((a) => a.fileKey);
      expect(photos.length).toBeGreaterThan(5);
      for (const photo of photos) {
        const file = await t.app.storage.read(photo.fileKey!);
        expect(file && sniffImage(file)).toEqual({ extension: 'png', mime: 'image/png' });
      }
      for (const voice of data.answers.filter((a) => a.voiceKey)) {
        const file = await t.app.storage.read(voice.voiceKey!);
        expect(file?.subarray(0, 4).toString('latin1')).toBe('RIFF');
      }
    });

    it('moves each schedule only as far as its counted answers and the chain rules allow', () => {
      for (const s of data.schedules) {
        const given = data.answers.filter((a) => a.scheduleId === s.id);
        const counted = given.filter((a) => !a.outside);
        const taskActions = actionsOf(s.taskId);
        const answered = new Set(counted.map((a) => a.actionId));
        const finished = requiredVisibleActionIds(taskActions, ruleAnswers(counted)).every((id) => answered.has(id));
        const visibility = resolveVisibility(taskActions, ruleAnswers(given));
        for (const a of given) expect(visibility.get(a.actionId), `hidden action answered on ${s.id}`).not.toBe('HIDDEN');
        expect(new Set(given.map((a) => a.actionId)).size, 'one answer per action').toBe(given.length);
        if (s.status === 'done' || s.status === 'late') {
          expect(finished, `${s.status} schedule ${s.id}`).toBe(true);
          expect(s.completedAt!.getTime()).toBe(Math.max(...counted.map((a) => a.createdDate.getTime())));
        } else {
          expect(finished, `${s.status} schedule ${s.id}`).toBe(false);
        }
        if (s.status === 'pending') expect(counted).toHaveLength(0);
        if (s.status === 'inProgress') expect(counted.length).toBeGreaterThan(0);
      }
    });

    it('keeps answers from outside the geofence about a kilometre away, and never on a done schedule', () => {
      const scheduleById = new Map(data.schedules.map((s) => [s.id, s]));
      const siteById = new Map(data.sites.map((s) => [s.id, s]));
      const fenced = new Map(data.tasks.map((task) => [task.id, task.geoRestrictionEnabled]));
      const outside = data.answers.filter((a) => a.outside);
      expect(outside.length).toBeGreaterThan(0);
      for (const a of data.answers) {
        const radius = siteById.get(a.teamId)!.radius;
        expect(a.distance).not.toBeNull();
        if (a.outside) {
          expect(scheduleById.get(a.scheduleId)!.status).not.toBe('done');
          expect(fenced.get(a.taskId)).toBe(true);
          expect(a.distance!).toBeGreaterThan(800);
          expect(a.distance!).toBeLessThan(1300);
        } else {
          expect(a.distance!).toBeLessThanOrEqual(radius);
        }
      }
      expect(outside.some((a) => scheduleById.get(a.scheduleId)!.status === 'missed')).toBe(true);
    });

    it('flags a handful of answers, one of them already raised as a helpdesk ticket with its photo', async () => {
      const flagged = data.answers.filter((a) => a.isFlagged);
      expect(flagged.length).toBeGreaterThanOrEqual(2);
      expect(flagged.length).toBeLessThan(60);
      const raised = flagged.filter((a) => a.ticketId !== null);
      expect(raised).toHaveLength(1);
      expect(raised[0].statusCode).toBe('2');
      expect(raised[0].fileKey).not.toBeNull();
      expect(raised[0].notes).toBeTruthy();
      const ticket = data.tickets.find((tk) => tk.id === raised[0].ticketId)!;
      expect(ticket).toMatchObject({ businessId: raised[0].businessId, teamId: raised[0].teamId });
      expect(raised[0].createdDate < ticket.createdDate).toBe(true);
      expect(data.answers.filter((a) => a.statusCode !== null || a.ticketId !== null)).toHaveLength(1);
      expect(data.answers.some((a) => a.notes && !a.isFlagged)).toBe(true);
    });
  });

  describe('the app on top of it', () => {
    it("lists the plans with their statuses, counts the schedules and shows the owner today's visit", async () => {
      // The plan statuses and My Tasks are computed from the real clock.
      if (at) return;
      const signIn = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${signIn.json().id_token}` };
      const api = '/services/workflow/api';
      const statuses = new Set<string>();
      for (const task of data.tasks) {
        const res = await t.app.inject({ method: 'GET', url: `${api}/v2/tasks/${task.id}/execution-plans`, headers });
        expect(res.statusCode).toBe(200);
        for (const plan of res.json() as { status: string }[]) statuses.add(plan.status);
      }
      for (const status of ['PAUSED', 'COMPLETED', 'UPCOMING']) expect(statuses, status).toContain(status);
      expect(statuses.has('ACTIVE') || statuses.has('RUNNING')).toBe(true);

      const kpis = (await t.app.inject({ method: 'GET', url: `${api}/schedules/kpis`, headers })).json();
      expect(kpis.total).toBe(data.schedules.length);
      expect(kpis.done).toBe(data.schedules.filter((s) => s.status === 'done').length);
      const today = local(after).date;
      const mine = await t.app.inject({ method: 'GET', url: `${api}/schedules/user-schedules?startDate=${today}&endDate=${today}`, headers });
      expect(mine.json()).toHaveLength(1);
    });

    it('scores the finished fire-safety inspections as the app would, each answered schedule holding its version', async () => {
      const signIn = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${signIn.json().id_token}` };
      const fire = data.tasks.find((task) => task.nameEn === 'Fire-safety inspection')!;
      expect(fire.passMark).toBe(80);
      const answered = data.schedules.filter((s) => s.status !== 'pending' && data.answers.some((a) => a.scheduleId === s.id));
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.filter((s) => s.taskVersionId === null)).toEqual([]);
      const kept = await t.app.db.select().from(scheduleScores);
      const finished = data.schedules.filter((s) => s.taskId === fire.id && s.status === 'done');
      // Only the scored task's finished inspections keep a score: one each.
      expect(kept.map((k) => k.scheduleId).sort((a, b) => a - b)).toEqual(finished.map((s) => s.id).sort((a, b) => a - b));
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.some((k) => k.passed)).toBe(true);
      for (const score of kept.slice(0, 5)) {
        const res = await t.app.inject({ method: 'GET', url: `/services/workflow/api/schedules/${score.scheduleId}/inspection`, headers });
        expect(res.statusCode, res.body).toBe(200);
        const inspection = res.json<Inspection>();
        expect(inspection.version?.content.sections.map((section) => section.nameEn)).toEqual(['Extinguishers', 'Exits and signs', 'Alarm panel']);
        // The score the seed kept is the one the app works out from the answers.
        const { content } = inspection.version!;
        const visibility = resolveVisibility(
          content.actions,
          ruleAnswers(inspection.answers.map((a) => ({ actionId: a.action.id, value: a.value }))),
          content.sections,
        );
        const recount = scoreInspection(
          content.actions.map((a) => ({ ...a, optionsCount: a.options.length })),
          content.sections.map((section) => section.id),
          Object.fromEntries(inspection.answers.filter((a) => !a.outside).map((a) => [a.action.id, a.value])),
          (id) => visibility.get(id) !== 'HIDDEN',
          content.passMark,
        );
        expect(inspection.score).toEqual(recount);
        expect(score.percent).toBe(recount.percent);
      }
    });

    it('leaves the engine only the days to come: nothing missed, nothing made twice', async () => {
      const pass = await runScheduleEngine(t.app.db, { now: after });
      expect(pass).toMatchObject({ ran: true, missed: 0 });
      const rows = await t.app.db.select().from(schedules);
      const made = rows.filter((r) => !data.schedules.some((s) => s.id === r.id));
      expect(made.length).toBe(pass.created);
      for (const r of made) expect(local(r.start).date > local(after).date, `engine made ${local(r.start).date}`).toBe(true);
    });
  });
});
