import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, actionTags, tags } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;

const OPTIONS = [
  { labelEn: 'Low', labelAr: 'منخفض' },
  { labelEn: 'High', labelAr: 'مرتفع' },
];

/** The task's actions as stored, in order: [id, order]. */
const storedOrder = async (taskId: number) =>
  (
    await t.app.db.select({ id: actions.id, order: actions.order }).from(actions).where(eq(actions.taskId, taskId)).orderBy(asc(actions.order), asc(actions.id))
  ).map((r) => [r.id, r.order]);
const actionCount = async (taskId: number) => (await t.app.db.select({ n: count() }).from(actions).where(eq(actions.taskId, taskId)))[0].n;
const actionRow = async (id: number) => (await t.app.db.select().from(actions).where(eq(actions.id, id)))[0];
const createTag = async (caller: Caller, nameEn: string, nameAr: string) =>
  (await t.app.db.insert(tags).values({ businessId: caller.business.id, nameEn, nameAr }).returning())[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, supervisor, other } = await createCast(t.app, { member: true, supervisor: true, other: true }));
});
afterAll(() => t.close());

describe('GET /v1/action-types', () => {
  it('lists every type in both languages with whether it has options and can drive a rule', async () => {
    const res = await member.request({ method: 'GET', url: `${W}/v1/action-types` });
    expect(res.statusCode).toBe(200);
    const types = res.json();
    expect(types.map((x: { type: string }) => x.type)).toEqual([
      'TEXT',
      'NUMBER',
      'YES_NO',
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'PHOTO',
      'VOICE',
      'DATE',
      'TIME',
      'RATING',
      'SLIDER',
      'CHECK',
      'SIGNATURE',
      'INSTRUCTION',
    ]);
    expect(types[2]).toEqual({ type: 'YES_NO', nameEn: 'Yes or no', nameAr: 'نعم أو لا', hasOptions: false, chainable: true });
    expect(types[4]).toEqual({ type: 'MULTIPLE_CHOICE', nameEn: 'Multiple choice', nameAr: 'اختيار متعدد', hasOptions: true, chainable: true });
    expect(types[5]).toEqual({ type: 'PHOTO', nameEn: 'Photo', nameAr: 'صورة', hasOptions: false, chainable: false });
  });
});

