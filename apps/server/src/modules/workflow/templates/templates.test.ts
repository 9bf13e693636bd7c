import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateContent } from '@fieldops/shared/tasks';
import { taskTemplates, tasks } from '../../../db/schema-workflow.ts';
import { ensureTaskLibrary, TASK_LIBRARY } from '../../../seed/task-library.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;

const templateCount = async () => (await t.app.db.select({ n: count() }).from(taskTemplates))[0].n;
const taskCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(tasks).where(eq(tasks.businessId, businessId)))[0].n;
const libraryId = async (key: string) => (await t.app.db.select().from(taskTemplates).where(eq(taskTemplates.key, key)))[0].id;
const ownTemplate = async (caller: Caller, nameEn: string, content: TemplateContent = { geoRestrictionEnabled: true, actions: [] }) =>
  (await t.app.db.insert(taskTemplates).values({ businessId: caller.business.id, nameEn, content, actionsCount: content.actions.length }).returning())[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, supervisor, other } = await createCast(t.app, { member: true, supervisor: true, other: true }));
});
afterAll(() => t.close());

describe('the shipped library', () => {
  it('is in every database from the start, and ensuring it again changes nothing', async () => {
    const library = await t.app.db.select().from(taskTemplates).where(isNull(taskTemplates.businessId));
    expect(library.map((x) => x.key).sort()).toEqual(TASK_LIBRARY.map((x) => x.key).sort());
    const before = await templateCount();
    await ensureTaskLibrary(t.app.db);
    expect(await templateCount()).toBe(before);
    const again = await t.app.db.select().from(taskTemplates).where(isNull(taskTemplates.businessId));
    expect(again.map((x) => [x.id, x.key])).toEqual(library.map((x) => [x.id, x.key]));
  });

  it('brings an old database up to date: refreshes changed templates and drops ones no longer shipped', async () => {
    const id = await libraryId('vehicle-check');
    await t.app.db
      .update(taskTemplates)
      .set({ nameEn: 'Outdated', content: { geoRestrictionEnabled: true, actions: [] }, actionsCount: 0 })
      .where(eq(taskTemplates.id, id));
    await t.app.db.insert(taskTemplates).values({ key: 'retired-checklist', nameEn: 'Retired', content: { geoRestrictionEnabled: true, actions: [] } });
    await ensureTaskLibrary(t.app.db);
    const [refreshed] = await t.app.db.select().from(taskTemplates).where(eq(taskTemplates.id, id));
    const shipped = TASK_LIBRARY.find((x) => x.key === 'vehicle-check');
    expect(refreshed).toMatchObject({ nameEn: 'Vehicle check', content: shipped?.content, actionsCount: shipped?.content.actions.length });
    expect(await t.app.db.select().from(taskTemplates).where(eq(taskTemplates.key, 'retired-checklist'))).toEqual([]);
  });
});

