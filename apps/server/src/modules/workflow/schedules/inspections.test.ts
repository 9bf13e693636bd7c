// Inspections through the API: answers checked against each type's settings and each answer's
// evidence rules, the score kept as answers arrive, and the inspection read as it was answered
// whatever becomes of its task (DESIGN §13).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inspection } from '@fieldops/shared/inspections';
import { actionResults, scheduleScores, schedules } from '../../../db/schema-schedules.ts';
import { taskSections } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { INSIDE, memberAtSite, photo, scheduled as scheduledTask, statusOf, submit } from '../../../test/answer-test-kit.ts';
import { addMember, createAnswerRow, createBusinessWithOwner, createScheduleRow, placeInSite, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let other: Caller;
let siteId: number;

const scheduled = (actions: Parameters<typeof scheduledTask>[2], who: Caller = member) => scheduledTask({ t, owner, siteId }, who, actions, { geo: false });
const answer = (scheduleId: number, actionId: number, value: unknown, extra: Record<string, string> = {}, files: Parameters<typeof submit>[2] = []) =>
  submit(member, { scheduleId: String(scheduleId), actionId: String(actionId), value: JSON.stringify(value), ...INSIDE, ...extra }, files);
const inspectionOf = async (scheduleId: number, caller = owner) => {
  const res = await caller.request({ method: 'GET', url: `${W}/schedules/${scheduleId}/inspection` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Inspection>();
};
const rule = (score: number | null, extra: Record<string, boolean> = {}) => ({
  score,
  na: false,
  photoRequired: false,
  noteRequired: false,
  flag: false,
  ...extra,
});
const settings = (extra: Record<string, unknown> = {}) => ({ min: null, max: null, unit: null, step: null, allowNa: false, scored: false, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  colleague = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteId, colleague.userId);
  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

/**
 * A store audit: a yes/no "Floor clean?" worth 1 (weight 2) that needs a photo and flags when No;
 * a choice "Shelves" of Full 2 / Half 1 / Empty 0 whose Empty needs a note; a fridge temperature in
 * 2..8 °C, scored; and a text. Pass mark 60.
 */
async function audit() {
  const made = await scheduled([
    { nameEn: 'Floor clean?', type: 'YES_NO', required: true, weight: 2, rules: { YES: rule(1), NO: rule(0, { photoRequired: true, flag: true }) } },
    {
      nameEn: 'Shelves',
      type: 'SINGLE_CHOICE',
      required: true,
      options: [
        { labelEn: 'Full', labelAr: 'ممتلئة' },
        { labelEn: 'Half', labelAr: 'نصف' },
        { labelEn: 'Empty', labelAr: 'فارغة' },
      ],
      rules: { '0': rule(2), '1': rule(1), '2': rule(0, { noteRequired: true }) },
    },
    { nameEn: 'Fridge', type: 'NUMBER', required: true, settings: settings({ min: 2, max: 8, unit: '°C', scored: true }) },
    { nameEn: 'Remarks', type: 'TEXT', required: false },
  ]);
  await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${made.task.id}/settings`, payload: { passMark: 60 } });
  return made;
}

describe('evidence an answer must carry', () => {
  it('refuses a No without the photo its rule asks for, and flags it once the photo comes', async () => {
    const { actions, schedule } = await audit();
    const floor = actions[0]?.id ?? 0;
    const bare = await answer(schedule.id, floor, 'NO');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ message: 'This answer needs a photo', fieldErrors: [{ field: 'file', message: 'This answer needs a photo' }] });
    expect(await t.app.db.select().from(actionResults).where(eq(actionResults.scheduleId, schedule.id))).toEqual([]);

    const withPhoto = await answer(schedule.id, floor, 'NO', {}, [photo()]);
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    expect(withPhoto.json().result).toMatchObject({ isFlagged: true, value: 'NO' });
    // Yes asks for nothing and flags nothing.
    const yes = await answer(schedule.id, floor, 'YES');
    expect(yes.json().result).toMatchObject({ isFlagged: false });
  });

  it('refuses Empty without a note', async () => {
    const { actions, schedule } = await audit();
    const shelves = actions[1]?.id ?? 0;
    const bare = await answer(schedule.id, shelves, '2', { notes: '   ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('This answer needs a note');
    expect((await answer(schedule.id, shelves, '2', { notes: 'Delivery late' })).statusCode).toBe(201);
  });

  it('checks times, sliders, N/A, signatures and instructions by their settings', async () => {
    const { actions, schedule } = await scheduled([
      { nameEn: 'Arrival', type: 'TIME' },
      { nameEn: 'Level', type: 'SLIDER', settings: settings({ min: 0, max: 10, step: 2.5 }) },
      { nameEn: 'Exit clear?', type: 'YES_NO', settings: settings({ allowNa: true }) },
      { nameEn: 'Signed', type: 'SIGNATURE' },
      { nameEn: 'Read first', type: 'INSTRUCTION', required: false },
      { nameEn: 'Lights?', type: 'YES_NO' },
    ]);
    const [time, slider, exit, signature, instruction, lights] = actions.map((a) => a.id) as [number, number, number, number, number, number];
    const cases: [number, unknown, number][] = [
      [time, '25:00', 400],
      [time, '7:30', 400],
      [time, '07:30', 201],
      [slider, 3, 400],
      [slider, 12.5, 400],
      [slider, 7.5, 201],
      [exit, 'NA', 201],
      [lights, 'NA', 400],
      [instruction, null, 400],
    ];
    for (const [actionId, value, status] of cases) {
      const res = await answer(schedule.id, actionId, value);
      expect(res.statusCode, `${actionId} ${JSON.stringify(value)}: ${res.body}`).toBe(status);
    }
    const unsigned = await answer(schedule.id, signature, null);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('Draw your signature');
    const signed = await answer(schedule.id, signature, null, {}, [photo()]);
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().result.file).toMatch(/^\/api\/files\//);
  });
});

describe('the score of an inspection', () => {
  it('is kept as answers come, with the sections, failed items and pass or fail', async () => {
    const { actions, schedule } = await audit();
    const [floor, shelves, fridge] = actions.map((a) => a.id) as [number, number, number];
    expect((await inspectionOf(schedule.id)).score).toBeNull();
    await answer(schedule.id, floor, 'YES');
    // 2 of 2 so far: passed, worked out as it is read; an unfinished inspection keeps no score for the reports.
    expect((await inspectionOf(schedule.id)).score).toMatchObject({ achieved: 2, possible: 2, percent: 100, passed: true, failed: [] });
    await answer(schedule.id, shelves, '1');
    expect(await t.app.db.select().from(scheduleScores).where(eq(scheduleScores.scheduleId, schedule.id))).toEqual([]);
    await answer(schedule.id, fridge, 9.5);
    // Floor 2 of 2, shelves 1 of 2, fridge 0 of 1 (out of range): 3 of 5 = 60 %, at the mark.
    const read = await inspectionOf(schedule.id);
    expect(read.score).toMatchObject({ achieved: 3, possible: 5, percent: 60, passed: true, failed: [fridge] });
    expect(read.score?.sections).toEqual([{ sectionId: null, achieved: 3, possible: 5, percent: 60 }]);
    expect(read.answers.map((a) => a.action.id)).toEqual([floor, shelves, fridge]);
    expect(await statusOf(t.app.db, schedule.id)).toMatchObject({ status: 'done' });
    // A changed answer is scored again: No (with its photo) makes it 1 of 5.
    await answer(schedule.id, floor, 'NO', {}, [photo()]);
    expect((await inspectionOf(schedule.id)).score).toMatchObject({ achieved: 1, possible: 5, percent: 20, passed: false, failed: [floor, fridge] });
    const [kept] = await t.app.db.select().from(scheduleScores).where(eq(scheduleScores.scheduleId, schedule.id));
    expect(kept).toMatchObject({ teamId: siteId, userId: member.userId, percent: 20, passed: false });
  });

  it('leaves a hidden section out of what is required and of the score', async () => {
    const { task, actions, schedule } = await scheduled([
      { nameEn: 'Kitchen open?', type: 'YES_NO', required: true },
      { nameEn: 'Hob clean?', type: 'YES_NO', required: true, rules: { YES: rule(1), NO: rule(0) } },
      { nameEn: 'Bins empty?', type: 'YES_NO', required: true, rules: { YES: rule(1), NO: rule(0) } },
    ]);
    const [open, hob, bins] = actions.map((a) => a.id) as [number, number, number];
    const section = (await owner.request({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId: task.id, nameEn: 'Kitchen' } })).json();
    await owner.request({
      method: 'PUT',
      url: `${W}/v1/tasks/${task.id}/layout`,
      payload: {
        groups: [
          { sectionId: null, actionIds: [open, bins] },
          { sectionId: section.id, actionIds: [hob] },
        ],
      },
    });
    await owner.request({
      method: 'PUT',
      url: `${W}/v1/sections/${section.id}/criteria`,
      payload: { criteria: { condition: { baseActionId: open, answer: 'YES' }, visibility: 'DISPLAY' } },
    });
    await answer(schedule.id, open, 'NO');
    // The kitchen is closed: its section is hidden, so an answer to the hob is refused as not asked.
    expect((await answer(schedule.id, hob, 'YES')).statusCode).toBe(400);
    await answer(schedule.id, bins, 'NO');
    expect(await statusOf(t.app.db, schedule.id)).toMatchObject({ status: 'done' });
    expect((await inspectionOf(schedule.id)).score).toMatchObject({ achieved: 0, possible: 1, failed: [bins] });
    expect((await t.app.db.select().from(taskSections).where(eq(taskSections.id, section.id))).length).toBe(1);
  });
});

describe('an inspection reads as it was answered', () => {
  it('keeps the words, options and answers of its version when the task changes, and a new schedule takes the new version', async () => {
    const { task, actions, schedule } = await audit();
    const [floor, shelves, fridge, remarks] = actions.map((a) => a.id) as [number, number, number, number];
    await answer(schedule.id, floor, 'YES');
    await answer(schedule.id, shelves, '0');
    await answer(schedule.id, fridge, 4);
    await answer(schedule.id, remarks, 'Tidy');
    const before = await inspectionOf(schedule.id);
    expect(before.version?.number).toBe(1);

    // The task changes: an option renamed, a question deleted, the pass mark raised.
    await owner.request({
      method: 'PUT',
      url: `${W}/v1/actions/${shelves}`,
      payload: {
        nameEn: 'Shelf stock',
        type: 'SINGLE_CHOICE',
        options: [
          { labelEn: 'Stocked', labelAr: 'مخزّنة' },
          { labelEn: 'Low', labelAr: 'منخفضة' },
        ],
      },
    });
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${remarks}` })).statusCode).toBe(204);
    await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: { passMark: 90 } });

    const after = await inspectionOf(schedule.id);
    expect(after.version).toEqual(before.version);
    expect(after.answers.map((a) => [a.action.nameEn, a.value])).toEqual([
      ['Floor clean?', 'YES'],
      ['Shelves', '0'],
      ['Fridge', 4],
      ['Remarks', 'Tidy'],
    ]);
    expect(after.answers[1]?.action.options[0]?.labelEn).toBe('Full');
    expect(after.score).toEqual(before.score);
    // Answered again after the change, it stays with its version, and is scored by it.
    await answer(schedule.id, fridge, 5);
    const again = await inspectionOf(schedule.id);
    expect(again.version).toEqual(before.version);
    expect(again.score).toMatchObject({ passed: true, possible: 5 });

    // The next schedule of the task answers the task as it is now.
    const next = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    await answer(next.id, floor, 'YES');
    const fresh = await inspectionOf(next.id);
    expect(fresh.version?.number).toBe(2);
    expect(fresh.version?.content).toMatchObject({ passMark: 90, actions: [{ id: floor }, { id: shelves, nameEn: 'Shelf stock' }, { id: fridge }] });
    // Two schedules first answered with the same content share its version.
    const third = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    await answer(third.id, floor, 'YES');
    const [pinned] = await t.app.db.select({ version: schedules.taskVersionId }).from(schedules).where(eq(schedules.id, third.id));
    expect(pinned?.version).toBe(fresh.version?.id);
  });

  it('is finished with its version when the task changes halfway: the runner, the progress and the checks read it', async () => {
    const { task, actions, schedule } = await audit();
    const [floor, shelves, fridge, remarks] = actions.map((a) => a.id) as [number, number, number, number];
    await answer(schedule.id, floor, 'YES');
    // Halfway through, the task changes: the fridge question goes, a required one comes, a name changes.
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${fridge}` })).statusCode).toBe(204);
    const added = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'Lights on?', type: 'YES_NO', required: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    await owner.request({ method: 'PUT', url: `${W}/v1/actions/${floor}`, payload: { nameEn: 'Floor dry?', type: 'YES_NO', required: true } });

    const detailOf = async () => {
      const res = await member.request({ method: 'GET', url: `${W}/schedules/${schedule.id}?eagerLoad=true` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ task: { actions: { id: number; nameEn: string; rules: object }[] }; answeredActions: number; requiredActions: number }>();
    };
    const detail = await detailOf();
    expect(detail.task.actions.map((a) => [a.id, a.nameEn])).toEqual([
      [floor, 'Floor clean?'],
      [shelves, 'Shelves'],
      [fridge, 'Fridge'],
      [remarks, 'Remarks'],
    ]);
    expect(detail.task.actions[0]?.rules).toMatchObject({ NO: { photoRequired: true } });
    expect(detail).toMatchObject({ answeredActions: 1, requiredActions: 3 });
    // The lists count progress the same way.
    const list = await member.request({ method: 'GET', url: `${W}/schedules?withActionCalculations=true&size=100` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ id: number; requiredActions: number }[]>().find((s) => s.id === schedule.id)).toMatchObject({ requiredActions: 3 });

    // The question added since is not part of it; the one deleted since still is, with its rules.
    const lights = await answer(schedule.id, added.json<{ id: number }>().id, 'YES');
    expect(lights.statusCode).toBe(400);
    expect(lights.json().message).toBe("The action is not part of this schedule's task");
    expect((await answer(schedule.id, fridge, 40)).statusCode).toBe(201);
    expect((await answer(schedule.id, shelves, '0')).statusCode).toBe(201);
    expect(await statusOf(t.app.db, schedule.id)).toMatchObject({ status: 'done' });
    // The runner holds every answer given, that to the question deleted since too.
    const { answers } = await (
      await member.request({ method: 'GET', url: `${W}/schedules/${schedule.id}?eagerLoad=true` })
    ).json<{ answers: { action: { id: number; nameEn: string } }[] }>();
    expect(answers.map((a) => a.action.nameEn)).toEqual(['Floor clean?', 'Fridge', 'Shelves']);
    // Floor 2 of 2, shelves 2 of 2, fridge 0 of 1 (out of range): 4 of 5, kept now that it is finished.
    const [kept] = await t.app.db.select().from(scheduleScores).where(eq(scheduleScores.scheduleId, schedule.id));
    expect(kept).toMatchObject({ achieved: 4, possible: 5, percent: 80, failed: [fridge] });
  });

  it('is seen by whoever may see the schedule, and by no other business or member', async () => {
    const { schedule, actions } = await audit();
    await answer(schedule.id, actions[0]?.id ?? 0, 'YES');
    expect((await inspectionOf(schedule.id, member)).answers).toHaveLength(1);
    for (const stranger of [other, colleague]) {
      const res = await stranger.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Floor clean?');
    }
  });

  it('reads a schedule answered before tasks kept versions with the task as it is, pinned from then on', async () => {
    const { actions, schedule } = await audit();
    await createAnswerRow(t.app.db, schedule, actions[0]?.id ?? 0, { value: 'YES' });
    await t.app.db.update(schedules).set({ status: 'done' }).where(eq(schedules.id, schedule.id));
    const read = await inspectionOf(schedule.id);
    expect(read.version?.content.actions.map((a) => a.nameEn)).toEqual(['Floor clean?', 'Shelves', 'Fridge', 'Remarks']);
    expect(read.answers.map((a) => [a.action.nameEn, a.value])).toEqual([['Floor clean?', 'YES']]);
    const [pinned] = await t.app.db.select({ version: schedules.taskVersionId }).from(schedules).where(eq(schedules.id, schedule.id));
    expect(pinned?.version).toBe(read.version?.id);
  });
});
