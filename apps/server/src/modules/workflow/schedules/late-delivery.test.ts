// Answers delivered late by the device's outbox (`capturedAt`): the window is judged on the moment
// of capture, so an answer captured in time, on a device that held the schedule, counts when it
// arrives late (within the business's allowance: honest-answers.test.ts), even to a schedule
// already marked missed, and a paused plan holds it uncounted. Refusals store nothing, another
// business learns nothing, and a retried send with the same Idempotency-Key stores one answer.
// A schedule removed meanwhile: removed-schedule-answers.test.ts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { CAPTURE_CLOCK_SKEW_MS, MAX_CAPTURE_AGE_MS } from '@fieldops/shared/limits';
import { rowsOf } from '../../../db/client.ts';
import { actionResults } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  INSIDE,
  handedOver,
  memberAtSite,
  otherBusiness,
  photo,
  submit,
  answerCount as countAnswers,
  heldCount as countHeld,
  scheduled as scheduledTask,
  statusOf as scheduleStatus,
} from '../../../test/answer-test-kit.ts';
import { createAction, createScheduleRow, type Caller } from '../../../test/factories.ts';

const API = '/services/workflow/api/v1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;
let otherMember: Caller;
let otherAction: number;
let siteId: number;

const answerCount = (scheduleId: number) => countAnswers(t.app.db, scheduleId);
const statusOf = (scheduleId: number) => scheduleStatus(t.app.db, scheduleId);
const heldCount = (scheduleId: number) => countHeld(t.app.db, scheduleId);
const ago = (ms: number) => new Date(Date.now() - ms);
const iso = (at: Date) => at.toISOString();
/** A calendar day ("2026-11-26") moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A task at the member's site with the given actions and a schedule of it for the member, open by default. */
const scheduled = (actions?: Parameters<typeof createAction>[3][], options: Parameters<typeof scheduledTask>[3] = {}) =>
  scheduledTask({ t, owner, siteId }, member, actions, options);
/** Started three hours ago, deadline an hour ago, marked missed by the engine. */
const MISSED = { start: ago(3 * HOUR), end: ago(2 * HOUR), deadline: ago(HOUR), status: 'missed' as const };
/** The member's device took its copy of the schedule before it opened. */
const copiedBeforeStart = (schedule: { id: number; businessId: number; start: Date }) =>
  handedOver(t.app.db, schedule, new Date(schedule.start.getTime() - HOUR));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  ({ other, otherMember, otherAction } = await otherBusiness(t.app));
});
afterAll(() => t.close());

