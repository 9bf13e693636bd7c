// Presence claimed without evidence, as a member would try it: backdating answers in the device's
// outbox to turn schedules they missed days ago into done (and climb the ranking), and reporting a
// position whose accuracy (a billion metres) proves nothing. The answers are kept for the manager,
// but nothing is counted: the schedules stay missed, the completion and the rank stay as they were.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleHandovers } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MSG, maxMessage, minMessage } from '@fieldops/shared/messages';
import { CAPTURE_CLOCK_SKEW_MS, DEFAULT_LATE_ANSWER_HOURS, MAX_LATE_ANSWER_HOURS } from '@fieldops/shared/limits';
import { INSIDE, handedOver, memberAtSite, otherBusiness, scheduled as scheduledTask, statusOf, submit } from '../../../test/answer-test-kit.ts';
import { addMember, createScheduleRow, createTask, placeInSite, type Caller } from '../../../test/factories.ts';

const API = '/services/workflow/api';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let t: TestApp;
let owner: Caller;
let siteId: number;
let attacker: Caller;

const ago = (ms: number) => new Date(Date.now() - ms);
const day = (at: Date) => at.toISOString().slice(0, 10);
/** A week up to today: every schedule below starts in it. */
const RANGE = `startDate=${day(ago(7 * DAY))}&endDate=${day(new Date())}`;

/** A past schedule `daysAgo` days back (three hours long, its deadline an hour after its end), closed with `status`. */
const past = (daysAgo: number, status: 'done' | 'missed') => ({
  start: ago(daysAgo * DAY + 3 * HOUR),
  end: ago(daysAgo * DAY + 2 * HOUR),
  deadline: ago(daysAgo * DAY + HOUR),
  status,
});

/** `done` done and `missed` missed schedules of a member, spread over the last six days. */
async function history(who: Caller, taskId: number, done: number, missed: number) {
  const statuses = [...Array<'done'>(done).fill('done'), ...Array<'missed'>(missed).fill('missed')];
  for (const [i, status] of statuses.entries()) {
    await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId, teamId: siteId, userId: who.userId, ...past(1 + (i % 6), status) });
  }
}

/** The member's completion rate and rank among the business's members over the week. */
async function standing(who: Caller) {
  const res = await owner.request({ method: 'GET', url: `${API}/v1/report/members/kpi/${who.userId}?${RANGE}` });
  expect(res.statusCode, res.body).toBe(200);
  const { item } = res.json() as { item: { completionRate: number; rank: number } };
  return { completion: Math.round(item.completionRate), rank: item.rank };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member: attacker } = await memberAtSite(t.app));
  const task = await createTask(t.app, owner);
  // Colleagues at 100 %, 80 %, 75 %, 70 %, 67 % and 50 %.
  for (const [done, missed] of [
    [4, 0],
    [4, 1],
    [3, 1],
    [7, 3],
    [2, 1],
    [1, 1],
  ]) {
    const colleague = await addMember(t.app, owner);
    await placeInSite(t.app, owner, siteId, colleague.userId);
    await history(colleague, task.id, done, missed);
  }
  // The attacker: 16 of 25 done (64 %), last of seven (scored 65.7 % against the 37 of 53 done in all,
  // below 1 of 2 at 66.5 %); three of the nine missed are below.
  await history(attacker, task.id, 16, 6);
});
afterAll(() => t.close());

describe('a member backdates answers from the outbox to turn missed schedules into done', () => {
  it('keeps the answers for the manager but counts none: the schedules stay missed, completion and rank do not move', async () => {
    const place = { t, owner, siteId };
    const missed = [];
    // Missed five days ago, three days ago and three hours ago.
    for (const when of [
      past(5, 'missed'),
      past(3, 'missed'),
      { start: ago(5 * HOUR), end: ago(3 * HOUR), deadline: ago(3 * HOUR), status: 'missed' as const },
    ]) {
      missed.push(await scheduledTask(place, attacker, [{ required: true }], { schedule: when }));
    }
    const before = await standing(attacker);
    expect(before).toEqual({ completion: 64, rank: 7 });

    const answers = [];
    for (const { schedule, actions } of missed) {
      // The app opens and the device downloads its copy of the schedule, as it does every ten minutes.
      const copy = await attacker.request({ method: 'GET', url: `${API}/schedules/${schedule.id}?eagerLoad=true` });
      expect(copy.statusCode).toBe(200);
      // The outbox sends an answer "captured" half an hour into the schedule's window, long gone.
      const res = await submit(attacker, {
        scheduleId: String(schedule.id),
        actionId: String(actions[0].id),
        value: '"YES"',
        ...INSIDE,
        accuracy: '8',
        capturedAt: new Date(schedule.start.getTime() + 30 * 60_000).toISOString(),
      });
      answers.push([res.statusCode, res.json().result?.held, res.json().schedule?.status]);
    }
    const after = { answers, statuses: [] as string[], standing: await standing(attacker) };
    for (const { schedule } of missed) after.statuses.push((await statusOf(t.app.db, schedule.id)).status);

    // Each answer kept, marked as not proven; the schedules still missed; the figures unmoved.
    expect(after).toEqual({ answers: Array(3).fill([201, 'UNPROVEN', 'missed']), statuses: ['missed', 'missed', 'missed'], standing: before });
  });
});

