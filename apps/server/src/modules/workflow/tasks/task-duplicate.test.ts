// Duplicating a task: a deep copy whose chain rules point at the copied actions.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, actionTags, tags, tasks } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;

const taskCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(tasks).where(eq(tasks.businessId, businessId)))[0].n;
const createTag = async (caller: Caller, nameEn: string, nameAr: string) =>
  (await t.app.db.insert(tags).values({ businessId: caller.business.id, nameEn, nameAr }).returning())[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, supervisor, other } = await createCast(t.app, { member: true, supervisor: true, other: true }));
});
afterAll(() => t.close());

describe('POST /v1/tasks/{taskId}/duplicate', () => {
  it('copies the task deeply: actions in order, options, tags, the task tag, and rules pointing at the copies', async () => {
    const tag = await createTag(owner, 'Copied', 'منسوخ');
    const task = await createTask(t.app, owner, { nameEn: 'Original', nameAr: 'الأصل', descriptionEn: 'Desc', geoRestrictionEnabled: false, tagId: tag.id });
    const options = [
      { labelEn: 'Red', labelAr: 'أحمر' },
      { labelEn: 'Blue', labelAr: 'أزرق' },
    ];
    const a = await createAction(t.app, owner, task.id, { nameEn: 'Damaged?', required: true });
    const b = await createAction(t.app, owner, task.id, { nameEn: 'Colour', type: 'SINGLE_CHOICE', options });
    const c = await createAction(t.app, owner, task.id, {
      nameEn: 'Photo',
      type: 'PHOTO',
      criteria: { condition: { baseActionId: a.id, answer: 'YES' }, visibility: 'DISPLAY' },
      baseActionId: a.id,
    });
    const d = await createAction(t.app, owner, task.id, {
      nameEn: 'Why blue',
      type: 'TEXT',
      criteria: { condition: { baseActionId: b.id, answer: '1' }, visibility: 'DIM' },
      baseActionId: b.id,
    });
    await t.app.db.insert(actionTags).values([c, d].map((x) => ({ actionId: x.id, tagId: tag.id, businessId: owner.business.id })));

    const res = await supervisor.request({ method: 'POST', url: `${W}/v1/tasks/${task.id}/duplicate` });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      nameEn: 'Original (copy)',
      nameAr: 'الأصل (نسخة)',
      descriptionEn: 'Desc',
      geoRestrictionEnabled: false,
      tagId: tag.id,
      creatorId: supervisor.userId,
      actionsCount: 4,
    });
    expect(copy.id).not.toBe(task.id);

    const copied = (await owner.request({ method: 'GET', url: `${W}/v2/tasks/${copy.id}?eagerLoad=true` })).json().actions;
    expect(copied.map((x: { nameEn: string; order: number }) => [x.nameEn, x.order])).toEqual([
      ['Damaged?', 1],
      ['Colour', 2],
      ['Photo', 3],
      ['Why blue', 4],
    ]);
    expect(copied.every((x: { id: number; taskId: number }) => x.taskId === copy.id && ![a.id, b.id, c.id, d.id].includes(x.id))).toBe(true);
    expect(copied[0].required).toBe(true);
    expect(copied[1].options).toEqual(options);
    expect(copied[2].criteria).toEqual({ condition: { baseActionId: copied[0].id, answer: 'YES' }, visibility: 'DISPLAY' });
    expect(copied[3].criteria).toEqual({ condition: { baseActionId: copied[1].id, answer: '1' }, visibility: 'DIM' });
    expect(copied[2].tags).toEqual([{ id: tag.id, nameEn: 'Copied', nameAr: 'منسوخ' }]);
    const stored = await t.app.db.select().from(actions).where(eq(actions.taskId, copy.id));
    expect(stored.find((x) => x.id === copied[2].id)?.baseActionId).toBe(copied[0].id);

    // The original is untouched.
    const original = (await owner.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}?eagerLoad=true` })).json();
    expect(original.nameEn).toBe('Original');
    expect(original.actions[2].criteria.condition.baseActionId).toBe(a.id);
  });

  it('suffixes only the names that exist and keeps them within 200 characters', async () => {
    const arabicOnly = await createTask(t.app, owner, { nameEn: null, nameAr: 'مهمة' });
    expect((await owner.request({ method: 'POST', url: `${W}/v1/tasks/${arabicOnly.id}/duplicate` })).json()).toMatchObject({
      nameEn: null,
      nameAr: 'مهمة (نسخة)',
      actionsCount: 0,
    });
    const long = await createTask(t.app, owner, { nameEn: 'L'.repeat(200) });
    const copy = (await owner.request({ method: 'POST', url: `${W}/v1/tasks/${long.id}/duplicate` })).json();
    expect(copy.nameEn).toHaveLength(200);
    expect(copy.nameEn.endsWith(' (copy)')).toBe(true);
  });

  it("answers 404 for another business's task and 403 to members; nothing is created", async () => {
    const theirs = await createTask(t.app, other);
    const before = await taskCount(owner.business.id);
    expect((await owner.request({ method: 'POST', url: `${W}/v1/tasks/${theirs.id}/duplicate` })).statusCode).toBe(404);
    const mine = await createTask(t.app, owner);
    expect((await member.request({ method: 'POST', url: `${W}/v1/tasks/${mine.id}/duplicate` })).statusCode).toBe(403);
    expect(await taskCount(owner.business.id)).toBe(before + 1);
  });
});