describe('POST /v1/actions', () => {
  it('appends the action at the end of its task with its tags', async () => {
    const tag = await createTag(owner, 'Checks', 'فحوصات');
    const task = await createTask(t.app, owner);
    await createAction(t.app, owner, task.id);
    const res = await supervisor.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'Level', nameAr: 'المستوى', type: 'SINGLE_CHOICE', options: OPTIONS, required: true, tagIds: [tag.id, tag.id] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      taskId: task.id,
      order: 2,
      nameEn: 'Level',
      nameAr: 'المستوى',
      descriptionEn: null,
      descriptionAr: null,
      type: 'SINGLE_CHOICE',
      options: OPTIONS,
      required: true,
      criteria: null,
      tags: [{ id: tag.id, nameEn: 'Checks', nameAr: 'فحوصات' }],
      sectionId: null,
      weight: 1,
      settings: { min: null, max: null, unit: null, step: null, allowNa: false, scored: false },
      rules: {},
      image: null,
    });
  });

  it('drops options from types that do not use them and takes either name', async () => {
    const task = await createTask(t.app, owner);
    const res = await owner.request({ method: 'POST', url: `${W}/v1/actions`, payload: { taskId: task.id, nameAr: 'صورة', type: 'PHOTO', options: OPTIONS } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ order: 1, nameEn: null, nameAr: 'صورة', options: [], required: true, tags: [] });
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const task = await createTask(t.app, owner);
    const valid = { taskId: task.id, nameEn: 'Fine', type: 'TEXT' };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...valid, nameEn: undefined }, 'nameEn', 'Name is required in English or Arabic'],
      [{ ...valid, type: undefined }, 'type', 'This field is required'],
      [{ ...valid, type: 'DANCE' }, 'type'],
      [{ ...valid, type: 'SINGLE_CHOICE', options: [OPTIONS[0]] }, 'options', 'Add at least two options'],
      [{ ...valid, type: 'MULTIPLE_CHOICE', options: [OPTIONS[0], { labelEn: 'Only English', labelAr: '' }] }, 'options.1.labelAr', 'Option is Required!'],
      [{ ...valid, required: 'yes' }, 'required'],
      [{ ...valid, taskId: undefined }, 'taskId'],
      [{ ...valid, tagIds: ['x'] }, 'tagIds.0'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `${W}/v1/actions`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await actionCount(task.id)).toBe(0);
  });

  it("answers 404 naming the field for another business's task or tag, and creates nothing", async () => {
    const task = await createTask(t.app, owner);
    const theirTask = await createTask(t.app, other);
    const theirTag = await createTag(other, 'Foreign', 'أجنبي');
    const onTheirTask = await owner.request({ method: 'POST', url: `${W}/v1/actions`, payload: { taskId: theirTask.id, nameEn: 'X', type: 'TEXT' } });
    expect(onTheirTask.statusCode).toBe(404);
    expect(onTheirTask.json().fieldErrors).toEqual([{ field: 'taskId', message: 'Task not found' }]);
    const withTheirTag = await owner.request({
      method: 'POST',
      url: `${W}/v1/actions`,
      payload: { taskId: task.id, nameEn: 'X', type: 'TEXT', tagIds: [theirTag.id] },
    });
    expect(withTheirTag.statusCode).toBe(404);
    expect(withTheirTag.json().fieldErrors).toEqual([{ field: 'tagIds', message: 'Tag not found' }]);
    expect(await actionCount(task.id)).toBe(0);
    expect(await actionCount(theirTask.id)).toBe(0);
  });

  it('is refused to a plain member', async () => {
    const task = await createTask(t.app, owner);
    expect((await member.request({ method: 'POST', url: `${W}/v1/actions`, payload: { taskId: task.id, nameEn: 'X', type: 'TEXT' } })).statusCode).toBe(403);
    expect(await actionCount(task.id)).toBe(0);
  });
});