describe('POST /v1/action-results with capturedAt: judged on the capture', () => {
  it('counts an answer captured in the window and delivered after the deadline, taking a missed schedule to done', async () => {
    const { actions, schedule } = await scheduled([{ required: true }, { required: true }], { schedule: MISSED });
    await copiedBeforeStart(schedule);
    const laterCapture = ago(2.5 * HOUR);
    const first = await submit(member, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: iso(laterCapture),
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().result).toMatchObject({ capturedAt: iso(laterCapture), late: true, held: null, outside: false });
    expect(new Date(first.json().result.createdDate).getTime()).toBeGreaterThan(schedule.deadline.getTime());
    // Counted, but the schedule closed unfinished: it stays missed rather than showing in progress.
    expect(first.json().schedule).toMatchObject({ status: 'missed', answeredActions: 1, requiredActions: 2, lateAnswers: 1 });
    expect((await statusOf(schedule.id)).status).toBe('missed');

    // The other answer was captured earlier but arrives last: done, at the moment the work was finished.
    const second = await submit(member, {
      scheduleId: String(schedule.id),
      actionId: String(actions[1].id),
      value: '"NO"',
      ...INSIDE,
      capturedAt: iso(ago(2.9 * HOUR)),
    });
    expect(second.statusCode, second.body).toBe(201);
    // Done late: both counted answers arrived after the deadline, as the schedule says.
    expect(second.json().schedule).toMatchObject({ status: 'done', answeredActions: 2, requiredActions: 2, lateAnswers: 2 });
    expect(await statusOf(schedule.id)).toEqual({ status: 'done', completedAt: laterCapture });
    expect(await answerCount(schedule.id)).toBe(2);
  });

  it('keeps the arrival as the created time and the capture apart; an answer given now is captured when it arrives and not late', async () => {
    const { actions, schedule } = await scheduled([{ required: false }, { required: false }]);
    const now = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE });
    expect(now.statusCode).toBe(201);
    expect(now.json().result).toMatchObject({ late: false, held: null });
    expect(now.json().result.capturedAt).toBe(now.json().result.createdDate);

    // Up to the skew allowance ahead of the server's clock is taken as the device's clock running fast.
    const ahead = new Date(Date.now() + CAPTURE_CLOCK_SKEW_MS - MINUTE);
    const fast = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[1].id), value: '"YES"', ...INSIDE, capturedAt: iso(ahead) });
    expect(fast.statusCode, fast.body).toBe(201);
    expect(fast.json().result).toMatchObject({ capturedAt: iso(ahead), late: false });
    // An offset is read as the instant it names.
    const [row] = await t.app.db.select({ capturedAt: actionResults.capturedAt }).from(actionResults).where(eq(actionResults.id, fast.json().result.id));
    expect(row.capturedAt).toEqual(ahead);
  });

  const refused: [string, Partial<Parameters<typeof createScheduleRow>[1]>, () => string, number, string, boolean][] = [
    ['in the future beyond the skew allowance', {}, () => iso(new Date(Date.now() + CAPTURE_CLOCK_SKEW_MS + MINUTE)), 400, MSG.capturedInFuture, true],
    ['before the schedule opened', {}, () => iso(ago(2 * HOUR)), 400, MSG.capturedBeforeOpen, true],
    ['at the deadline', MISSED, () => iso(MISSED.deadline), 409, MSG.scheduleNotOpen, false],
    ['after the deadline', MISSED, () => iso(new Date(MISSED.deadline.getTime() + MINUTE)), 409, MSG.scheduleNotOpen, false],
    [
      'in the window but too long ago',
      { start: ago(9 * DAY), end: ago(8 * DAY), deadline: ago(6 * DAY), status: 'missed' },
      () => iso(new Date(Date.now() - MAX_CAPTURE_AGE_MS - HOUR)),
      400,
      MSG.capturedTooLate,
      true,
    ],
    ['not an instant with its offset', {}, () => '2026-11-26T09:41:12', 400, MSG.invalid, true],
  ];
  for (const [what, window, capturedAt, status, message, onField] of refused) {
    it(`refuses a capture ${what} (${status}), storing nothing and keeping the schedule as it was`, async () => {
      const { actions, schedule } = await scheduled([{ required: true }], { schedule: window });
      const before = t.storedFiles();
      const res = await submit(
        member,
        { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE, capturedAt: capturedAt() },
        [photo()],
      );
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      if (onField) expect(res.json().fieldErrors).toEqual([{ field: 'capturedAt', message }]);
      expect(await answerCount(schedule.id)).toBe(0);
      expect((await statusOf(schedule.id)).status).toBe(schedule.status);
      expect(t.storedFiles()).toEqual(before);
    });
  }
});

