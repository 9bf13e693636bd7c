// Chain rules through the API: a rule only points back at an earlier chainable action of the
// same task with one of its answers, and no later change (delete, reorder, edit) can break one.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionCriteria } from '@fieldops/shared/tasks';
import { actions } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;

const OPTIONS = [
  { labelEn: 'Red', labelAr: 'أحمر' },
  { labelEn: 'Green', labelAr: 'أخضر' },
  { labelEn: 'Blue', labelAr: 'أزرق' },
];
const rule = (baseActionId: number, answer: string, visibility: ActionCriteria['visibility'] = 'DISPLAY'): ActionCriteria => ({
  condition: { baseActionId, answer },
  visibility,
});
const stored = async (id: number) => (await t.app.db.select().from(actions).where(eq(actions.id, id)))[0];
const storedOrder = async (taskId: number) =>
  (await t.app.db.select({ id: actions.id }).from(actions).where(eq(actions.taskId, taskId)).orderBy(asc(actions.order), asc(actions.id))).map((r) => r.id);
const setRule = (caller: Caller, id: number, criteria: ActionCriteria | null) =>
  caller.request({ method: 'PUT', url: `${W}/v1/actions/${id}/criteria`, payload: { criteria } });
/** Sets a rule through the API and checks it was taken. */
const chain = async (id: number, criteria: ActionCriteria) => expect((await setRule(owner, id, criteria)).statusCode).toBe(200);

/** A task with a yes/no, a single choice of three, a text and a photo action, in that order. */
async function taskWithSteps() {
  const task = await createTask(t.app, owner);
  const yesNo = await createAction(t.app, owner, task.id, { nameEn: 'Damaged?', nameAr: 'تالف؟' });
  const choice = await createAction(t.app, owner, task.id, { nameEn: 'Colour', type: 'SINGLE_CHOICE', options: OPTIONS });
  const text = await createAction(t.app, owner, task.id, { nameEn: null, nameAr: 'وصف الضرر', type: 'TEXT' });
  const photo = await createAction(t.app, owner, task.id, { nameEn: 'Photo of the damage', type: 'PHOTO' });
  return { task, yesNo, choice, text, photo };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
});
afterAll(() => t.close());