describe('the lists of a task’s actions', () => {
  it('answers all actions in order on v1 (two paths) and pages them on v2 with X-Total-Count', async () => {
    const tag = await createTag(owner, 'Listed', 'مدرج');
    const task = await createTask(t.app, owner);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createAction(t.app, owner, task.id, { nameEn: `Step ${i + 1}` }));
    await t.app.db.insert(actionTags).values({ actionId: made[1].id, tagId: tag.id, businessId: owner.business.id });

    for (const url of [`${W}/v1/tasks/${task.id}/actions`, `${W}/v1/actions?taskId=${task.id}`]) {
      const res = await member.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().map((a: { id: number }) => a.id)).toEqual(made.map((m) => m.id));
      expect(res.json()[1].tags).toEqual([{ id: tag.id, nameEn: 'Listed', nameAr: 'مدرج' }]);
    }
    const page = await member.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}/actions?page=1&size=2` });
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((a: { id: number; order: number }) => [a.id, a.order])).toEqual([
      [made[2].id, 3],
      [made[3].id, 4],
    ]);
  });

  it('renumbers gaps and ties to 1..n when read, on every list', async () => {
    for (const url of ['v1/tasks/{id}/actions', 'v2/tasks/{id}/actions?size=2', 'v1/actions?taskId={id}']) {
      const task = await createTask(t.app, owner);
      const made = [
        await createAction(t.app, owner, task.id, { order: 3 }),
        await createAction(t.app, owner, task.id, { order: 7 }),
        await createAction(t.app, owner, task.id, { order: 7 }),
      ];
      const res = await owner.request({ method: 'GET', url: `${W}/${url.replace('{id}', String(task.id))}` });
      expect(res.json()[0].order, url).toBe(1);
      expect(res.json()[1].order, url).toBe(2);
      expect(await storedOrder(task.id)).toEqual(made.map((m, i) => [m.id, i + 1]));
    }
  });

  it("answers 404 for another business's task and 400 for a bad query", async () => {
    const theirs = await createTask(t.app, other);
    await createAction(t.app, other, theirs.id, { nameEn: 'Their Secret Step' });
    for (const url of [`${W}/v1/tasks/${theirs.id}/actions`, `${W}/v2/tasks/${theirs.id}/actions`, `${W}/v1/actions?taskId=${theirs.id}`]) {
      const res = await owner.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Their Secret Step');
    }
    expect((await owner.request({ method: 'GET', url: `${W}/v1/actions` })).statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: `${W}/v2/tasks/1/actions?size=0` })).statusCode).toBe(400);
  });
});

describe('PUT /v1/actions/{id}', () => {
  it('updates the fields and keeps the order, task, rule and tags', async () => {
    const task = await createTask(t.app, owner);
    await createAction(t.app, owner, task.id);
    const action = await createAction(t.app, owner, task.id, { nameEn: 'Old', type: 'TEXT' });
    const res = await supervisor.request({
      method: 'PUT',
      url: `${W}/v1/actions/${action.id}`,
      payload: { nameEn: 'New', nameAr: 'جديد', descriptionAr: 'وصف', type: 'MULTIPLE_CHOICE', options: OPTIONS, required: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: action.id,
      taskId: task.id,
      order: 2,
      nameEn: 'New',
      nameAr: 'جديد',
      descriptionAr: 'وصف',
      type: 'MULTIPLE_CHOICE',
      options: OPTIONS,
      required: true,
    });
  });

  it('refuses bad input, other businesses and members, and changes nothing', async () => {
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id, { nameEn: 'Stable', type: 'TEXT' });
    const bad = await owner.request({ method: 'PUT', url: `${W}/v1/actions/${action.id}`, payload: { nameEn: 'X', type: 'SINGLE_CHOICE', options: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0]).toEqual({ field: 'options', message: 'Add at least two options' });
    expect((await member.request({ method: 'PUT', url: `${W}/v1/actions/${action.id}`, payload: { nameEn: 'X', type: 'TEXT' } })).statusCode).toBe(403);
    expect(await actionRow(action.id)).toMatchObject({ nameEn: 'Stable', type: 'TEXT' });

    const theirs = await createAction(t.app, other, (await createTask(t.app, other)).id, { nameEn: 'Theirs' });
    expect((await owner.request({ method: 'PUT', url: `${W}/v1/actions/${theirs.id}`, payload: { nameEn: 'Hijacked', type: 'TEXT' } })).statusCode).toBe(404);
    expect((await actionRow(theirs.id)).nameEn).toBe('Theirs');
  });
});

describe('DELETE /v1/actions/{id}', () => {
  it('deletes the action and renumbers the rest 1..n', async () => {
    const task = await createTask(t.app, owner);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createAction(t.app, owner, task.id));
    const res = await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${made[1].id}` });
    expect(res.statusCode).toBe(204);
    expect(await storedOrder(task.id)).toEqual([
      [made[0].id, 1],
      [made[2].id, 2],
      [made[3].id, 3],
    ]);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${made[1].id}` })).statusCode).toBe(404);
  });

  it("answers 404 for another business's action and 403 to members; nothing is deleted", async () => {
    const theirs = await createAction(t.app, other, (await createTask(t.app, other)).id);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${theirs.id}` })).statusCode).toBe(404);
    expect(await actionRow(theirs.id)).toBeDefined();
    const mine = await createAction(t.app, owner, (await createTask(t.app, owner)).id);
    expect((await member.request({ method: 'DELETE', url: `${W}/v1/actions/${mine.id}` })).statusCode).toBe(403);
    expect(await actionRow(mine.id)).toBeDefined();
  });
});

