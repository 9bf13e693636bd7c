// Answers the device's outbox delivers (`capturedAt`) to a schedule a plan change removed
// meanwhile: the member's own are judged like any other and kept apart, with their files, for the
// manager (202); any other id, whoever's, is unknown (404) and nothing is stored. The removed
// schedules are remembered only while an answer could still be taken for them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { MAX_CAPTURE_AGE_MS } from '@fieldops/shared/limits';
import { heldAnswers, removedSchedules, schedules } from '../../../db/schema-schedules.ts';
import { sweepOrphanFiles } from '../../../lib/file-sweep.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  INSIDE,
  memberAtSite,
  otherBusiness,
  photo,
  submit,
  answerCount as countAnswers,
  heldCount as countHeld,
  scheduled as scheduledTask,
} from '../../../test/answer-test-kit.ts';
import { addMember, createAction, createTask, fileKeyOf, placeInSite, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let other: Caller;
let otherMember: Caller;
let otherAction: number;
let siteId: number;

const answerCount = (scheduleId: number) => countAnswers(t.app.db, scheduleId);
const heldCount = (scheduleId: number) => countHeld(t.app.db, scheduleId);
const ago = (ms: number) => new Date(Date.now() - ms);
const iso = (at: Date) => at.toISOString();

/** A task at the member's site with the given actions and a schedule of it for the member. */
const scheduled = (actions?: Parameters<typeof createAction>[3][], options: Parameters<typeof scheduledTask>[3] = {}) =>
  scheduledTask({ t, owner, siteId }, member, actions, options);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  colleague = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteId, colleague.userId);
  ({ other, otherMember, otherAction } = await otherBusiness(t.app));
});
afterAll(() => t.close());

/**
 * Today's open schedule of the member, removed by pausing its plan (which removes today's
 * unanswered schedules; the business is in UTC, so today starts at midnight UTC), and a moment
 * inside its window.
 */
async function removedSchedule(actions: Parameters<typeof createAction>[3][] = [{ required: true }]) {
  const today = new Date(new Date().setUTCHours(0, 0, 0, 0));
  const start = new Date(Math.max(today.getTime(), Date.now() - HOUR));
  const made = await scheduled(actions, { schedule: { start, end: new Date(Date.now() + HOUR), deadline: new Date(Date.now() + HOUR) } });
  const paused = await owner.request({ method: 'PUT', url: `${W}/v1/execution-plans/${made.schedule.planId}/switch-status`, payload: { paused: true } });
  expect(paused.statusCode, paused.body).toBe(200);
  expect(await t.app.db.select().from(schedules).where(eq(schedules.id, made.schedule.id))).toEqual([]);
  const capturedAt = iso(new Date((start.getTime() + Date.now()) / 2));
  return { ...made, capturedAt };
}