describe('POST /v1/action-results with capturedAt: a plan paused meanwhile', () => {
  it('keeps the answer held (PAUSED) and uncounted; without capturedAt the paused plan still refuses it', async () => {
    const { actions, schedule } = await scheduled([{ required: true }], { schedule: { paused: true } });
    const held = await submit(member, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: iso(ago(10 * MINUTE)),
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().result).toMatchObject({ held: 'PAUSED', late: false, outside: false, value: 'YES' });
    expect(held.json().schedule).toMatchObject({ status: 'pending', answeredActions: 0, requiredActions: 1 });
    expect((await statusOf(schedule.id)).status).toBe('pending');
    const [row] = await t.app.db.select({ held: actionResults.held }).from(actionResults).where(eq(actionResults.id, held.json().result.id));
    expect(row.held).toBe('PAUSED');

    const now = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE });
    expect(now.statusCode).toBe(409);
    expect(now.json().message).toBe(MSG.planPausedToday);
    expect(await answerCount(schedule.id)).toBe(1);
  });

  it('leaves a held answer out of every count of the reports, while the latest results list and count it', async () => {
    const { task, actions, schedule } = await scheduled([{ required: true }], { schedule: { paused: true } });
    const day = new Date().toISOString().slice(0, 10);
    const range = `startDate=${addDays(day, -1)}&endDate=${addDays(day, 1)}`;
    const report = (caller: Caller, path: string) => caller.request({ method: 'GET', url: `${API}/report/${path}` });
    const answersIn = async (query: string) => (await report(owner, `business/${owner.business.id}/stats?${range}${query}`)).json().answers as number;
    // Summed from the rollups (the whole business), and counted from the answers (one member).
    const before = { all: await answersIn(''), mine: await answersIn(`&userId=${member.userId}`) };

    const held = await submit(member, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: iso(ago(MINUTE)),
    });
    expect(held.json().result.held).toBe('PAUSED');

    expect({ all: await answersIn(''), mine: await answersIn(`&userId=${member.userId}`) }).toEqual(before);
    const kpi = await report(owner, `actions/kpi?${range}&task=${task.id}`);
    expect(kpi.statusCode, kpi.body).toBe(200);
    expect(kpi.json()).toEqual([]);
    const [rolled] = rowsOf<{ n: unknown }>(
      await t.app.db.execute(sql`select coalesce(sum(answers + outside), 0) as n from report_answers_by_site where task_id = ${task.id}`),
    );
    expect(Number(rolled?.n)).toBe(0);

    for (const query of [`task=${task.id}`, `task=${task.id}&users=${member.userId}`]) {
      const latest = await report(owner, `latest/result?${range}&${query}`);
      expect(latest.statusCode, latest.body).toBe(200);
      expect(latest.json().map((answer: { id: number; held: string | null }) => [answer.id, answer.held])).toEqual([[held.json().result.id, 'PAUSED']]);
      expect(latest.headers['x-total-count'], query).toBe('1');
    }
  });

  it('still judges the capture of a held answer', async () => {
    const { actions, schedule } = await scheduled([{ required: true }], { schedule: { paused: true } });
    const res = await submit(member, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: iso(ago(2 * HOUR)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([{ field: 'capturedAt', message: MSG.capturedBeforeOpen }]);
    expect(await answerCount(schedule.id)).toBe(0);
  });
});

describe('another business and the outbox', () => {
  it("never answers or holds for another business's schedule, live, missed or paused", async () => {
    for (const window of [{}, MISSED, { paused: true }]) {
      const { actions, schedule } = await scheduled([{ required: true }], { schedule: window });
      for (const caller of [other, otherMember]) {
        for (const actionId of [actions[0].id, otherAction]) {
          const res = await submit(caller, {
            scheduleId: String(schedule.id),
            actionId: String(actionId),
            value: '"YES"',
            capturedAt: iso(ago(2 * HOUR + 30 * MINUTE)),
          });
          expect(res.statusCode).toBe(404);
          expect(res.json().message).toBe(MSG.scheduleNotFound);
        }
      }
      expect(await answerCount(schedule.id)).toBe(0);
      expect(await heldCount(schedule.id)).toBe(0);
    }
  });
});

describe('a retried outbox send with the same Idempotency-Key', () => {
  const send = (fields: Record<string, string>, key: string) => submit(member, fields, [], { 'idempotency-key': key });

  it('stores one late answer, in sequence and at once', async () => {
    const { actions, schedule } = await scheduled([{ required: true }, { required: true }], { schedule: MISSED });
    await copiedBeforeStart(schedule);
    // The outbox sends the very same form again: one capture time.
    const capturedAt = iso(ago(2 * HOUR));
    const fields = (actionId: number) => ({
      scheduleId: String(schedule.id),
      actionId: String(actionId),
      value: '"YES"',
      ...INSIDE,
      capturedAt,
    });
    const first = await send(fields(actions[0].id), 'outbox-late-1');
    const again = await send(fields(actions[0].id), 'outbox-late-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result.id).toBe(first.json().result.id);
    expect(await answerCount(schedule.id)).toBe(1);

    const together = await Promise.all([1, 2, 3].map(() => send(fields(actions[1].id), 'outbox-late-2')));
    expect(new Set(together.map((r) => r.json().result.id)).size).toBe(1);
    expect(await answerCount(schedule.id)).toBe(2);
    expect((await statusOf(schedule.id)).status).toBe('done');
  });
});