describe('POST /v1/actions/{id}/duplicate', () => {
  it('places a copy right after the original, moving later actions down; the copy keeps the rule and tags', async () => {
    const tag = await createTag(owner, 'Twice', 'مرتين');
    const task = await createTask(t.app, owner);
    const base = await createAction(t.app, owner, task.id, { nameEn: 'Base' });
    const target = await createAction(t.app, owner, task.id, {
      nameEn: 'Target',
      type: 'SINGLE_CHOICE',
      options: OPTIONS,
      required: true,
      criteria: { condition: { baseActionId: base.id, answer: 'NO' }, visibility: 'DIM' },
      baseActionId: base.id,
    });
    const last = await createAction(t.app, owner, task.id, { nameEn: 'Last' });
    await t.app.db.insert(actionTags).values({ actionId: target.id, tagId: tag.id, businessId: owner.business.id });

    const res = await supervisor.request({ method: 'POST', url: `${W}/v1/actions/${target.id}/duplicate` });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      taskId: task.id,
      order: 3,
      nameEn: 'Target',
      type: 'SINGLE_CHOICE',
      options: OPTIONS,
      required: true,
      criteria: { condition: { baseActionId: base.id, answer: 'NO' }, visibility: 'DIM' },
      tags: [{ id: tag.id }],
    });
    expect(await storedOrder(task.id)).toEqual([
      [base.id, 1],
      [target.id, 2],
      [copy.id, 3],
      [last.id, 4],
    ]);
    expect((await actionRow(copy.id)).baseActionId).toBe(base.id);
  });

  it("answers 404 for another business's action and 403 to members; nothing is copied", async () => {
    const theirTask = await createTask(t.app, other);
    const theirs = await createAction(t.app, other, theirTask.id);
    expect((await owner.request({ method: 'POST', url: `${W}/v1/actions/${theirs.id}/duplicate` })).statusCode).toBe(404);
    expect(await actionCount(theirTask.id)).toBe(1);
    const task = await createTask(t.app, owner);
    const mine = await createAction(t.app, owner, task.id);
    expect((await member.request({ method: 'POST', url: `${W}/v1/actions/${mine.id}/duplicate` })).statusCode).toBe(403);
    expect(await actionCount(task.id)).toBe(1);
  });
});

describe('POST /v1/actions/order', () => {
  it('puts the actions in the given order and answers them', async () => {
    const task = await createTask(t.app, owner);
    const [a, b, c] = [await createAction(t.app, owner, task.id), await createAction(t.app, owner, task.id), await createAction(t.app, owner, task.id)];
    const res = await supervisor.request({ method: 'POST', url: `${W}/v1/actions/order`, payload: { taskId: task.id, actionIds: [c.id, a.id, b.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { id: number; order: number }) => [x.id, x.order])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect(await storedOrder(task.id)).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
  });

  it('refuses a list that is not every action of the task exactly once, and changes nothing', async () => {
    const task = await createTask(t.app, owner);
    const [a, b] = [await createAction(t.app, owner, task.id), await createAction(t.app, owner, task.id)];
    const elsewhere = await createAction(t.app, owner, (await createTask(t.app, owner)).id);
    for (const actionIds of [[a.id], [a.id, b.id, b.id], [b.id, a.id, elsewhere.id], [b.id, elsewhere.id]]) {
      const res = await owner.request({ method: 'POST', url: `${W}/v1/actions/order`, payload: { taskId: task.id, actionIds } });
      expect(res.statusCode, JSON.stringify(actionIds)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The order must list every action of the task once', fieldErrors: [{ field: 'actionIds' }] });
    }
    const empty = await owner.request({ method: 'POST', url: `${W}/v1/actions/order`, payload: { taskId: task.id, actionIds: [] } });
    expect(empty.json().fieldErrors[0].field).toBe('actionIds');
    expect(await storedOrder(task.id)).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
  });

  it("answers 404 for another business's task and 403 to members; nothing moves", async () => {
    const theirTask = await createTask(t.app, other);
    const [x, y] = [await createAction(t.app, other, theirTask.id), await createAction(t.app, other, theirTask.id)];
    const res = await owner.request({ method: 'POST', url: `${W}/v1/actions/order`, payload: { taskId: theirTask.id, actionIds: [y.id, x.id] } });
    expect(res.statusCode).toBe(404);
    expect(await storedOrder(theirTask.id)).toEqual([
      [x.id, 1],
      [y.id, 2],
    ]);
    const task = await createTask(t.app, owner);
    const [a, b] = [await createAction(t.app, owner, task.id), await createAction(t.app, owner, task.id)];
    expect((await member.request({ method: 'POST', url: `${W}/v1/actions/order`, payload: { taskId: task.id, actionIds: [b.id, a.id] } })).statusCode).toBe(
      403,
    );
    expect(await storedOrder(task.id)).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
  });
});