describe('PUT /v1/actions/{id}/criteria', () => {
  it('sets a rule on a later action, keeps base_action_id in step, and removes it with null', async () => {
    const { yesNo, choice, photo, text } = await taskWithSteps();
    const res = await setRule(owner, photo.id, rule(yesNo.id, 'YES'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: photo.id, criteria: rule(yesNo.id, 'YES') });
    expect((await stored(photo.id)).baseActionId).toBe(yesNo.id);

    // A choice base takes an option's index; a rule can be replaced.
    expect((await setRule(owner, text.id, rule(choice.id, '2', 'HIDDEN'))).json().criteria).toEqual(rule(choice.id, '2', 'HIDDEN'));
    expect((await setRule(owner, text.id, rule(yesNo.id, 'NO', 'DIM'))).statusCode).toBe(200);
    expect((await stored(text.id)).baseActionId).toBe(yesNo.id);

    const removed = await setRule(owner, photo.id, null);
    expect(removed.json().criteria).toBeNull();
    expect(await stored(photo.id)).toMatchObject({ criteria: null, baseActionId: null });
  });

  it('refuses a rule that points at the same or a later action, so rules can never form a cycle', async () => {
    const { yesNo, choice, text } = await taskWithSteps();
    for (const [target, base] of [
      [yesNo, choice],
      [choice, choice],
    ]) {
      const res = await setRule(owner, target.id, rule(base.id, base.type === 'YES_NO' ? 'YES' : '0'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'A rule can only point at a later action',
        fieldErrors: [{ field: 'criteria.condition.baseActionId', message: 'A rule can only point at a later action' }],
      });
    }
    // B depends on A; now a rule on A with B as its base would close a loop, and is refused.
    await chain(choice.id, rule(yesNo.id, 'YES'));
    expect((await setRule(owner, yesNo.id, rule(choice.id, '1'))).statusCode).toBe(400);
    // Nor can a reorder put B before A to make way for it.
    const reorder = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions/order`,
      payload: { taskId: yesNo.taskId, actionIds: [choice.id, yesNo.id, text.id, (await storedOrder(yesNo.taskId))[3]] },
    });
    expect(reorder.statusCode).toBe(409);
    expect((await stored(yesNo.id)).criteria).toBeNull();
  });

  it('refuses a base in another task, a base that cannot drive a rule and an answer the base does not have', async () => {
    const { yesNo, choice, text, photo } = await taskWithSteps();
    const elsewhere = await taskWithSteps();
    const cases: [number, ActionCriteria, string, string][] = [
      [photo.id, rule(elsewhere.yesNo.id, 'YES'), 'criteria.condition.baseActionId', 'A rule can only depend on an action of the same task'],
      [photo.id, rule(text.id, 'YES'), 'criteria.condition.baseActionId', 'A rule can only follow a yes/no or choice action'],
      [photo.id, rule(yesNo.id, 'MAYBE'), 'criteria.condition.answer', "The rule's answer is not one of the base action's answers"],
      [photo.id, rule(yesNo.id, 'yes'), 'criteria.condition.answer', "The rule's answer is not one of the base action's answers"],
      [photo.id, rule(choice.id, '3'), 'criteria.condition.answer', "The rule's answer is not one of the base action's answers"],
      [photo.id, rule(choice.id, 'Red'), 'criteria.condition.answer', "The rule's answer is not one of the base action's answers"],
    ];
    for (const [target, criteria, field, message] of cases) {
      const res = await setRule(owner, target, criteria);
      expect(res.statusCode, JSON.stringify(criteria)).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: [{ field, message }] });
    }
    expect(await stored(photo.id)).toMatchObject({ criteria: null, baseActionId: null });
  });

  it('refuses a malformed rule naming the field', async () => {
    const { yesNo, photo } = await taskWithSteps();
    const cases: [unknown, string][] = [
      [{ criteria: { condition: { baseActionId: yesNo.id, answer: 'YES' }, visibility: 'SOMETIMES' } }, 'criteria.visibility'],
      [{ criteria: { condition: { answer: 'YES' }, visibility: 'DISPLAY' } }, 'criteria.condition.baseActionId'],
      [{ criteria: { condition: { baseActionId: yesNo.id, answer: '' }, visibility: 'DISPLAY' } }, 'criteria.condition.answer'],
      [{}, 'criteria'],
    ];
    for (const [payload, field] of cases) {
      const res = await owner.request({ method: 'PUT', url: `${W}/v1/actions/${photo.id}/criteria`, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
    }
    expect((await stored(photo.id)).criteria).toBeNull();
  });

  it("answers 404 for another business's action or base, and 403 to members; nothing changes", async () => {
    const { yesNo, photo } = await taskWithSteps();
    const theirTask = await createTask(t.app, other);
    const theirBase = await createAction(t.app, other, theirTask.id);
    const theirTarget = await createAction(t.app, other, theirTask.id, { type: 'PHOTO' });
    const foreignBase = await setRule(owner, photo.id, rule(theirBase.id, 'YES'));
    expect(foreignBase.statusCode).toBe(404);
    expect(foreignBase.json().fieldErrors).toEqual([{ field: 'criteria.condition.baseActionId', message: 'Action not found' }]);
    expect((await setRule(owner, theirTarget.id, rule(theirBase.id, 'YES'))).statusCode).toBe(404);
    expect((await stored(theirTarget.id)).criteria).toBeNull();
    expect((await setRule(member, photo.id, rule(yesNo.id, 'YES'))).statusCode).toBe(403);
    expect((await stored(photo.id)).criteria).toBeNull();
  });
});

describe('rules guard the actions they depend on', () => {
  it('refuses to delete a base action with 409, naming the dependent actions, until the rule goes', async () => {
    const { yesNo, text, photo } = await taskWithSteps();
    await chain(photo.id, rule(yesNo.id, 'YES'));
    await chain(text.id, rule(yesNo.id, 'YES'));
    const res = await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${yesNo.id}` });
    expect(res.statusCode).toBe(409);
    // The Arabic name stands in when there is no English one.
    expect(res.json()).toMatchObject({
      message: 'Another action depends on this one. Delete that rule or action first',
      detail: 'وصف الضرر, Photo of the damage',
    });
    expect(await stored(yesNo.id)).toBeDefined();

    await chain(text.id, rule(yesNo.id, 'NO'));
    expect((await setRule(owner, photo.id, null)).statusCode).toBe(200);
    expect((await setRule(owner, text.id, null)).statusCode).toBe(200);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${yesNo.id}` })).statusCode).toBe(204);
  });

  it('lets the dependent action itself be deleted', async () => {
    const { task, yesNo, choice, text, photo } = await taskWithSteps();
    await chain(photo.id, rule(yesNo.id, 'YES'));
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${photo.id}` })).statusCode).toBe(204);
    expect(await storedOrder(task.id)).toEqual([yesNo.id, choice.id, text.id]);
  });

  it('refuses a reorder that puts a target before its base with 409 and keeps the order', async () => {
    const { task, yesNo, choice, text, photo } = await taskWithSteps();
    await chain(photo.id, rule(choice.id, '0'));
    const res = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions/order`,
      payload: { taskId: task.id, actionIds: [photo.id, yesNo.id, choice.id, text.id] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'A conditional action cannot come before the action it depends on', detail: 'Photo of the damage' });
    expect(await storedOrder(task.id)).toEqual([yesNo.id, choice.id, text.id, photo.id]);
    // Moving them while the base stays ahead is fine.
    const ok = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions/order`,
      payload: { taskId: task.id, actionIds: [choice.id, photo.id, yesNo.id, text.id] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a change of type or options that takes away an answer a rule uses, naming the rule's action", async () => {
    const { yesNo, choice, text, photo } = await taskWithSteps();
    await chain(photo.id, rule(yesNo.id, 'YES'));
    await chain(text.id, rule(choice.id, '2'));
    const update = (id: number, payload: object) => owner.request({ method: 'PUT', url: `${W}/v1/actions/${id}`, payload });

    const toText = await update(yesNo.id, { nameEn: 'Damaged?', type: 'TEXT' });
    expect(toText.statusCode).toBe(409);
    expect(toText.json()).toMatchObject({ message: "A rule depends on this action's answers. Change that rule first", detail: 'Photo of the damage' });
    expect((await update(yesNo.id, { nameEn: 'Damaged?', type: 'SINGLE_CHOICE', options: OPTIONS })).statusCode).toBe(409);
    expect((await stored(yesNo.id)).type).toBe('YES_NO');

    const fewer = await update(choice.id, { nameEn: 'Colour', type: 'SINGLE_CHOICE', options: OPTIONS.slice(0, 2) });
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json().detail).toBe('وصف الضرر');
    expect((await stored(choice.id)).options).toEqual(OPTIONS);

    // Changes that keep every answer in use are fine.
    expect(
      (await update(choice.id, { nameEn: 'Colour', type: 'MULTIPLE_CHOICE', options: [...OPTIONS, { labelEn: 'Black', labelAr: 'أسود' }] })).statusCode,
    ).toBe(200);
    expect((await update(yesNo.id, { nameEn: 'Is it damaged?', type: 'YES_NO', required: true })).statusCode).toBe(200);
  });
});