describe('POST /v1/action-results with capturedAt: a schedule removed meanwhile', () => {
  it('keeps the answer and its photo apart for the manager and answers 202', async () => {
    const { actions, schedule, capturedAt } = await removedSchedule([{ required: true, type: 'PHOTO' }]);
    const [removed] = await t.app.db.select().from(removedSchedules).where(eq(removedSchedules.id, schedule.id));
    expect(removed).toMatchObject({ businessId: owner.business.id, userId: member.userId, taskId: schedule.taskId, deadline: schedule.deadline });

    const res = await submit(
      member,
      { scheduleId: String(schedule.id), actionId: String(actions[0].id), notes: 'Door fixed', important: 'true', ...INSIDE, capturedAt },
      [photo()],
    );
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toEqual({ held: 'REMOVED', id: expect.any(Number), message: MSG.answerHeldRemoved });
    const [row] = await t.app.db.select().from(heldAnswers).where(eq(heldAnswers.id, body.id));
    expect(row).toMatchObject({
      businessId: owner.business.id,
      userId: member.userId,
      scheduleId: schedule.id,
      actionId: actions[0].id,
      value: null,
      notes: 'Door fixed',
      important: true,
      latitude: Number(INSIDE.latitude),
      capturedAt: new Date(capturedAt),
      reason: 'REMOVED',
    });
    // The photo stays, and the sweep of unreferenced files knows the row refers to it.
    expect(row.fileKey).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(t.storedFiles().some((f) => f.endsWith(row.fileKey ?? '-'))).toBe(true);
    await sweepOrphanFiles(t.app.db, t.app.storage, 0);
    expect(await t.app.storage.read(row.fileKey ?? '')).not.toBeNull();
    expect(await answerCount(schedule.id)).toBe(0);
  });

  it('judges it like any other answer: its action, its value, its window', async () => {
    const { actions, schedule, capturedAt } = await removedSchedule();
    const send = (fields: Record<string, string>) =>
      submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', capturedAt, ...fields });
    const foreignTask = await createAction(t.app, owner, (await createTask(t.app, owner)).id);
    for (const actionId of [foreignTask.id, otherAction]) {
      const res = await send({ actionId: String(actionId) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'actionId', message: MSG.actionNotInSchedule }]);
    }
    expect((await send({ value: '"MAYBE"' })).json().fieldErrors).toEqual([{ field: 'value', message: MSG.answerInvalid }]);
    const late = await send({ capturedAt: iso(new Date(schedule.deadline.getTime() + MINUTE)) });
    // The deadline is an hour ahead: a capture after it is also in the future.
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MSG.capturedInFuture);
    expect((await send({ capturedAt: iso(ago(2 * DAY)) })).json().message).toBe(MSG.capturedBeforeOpen);
    expect(await heldCount(schedule.id)).toBe(0);
  });

  it("answers 404 for another member's, another business's, or an unknown id, or without capturedAt, storing nothing", async () => {
    const { actions, schedule, capturedAt } = await removedSchedule();
    const filesBefore = t.storedFiles();
    // Every refusal reads the same: nothing tells a removed schedule from one that never was.
    const bodies: unknown[] = [];
    const cases: [Caller, number, number, string | undefined][] = [
      [colleague, schedule.id, actions[0].id, capturedAt],
      [owner, schedule.id, actions[0].id, capturedAt],
      [other, schedule.id, otherAction, capturedAt],
      [otherMember, schedule.id, otherAction, capturedAt],
      [otherMember, schedule.id, actions[0].id, capturedAt],
      [member, 987_654_321, actions[0].id, capturedAt],
      [member, schedule.id, actions[0].id, undefined],
    ];
    for (const [caller, id, actionId, at] of cases) {
      const fields = { scheduleId: String(id), actionId: String(actionId), value: '"YES"', ...(at ? { capturedAt: at } : {}) };
      const res = await submit(caller, fields, [photo()]);
      expect(res.statusCode, `${caller.username} ${id}`).toBe(404);
      expect(res.json()).toEqual(bodies[0] ?? res.json());
      expect(res.json().message).toBe(MSG.scheduleNotFound);
      bodies.push(res.json());
    }
    expect(await heldCount(schedule.id)).toBe(0);
    expect(await heldCount(987_654_321)).toBe(0);
    expect(t.storedFiles()).toEqual(filesBefore);
  });
});

describe('the removed schedules remembered', () => {
  it("are forgotten once no answer could be taken for them any more, and only the business's own", async () => {
    const old = { userId: member.userId, taskId: 1, start: ago(MAX_CAPTURE_AGE_MS + 3 * HOUR), deadline: ago(MAX_CAPTURE_AGE_MS + HOUR) };
    await t.app.db.insert(removedSchedules).values([
      { id: 900_000_001, businessId: owner.business.id, ...old },
      { id: 900_000_002, businessId: owner.business.id, ...old, deadline: ago(MAX_CAPTURE_AGE_MS - HOUR) },
      { id: 900_000_003, businessId: other.business.id, ...old, userId: otherMember.userId },
    ]);
    const { schedule } = await removedSchedule();
    const left = await t.app.db.select({ id: removedSchedules.id }).from(removedSchedules);
    expect(left.map((r) => r.id)).not.toContain(900_000_001);
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([900_000_002, 900_000_003, schedule.id]));
  });
});

describe('a retried outbox send with the same Idempotency-Key', () => {
  const send = (fields: Record<string, string>, key: string) => submit(member, fields, [photo()], { 'idempotency-key': key });

  it('keeps one held answer and one photo for a schedule removed meanwhile', async () => {
    const { actions, schedule, capturedAt } = await removedSchedule([{ required: true, type: 'PHOTO' }]);
    const fields = { scheduleId: String(schedule.id), actionId: String(actions[0].id), capturedAt };
    const filesBefore = t.storedFiles().length;
    const first = await send(fields, 'outbox-removed-1');
    const again = await send(fields, 'outbox-removed-1');
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json()).toEqual(first.json());
    expect(await heldCount(schedule.id)).toBe(1);
    expect(t.storedFiles().length - filesBefore).toBe(1);
    const [row] = await t.app.db
      .select({ fileKey: heldAnswers.fileKey })
      .from(heldAnswers)
      .where(and(eq(heldAnswers.scheduleId, schedule.id), eq(heldAnswers.id, first.json().id)));
    expect(t.storedFiles().map((f) => fileKeyOf(f))).toContain(row.fileKey);
  });
});