describe('GET /v1/tasks/templates', () => {
  it("lists the library and the business's own templates, newest first, with X-Total-Count", async () => {
    const mine = await ownTemplate(owner, 'Our own checklist');
    await ownTemplate(other, 'Their private checklist');
    const res = await member.request({ method: 'GET', url: `${W}/v1/tasks/templates` });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(res.headers['x-total-count']).toBe(String(TASK_LIBRARY.length + 1));
    expect(items).toHaveLength(TASK_LIBRARY.length + 1);
    expect(items[0]).toEqual({
      id: mine.id,
      nameEn: 'Our own checklist',
      nameAr: null,
      descriptionEn: null,
      descriptionAr: null,
      actionsCount: 0,
      library: false,
      createdDate: expect.any(String),
    });
    expect(items.slice(1).every((x: { library: boolean }) => x.library)).toBe(true);
    expect(items.map((x: { nameEn: string }) => x.nameEn)).not.toContain('Their private checklist');
    const ids = items.map((x: { id: number }) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const cleaning = items.find((x: { nameEn: string }) => x.nameEn === 'Daily cleaning checklist');
    expect(cleaning).toMatchObject({ nameAr: 'قائمة التنظيف اليومية', actionsCount: 9, library: true });
  });

  it('searches both names, pages and sorts', async () => {
    const names = async (query: string) =>
      (await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates?${query}` })).json().map((x: { nameEn: string }) => x.nameEn);
    expect(await names('searchKey=PATROL')).toEqual(['Security patrol']);
    expect(await names(`searchKey=${encodeURIComponent('المركبة')}`)).toEqual(['Vehicle check']);
    const page = await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates?page=1&size=2&sort=nameEn,asc` });
    expect(page.headers['x-total-count']).toBe(String(TASK_LIBRARY.length + 1));
    const sorted = await names('sort=nameEn,asc&size=100');
    expect(page.json().map((x: { nameEn: string }) => x.nameEn)).toEqual(sorted.slice(2, 4));
    for (const query of ['size=0', 'size=501', 'sort=content,asc']) {
      expect((await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates?${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('GET /v1/tasks/templates/{templateId}', () => {
  it('answers a template with its content; another business’s template answers 404', async () => {
    const res = await member.request({ method: 'GET', url: `${W}/v1/tasks/templates/${await libraryId('fire-safety-inspection')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nameEn: 'Fire-safety inspection',
      library: true,
      content: TASK_LIBRARY.find((x) => x.key === 'fire-safety-inspection')?.content,
    });
    const theirs = await ownTemplate(other, 'Secret Template');
    const foreign = await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates/${theirs.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Template not found');
    expect(foreign.body).not.toContain('Secret Template');
  });
});

describe('POST /v1/tasks/templates/{templateId}/tasks', () => {
  it('makes an editable task with every action and its rules pointing at the new actions', async () => {
    const template = TASK_LIBRARY.find((x) => x.key === 'daily-cleaning');
    const res = await supervisor.request({ method: 'POST', url: `${W}/v1/tasks/templates/${await libraryId('daily-cleaning')}/tasks` });
    expect(res.statusCode).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      nameEn: template?.nameEn,
      nameAr: template?.nameAr,
      descriptionAr: template?.descriptionAr,
      creatorId: supervisor.userId,
      actionsCount: template?.content.actions.length,
      tagId: null,
    });
    const made = (await owner.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}?eagerLoad=true` })).json().actions;
    expect(made.map((a: { nameEn: string; order: number }) => [a.nameEn, a.order])).toEqual(template?.content.actions.map((a, i) => [a.nameEn, i + 1]));
    template?.content.actions.forEach((a, i) => {
      if (!a.criteria) return expect(made[i].criteria).toBeNull();
      expect(made[i].criteria).toEqual({
        condition: { baseActionId: made[a.criteria.condition.baseIndex].id, answer: a.criteria.condition.answer },
        visibility: a.criteria.visibility,
      });
    });
    // The copy is the business's own: its rules can be edited like any other.
    const photo = made.find((a: { nameEn: string }) => a.nameEn === 'Photo of the damage');
    expect((await owner.request({ method: 'PUT', url: `${W}/v1/actions/${photo.id}/criteria`, payload: { criteria: null } })).statusCode).toBe(200);
  });

  it("answers 404 for another business's template and 403 to members; no task is made", async () => {
    const theirs = await ownTemplate(other, 'Theirs');
    const before = await taskCount(owner.business.id);
    expect((await owner.request({ method: 'POST', url: `${W}/v1/tasks/templates/${theirs.id}/tasks` })).statusCode).toBe(404);
    expect((await member.request({ method: 'POST', url: `${W}/v1/tasks/templates/${await libraryId('security-patrol')}/tasks` })).statusCode).toBe(403);
    expect((await owner.request({ method: 'POST', url: `${W}/v1/tasks/templates/abc/tasks` })).statusCode).toBe(400);
    expect(await taskCount(owner.business.id)).toBe(before);
  });
});

describe('POST /v1/tasks/{taskId}/template', () => {
  it('saves a task as the business’s own template, and a task made from it is the same checklist', async () => {
    const task = await createTask(t.app, owner, {
      nameEn: 'Loading dock',
      nameAr: 'رصيف التحميل',
      descriptionEn: 'Before trucks arrive',
      geoRestrictionEnabled: false,
    });
    const options = [
      { labelEn: 'Open', labelAr: 'مفتوح' },
      { labelEn: 'Closed', labelAr: 'مغلق' },
    ];
    const door = await createAction(t.app, owner, task.id, { nameEn: 'Door', type: 'SINGLE_CHOICE', options, required: true });
    await createAction(t.app, owner, task.id, {
      nameEn: 'Why open',
      type: 'TEXT',
      criteria: { condition: { baseActionId: door.id, answer: '0' }, visibility: 'DISPLAY' },
      baseActionId: door.id,
    });

    const saved = await supervisor.request({ method: 'POST', url: `${W}/v1/tasks/${task.id}/template` });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({
      id: expect.any(Number),
      nameEn: 'Loading dock',
      nameAr: 'رصيف التحميل',
      descriptionEn: 'Before trucks arrive',
      descriptionAr: null,
      actionsCount: 2,
      library: false,
      createdDate: expect.any(String),
    });
    const detail = (await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates/${saved.json().id}` })).json();
    const scoring = { section: null, weight: 1, settings: { min: null, max: null, unit: null, step: null, allowNa: false, scored: false }, rules: {} };
    expect(detail.content).toEqual({
      geoRestrictionEnabled: false,
      passMark: null,
      sections: [],
      actions: [
        { nameEn: 'Door', nameAr: null, descriptionEn: null, descriptionAr: null, type: 'SINGLE_CHOICE', options, required: true, criteria: null, ...scoring },
        {
          nameEn: 'Why open',
          nameAr: null,
          descriptionEn: null,
          descriptionAr: null,
          type: 'TEXT',
          options: [],
          required: false,
          criteria: { condition: { baseIndex: 0, answer: '0' }, visibility: 'DISPLAY' },
          ...scoring,
        },
      ],
    });
    // The template is visible only to this business.
    expect((await other.request({ method: 'GET', url: `${W}/v1/tasks/templates/${saved.json().id}` })).statusCode).toBe(404);

    const copy = (await owner.request({ method: 'POST', url: `${W}/v1/tasks/templates/${saved.json().id}/tasks` })).json();
    expect(copy).toMatchObject({ nameEn: 'Loading dock', geoRestrictionEnabled: false, actionsCount: 2 });
    const copied = (await owner.request({ method: 'GET', url: `${W}/v2/tasks/${copy.id}?eagerLoad=true` })).json().actions;
    expect(copied[1].criteria).toEqual({ condition: { baseActionId: copied[0].id, answer: '0' }, visibility: 'DISPLAY' });
    expect(copied[0]).toMatchObject({ nameEn: 'Door', options, required: true });
  });

  it("answers 404 for another business's task and 403 to members; no template is saved", async () => {
    const before = await templateCount();
    expect((await owner.request({ method: 'POST', url: `${W}/v1/tasks/${(await createTask(t.app, other)).id}/template` })).statusCode).toBe(404);
    expect((await member.request({ method: 'POST', url: `${W}/v1/tasks/${(await createTask(t.app, owner)).id}/template` })).statusCode).toBe(403);
    expect(await templateCount()).toBe(before);
  });
});

describe('DELETE /v1/tasks/templates/{templateId}', () => {
  it("deletes the business's own template; the library is read-only; another business's answers 404", async () => {
    const mine = await ownTemplate(owner, 'Short lived');
    expect((await member.request({ method: 'DELETE', url: `${W}/v1/tasks/templates/${mine.id}` })).statusCode).toBe(403);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/templates/${mine.id}` })).statusCode).toBe(204);
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates/${mine.id}` })).statusCode).toBe(404);

    const library = await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/templates/${await libraryId('vehicle-check')}` });
    expect(library.statusCode).toBe(403);
    expect(library.json().message).toBe('Templates of the library cannot be changed');

    const theirs = await ownTemplate(other, 'Kept');
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/templates/${theirs.id}` })).statusCode).toBe(404);
    const left = await t.app.db.select().from(taskTemplates).where(eq(taskTemplates.id, theirs.id));
    expect(left).toHaveLength(1);
    expect(await t.app.db.select().from(taskTemplates).where(eq(taskTemplates.key, 'vehicle-check'))).toHaveLength(1);
  });
});