describe('a member reports an accuracy of a billion metres', () => {
  it('does not count the answer as given at the site: it is kept outside and the schedule stays pending', async () => {
    const other = await addMember(t.app, owner);
    await placeInSite(t.app, owner, siteId, other.userId);
    const { schedule, actions } = await scheduledTask({ t, owner, siteId }, other, [{ required: true }]);
    const res = await submit(other, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE, accuracy: '1000000000' });
    expect([res.statusCode, res.json().result?.outside, res.json().schedule?.status]).toEqual([201, true, 'pending']);
    expect((await statusOf(t.app.db, schedule.id)).status).toBe('pending');
  });
});

describe('what makes a late delivery count', () => {
  const MINUTE = 60_000;
  /** A schedule of the attacker whose deadline passed `late` ago, answered with a capture half an hour after its start. */
  async function deliverLate(late: number, copiedAt: ((start: Date) => Date) | null, capture = (start: Date) => new Date(start.getTime() + 30 * MINUTE)) {
    const when = { start: ago(late + 2 * HOUR), end: ago(late + HOUR), deadline: ago(late), status: 'missed' as const };
    const { schedule, actions } = await scheduledTask({ t, owner, siteId }, attacker, [{ required: true }], { schedule: when });
    if (copiedAt) await handedOver(t.app.db, schedule, copiedAt(schedule.start));
    const res = await submit(attacker, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: capture(schedule.start).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { late: res.json().result.late, held: res.json().result.held, status: (await statusOf(t.app.db, schedule.id)).status };
  }
  const beforeStart = (start: Date) => new Date(start.getTime() - HOUR);
  const url = () => `/api/v1/businesses/${owner.business.id}`;
  const setHours = (lateAnswerHours: unknown, who = owner) =>
    who.request({ method: 'PUT', url: url(), payload: { name: owner.business.name, colour: '#112233', timeZone: 'UTC', lateAnswerHours } });

  it('counts one captured on a device that held the schedule, delivered within the allowance (24 hours unless the business says)', async () => {
    expect((await owner.request({ method: 'GET', url: url() })).json().lateAnswerHours).toBe(DEFAULT_LATE_ANSWER_HOURS);
    expect(await deliverLate(2 * HOUR, beforeStart)).toEqual({ late: true, held: null, status: 'done' });
    // The device's clock may run behind the server's by the skew allowance.
    const behind = (start: Date) => new Date(start.getTime() + 30 * MINUTE + CAPTURE_CLOCK_SKEW_MS - MINUTE);
    expect(await deliverLate(2 * HOUR, behind)).toEqual({ late: true, held: null, status: 'done' });
  });

  it('keeps one captured before the device held the schedule, or never held it (a manager reading it is not the device), uncounted', async () => {
    const afterCapture = (start: Date) => new Date(start.getTime() + 31 * MINUTE + CAPTURE_CLOCK_SKEW_MS);
    expect(await deliverLate(2 * HOUR, afterCapture)).toEqual({ late: true, held: 'UNPROVEN', status: 'missed' });
    const { schedule, actions } = await scheduledTask({ t, owner, siteId }, attacker, [{ required: true }], {
      schedule: { start: ago(3 * HOUR), end: ago(2 * HOUR), deadline: ago(HOUR), status: 'missed' },
    });
    const handovers = async () => (await t.app.db.select().from(scheduleHandovers).where(eq(scheduleHandovers.scheduleId, schedule.id))).length;
    expect((await owner.request({ method: 'GET', url: `${API}/schedules/${schedule.id}?eagerLoad=true` })).statusCode).toBe(200);
    expect(await handovers()).toBe(0);
    // The member's own read (the device's copy) is noted, once, and proves nothing captured before it.
    for (let i = 0; i < 2; i += 1)
      expect((await attacker.request({ method: 'GET', url: `${API}/schedules/${schedule.id}?eagerLoad=true` })).statusCode).toBe(200);
    expect(await handovers()).toBe(1);
    const res = await submit(attacker, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: ago(2.5 * HOUR).toISOString(),
    });
    expect(res.json().result.held).toBe('UNPROVEN');
    expect((await statusOf(t.app.db, schedule.id)).status).toBe('missed');
  });

  it("follows the business's allowance: beyond it the answer is kept uncounted, 0 counts none", async () => {
    expect(await deliverLate(30 * HOUR, beforeStart)).toEqual({ late: true, held: 'UNPROVEN', status: 'missed' });
    expect((await setHours(48)).json().lateAnswerHours).toBe(48);
    expect(await deliverLate(30 * HOUR, beforeStart)).toEqual({ late: true, held: null, status: 'done' });
    expect((await setHours(0)).statusCode).toBe(200);
    expect(await deliverLate(MINUTE, beforeStart)).toEqual({ late: true, held: 'UNPROVEN', status: 'missed' });
    // On time, the capture needs no proof of lateness.
    const { schedule, actions } = await scheduledTask({ t, owner, siteId }, attacker, [{ required: true }]);
    const res = await submit(attacker, {
      scheduleId: String(schedule.id),
      actionId: String(actions[0].id),
      value: '"YES"',
      ...INSIDE,
      capturedAt: ago(MINUTE).toISOString(),
    });
    expect([res.json().result.late, res.json().result.held, res.json().schedule.status]).toEqual([false, null, 'done']);
    expect((await setHours(DEFAULT_LATE_ANSWER_HOURS)).statusCode).toBe(200);
  });

  it('takes the allowance only from an administrator of the business, as whole hours from 0 to a week', async () => {
    for (const [bad, message] of [
      [-1, minMessage(0)],
      [MAX_LATE_ANSWER_HOURS + 1, maxMessage(MAX_LATE_ANSWER_HOURS)],
      [1.5, MSG.invalid],
      ['12', MSG.invalid],
      [null, MSG.invalid],
    ] as const) {
      const res = await setHours(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors).toEqual([{ field: 'lateAnswerHours', message }]);
    }
    expect((await setHours(72, attacker)).statusCode).toBe(403);
    const { other } = await otherBusiness(t.app);
    const across = await owner.request({
      method: 'PUT',
      url: `/api/v1/businesses/${other.business.id}`,
      payload: { name: 'X', colour: '#112233', timeZone: 'UTC', lateAnswerHours: 0 },
    });
    expect(across.statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: `/api/v1/businesses/${other.business.id}` })).json().lateAnswerHours).toBe(DEFAULT_LATE_ANSWER_HOURS);
    expect((await owner.request({ method: 'GET', url: url() })).json().lateAnswerHours).toBe(DEFAULT_LATE_ANSWER_HOURS);
  });
});

describe('the geofence reads the accuracy', () => {
  const answer = async (position: Record<string, string>, geo = true) => {
    const { schedule, actions } = await scheduledTask({ t, owner, siteId }, attacker, [{ required: true }], { geo });
    const res = await submit(attacker, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...position });
    expect(res.statusCode, res.body).toBe(201);
    return [res.json().result.outside, res.json().schedule.status];
  };
  const { accuracy: _ignored, ...bare } = INSIDE;

  it('counts a fix no wider than the radius (200 m); a wider one, or one without its accuracy, proves nothing and is kept outside', async () => {
    expect(await answer({ ...INSIDE, accuracy: '200' })).toEqual([false, 'done']);
    expect(await answer({ ...INSIDE, accuracy: '201' })).toEqual([true, 'pending']);
    expect(await answer(bare)).toEqual([true, 'pending']);
    // A task without the geofence takes the answer wherever it was given.
    expect(await answer({ ...INSIDE, accuracy: '1000000000' }, false)).toEqual([false, 'done']);
  });
});
