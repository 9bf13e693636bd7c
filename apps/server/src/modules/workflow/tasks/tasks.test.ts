import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, actionTags, tags, tasks } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createBusinessWithOwner, createProjectAndSite, createScheduleRow, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;

const taskCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(tasks).where(eq(tasks.businessId, businessId)))[0].n;
const taskRow = async (id: number) => (await t.app.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const createTag = async (caller: Caller, nameEn: string, nameAr: string) =>
  (await t.app.db.insert(tags).values({ businessId: caller.business.id, nameEn, nameAr }).returning())[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, supervisor, other } = await createCast(t.app, { admin: true, member: true, supervisor: true, other: true }));
});
afterAll(() => t.close());

describe('POST /v1/tasks', () => {
  it('creates a task for the caller, with no actions and no completion rate yet', async () => {
    const tag = await createTag(owner, 'Cleaning', 'تنظيف');
    const res = await owner.request({
      method: 'POST',
      url: `${W}/v1/tasks`,
      payload: { nameEn: '  Lobby check  ', nameAr: 'فحص الردهة', descriptionEn: 'Every morning', geoRestrictionEnabled: false, tagId: tag.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      nameEn: 'Lobby check',
      nameAr: 'فحص الردهة',
      descriptionEn: 'Every morning',
      descriptionAr: null,
      geoRestrictionEnabled: false,
      accuracyThreshold: null,
      stampPhotos: false,
      passMark: null,
      tagId: tag.id,
      tag: { id: tag.id, nameEn: 'Cleaning', nameAr: 'تنظيف' },
      creatorId: owner.userId,
      actionsCount: 0,
      completionRate: null,
      averageScore: null,
      createdDate: expect.any(String),
    });
  });

  it('takes either name alone, defaults the geofence on, and lets admins and site supervisors create', async () => {
    const arabic = await admin.request({ method: 'POST', url: `${W}/v1/tasks`, payload: { nameAr: 'جولة المساء' } });
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json()).toMatchObject({ nameEn: null, nameAr: 'جولة المساء', geoRestrictionEnabled: true, tagId: null, tag: null, creatorId: admin.userId });
    const bySupervisor = await supervisor.request({ method: 'POST', url: `${W}/v1/tasks`, payload: { nameEn: 'Gate check' } });
    expect(bySupervisor.statusCode).toBe(201);
    expect(bySupervisor.json().creatorId).toBe(supervisor.userId);
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const before = await taskCount(owner.business.id);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{}, 'nameEn', 'Name is required in English or Arabic'],
      [{ nameEn: '   ', nameAr: '' }, 'nameEn', 'Name is required in English or Arabic'],
      [{ nameEn: 'x'.repeat(201) }, 'nameEn', 'This must be at most 200'],
      [{ nameEn: 'Ok', descriptionAr: 'x'.repeat(2001) }, 'descriptionAr', 'This must be at most 2000'],
      [{ nameEn: 'Ok', geoRestrictionEnabled: 'yes' }, 'geoRestrictionEnabled'],
      [{ nameEn: 'Ok', tagId: 'abc' }, 'tagId'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `${W}/v1/tasks`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await taskCount(owner.business.id)).toBe(before);
  });

  it("answers 404 naming tagId for another business's tag, and creates nothing", async () => {
    const theirs = await createTag(other, 'Theirs', 'لهم');
    const before = await taskCount(owner.business.id);
    const res = await owner.request({ method: 'POST', url: `${W}/v1/tasks`, payload: { nameEn: 'Tagged', tagId: theirs.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Tag not found', fieldErrors: [{ field: 'tagId', message: 'Tag not found' }] });
    expect(await taskCount(owner.business.id)).toBe(before);
  });

  it('is refused to a plain member', async () => {
    const before = await taskCount(owner.business.id);
    const res = await member.request({ method: 'POST', url: `${W}/v1/tasks`, payload: { nameEn: 'Sneaky' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access denied. Contact support if needed.');
    expect(await taskCount(owner.business.id)).toBe(before);
  });
});

describe('GET /v1/tasks', () => {
  let lister: Caller;
  let ids: number[];
  let tagId: number;
  beforeAll(async () => {
    lister = await createBusinessWithOwner(t.app);
    tagId = (await createTag(lister, 'Safety', 'السلامة')).id;
    const made = [
      await createTask(t.app, lister, { nameEn: 'Alpha Patrol', nameAr: 'دورية ألفا', tagId }),
      await createTask(t.app, lister, { nameEn: 'Bravo Cleaning', nameAr: 'تنظيف برافو' }),
      await createTask(t.app, lister, { nameEn: null, nameAr: 'فحص الحريق' }),
      await createTask(t.app, lister, { nameEn: 'Charlie 100%_done', nameAr: null }),
    ];
    ids = made.map((m) => m.id);
    await createAction(t.app, lister, ids[0]);
    await createAction(t.app, lister, ids[0]);
    await createTask(t.app, other, { nameEn: 'Alpha Elsewhere' });
  });

  it('lists the business tasks newest first, with their tag, action count and X-Total-Count', async () => {
    const res = await lister.request({ method: 'GET', url: `${W}/v1/tasks` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json().map((x: { id: number }) => x.id)).toEqual([...ids].reverse());
    expect(res.json()[3]).toMatchObject({
      nameEn: 'Alpha Patrol',
      actionsCount: 2,
      tag: { id: tagId, nameEn: 'Safety', nameAr: 'السلامة' },
      completionRate: null,
    });
  });

  it('searches both names ignoring case, treats % and _ literally, and filters by tag', async () => {
    const search = async (query: string) => (await lister.request({ method: 'GET', url: `${W}/v1/tasks?${query}` })).json().map((x: { id: number }) => x.id);
    expect(await search('searchKey=ALPHA')).toEqual([ids[0]]);
    expect(await search(`searchKey=${encodeURIComponent('  الحريق ')}`)).toEqual([ids[2]]);
    expect(await search(`searchKey=${encodeURIComponent('100%_')}`)).toEqual([ids[3]]);
    expect(await search(`searchKey=${encodeURIComponent('%')}`)).toEqual([ids[3]]);
    expect(await search(`tagId=${tagId}`)).toEqual([ids[0]]);
    const res = await lister.request({ method: 'GET', url: `${W}/v1/tasks?searchKey=o&size=1` });
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('pages and sorts', async () => {
    const page = async (query: string) => (await lister.request({ method: 'GET', url: `${W}/v1/tasks?${query}` })).json().map((x: { id: number }) => x.id);
    expect(await page('page=0&size=3')).toEqual([ids[3], ids[2], ids[1]]);
    expect(await page('page=1&size=3')).toEqual([ids[0]]);
    expect(await page('sort=id,asc')).toEqual(ids);
    expect(await page('sort=nameEn,asc')).toEqual([ids[0], ids[1], ids[3], ids[2]]);
  });

  it('refuses bad paging and sorting', async () => {
    for (const query of ['size=0', 'page=-1', 'sort=secret,asc', 'sort=id,sideways', 'tagId=x', `searchKey=${'x'.repeat(101)}`]) {
      const res = await lister.request({ method: 'GET', url: `${W}/v1/tasks?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is open to any member of the business', async () => {
    const res = await member.request({ method: 'GET', url: `${W}/v1/tasks` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { nameEn: string }) => x.nameEn)).not.toContain('Alpha Elsewhere');
  });
});

describe('GET /v1/tasks/{taskId} and /v2/tasks/{taskId}', () => {
  it('answers the task, and with eagerLoad=true its actions in order', async () => {
    const task = await createTask(t.app, owner, { nameEn: 'Eager' });
    const first = await createAction(t.app, owner, task.id, { nameEn: 'First' });
    const second = await createAction(t.app, owner, task.id, {
      nameEn: 'Second',
      type: 'SINGLE_CHOICE',
      options: [
        { labelEn: 'A', labelAr: 'أ' },
        { labelEn: 'B', labelAr: 'ب' },
      ],
    });
    const v1 = await member.request({ method: 'GET', url: `${W}/v1/tasks/${task.id}` });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toMatchObject({ id: task.id, nameEn: 'Eager', actionsCount: 2 });
    expect(v1.json()).not.toHaveProperty('actions');

    const eager = await member.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}?eagerLoad=true` });
    expect(eager.json().actions.map((a: { id: number; order: number }) => [a.id, a.order])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect(eager.json().actions[1]).toMatchObject({
      type: 'SINGLE_CHOICE',
      options: [
        { labelEn: 'A', labelAr: 'أ' },
        { labelEn: 'B', labelAr: 'ب' },
      ],
      criteria: null,
      tags: [],
    });
    for (const query of ['', '?eagerLoad=false']) {
      expect((await member.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}${query}` })).json()).toMatchObject({ actionsCount: 2, actions: [] });
    }
    expect((await member.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}?eagerLoad=maybe` })).statusCode).toBe(400);
  });

  it('renumbers the actions 1..n when the task is read with gaps in their order', async () => {
    const task = await createTask(t.app, owner);
    const made = [
      await createAction(t.app, owner, task.id, { order: 4 }),
      await createAction(t.app, owner, task.id, { order: 9 }),
      await createAction(t.app, owner, task.id, { order: 9 }),
    ];
    const res = await owner.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}?eagerLoad=true` });
    expect(res.json().actions.map((a: { id: number; order: number }) => [a.id, a.order])).toEqual(made.map((m, i) => [m.id, i + 1]));
    const stored = await t.app.db.select({ id: actions.id, order: actions.order }).from(actions).where(eq(actions.taskId, task.id));
    expect(stored.sort((a, b) => a.order - b.order)).toEqual(made.map((m, i) => ({ id: m.id, order: i + 1 })));
  });

  it("answers 404 for another business's task without leaking it, and 400 for a bad id", async () => {
    const theirs = await createTask(t.app, other, { nameEn: 'Secret Task' });
    for (const url of [`${W}/v1/tasks/${theirs.id}`, `${W}/v2/tasks/${theirs.id}?eagerLoad=true`]) {
      const res = await owner.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Task not found');
      expect(res.body).not.toContain('Secret Task');
    }
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tasks/abc` })).statusCode).toBe(400);
  });
});

describe('PUT /v1/tasks/{taskId} and /v2/tasks/{taskId}', () => {
  it('updates names, description, geofence and tag through either version', async () => {
    const tag = await createTag(owner, 'Night', 'ليلي');
    const task = await createTask(t.app, owner, { nameEn: 'Before' });
    const v1 = await supervisor.request({
      method: 'PUT',
      url: `${W}/v1/tasks/${task.id}`,
      payload: { nameEn: 'After', nameAr: 'بعد', tagId: tag.id, geoRestrictionEnabled: false },
    });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toMatchObject({ id: task.id, nameEn: 'After', nameAr: 'بعد', tagId: tag.id, tag: { nameEn: 'Night' }, geoRestrictionEnabled: false });
    const v2 = await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}`, payload: { nameAr: 'فقط عربي', tagId: null } });
    expect(v2.json()).toMatchObject({ nameEn: null, nameAr: 'فقط عربي', tagId: null, tag: null, geoRestrictionEnabled: true });
  });

  it('refuses bad input and changes nothing', async () => {
    const theirTag = await createTag(other, 'Foreign', 'أجنبي');
    const task = await createTask(t.app, owner, { nameEn: 'Stable' });
    for (const [payload, status] of [
      [{ nameEn: '' }, 400],
      [{ nameEn: 'Ok', geoRestrictionEnabled: 3 }, 400],
      [{ nameEn: 'Ok', tagId: theirTag.id }, 404],
    ] as const) {
      expect((await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}`, payload })).statusCode).toBe(status);
    }
    expect(await taskRow(task.id)).toMatchObject({ nameEn: 'Stable', tagId: null });
  });

  it("answers 404 for another business's task and leaves it alone; members get 403", async () => {
    const theirs = await createTask(t.app, other, { nameEn: 'Theirs' });
    expect((await owner.request({ method: 'PUT', url: `${W}/v1/tasks/${theirs.id}`, payload: { nameEn: 'Hijacked' } })).statusCode).toBe(404);
    expect((await taskRow(theirs.id)).nameEn).toBe('Theirs');
    const mine = await createTask(t.app, owner, { nameEn: 'Guarded' });
    expect((await member.request({ method: 'PUT', url: `${W}/v1/tasks/${mine.id}`, payload: { nameEn: 'Changed' } })).statusCode).toBe(403);
    expect((await taskRow(mine.id)).nameEn).toBe('Guarded');
  });
});

describe('PUT /v2/tasks/{taskId}/settings', () => {
  it('switches the geofence and nothing else', async () => {
    const task = await createTask(t.app, owner, { nameEn: 'Geo', geoRestrictionEnabled: true });
    const res = await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: { geoRestrictionEnabled: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: task.id, nameEn: 'Geo', geoRestrictionEnabled: false });
  });

  it('refuses bad input, other businesses and members, changing nothing', async () => {
    const task = await createTask(t.app, owner, { geoRestrictionEnabled: true });
    const bad = await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('geoRestrictionEnabled');
    expect((await member.request({ method: 'PUT', url: `${W}/v2/tasks/${task.id}/settings`, payload: { geoRestrictionEnabled: false } })).statusCode).toBe(403);
    expect((await taskRow(task.id)).geoRestrictionEnabled).toBe(true);
    const theirs = await createTask(t.app, other, { geoRestrictionEnabled: true });
    expect((await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${theirs.id}/settings`, payload: { geoRestrictionEnabled: false } })).statusCode).toBe(
      404,
    );
    expect((await taskRow(theirs.id)).geoRestrictionEnabled).toBe(true);
  });
});

describe('DELETE /v1/tasks/{taskId}', () => {
  it('deletes the task with its actions, their rules and tag links', async () => {
    const tag = await createTag(owner, 'Doomed', 'زائل');
    const task = await createTask(t.app, owner);
    const base = await createAction(t.app, owner, task.id);
    const target = await createAction(t.app, owner, task.id, {
      criteria: { condition: { baseActionId: base.id, answer: 'YES' }, visibility: 'DISPLAY' },
      baseActionId: base.id,
    });
    await t.app.db.insert(actionTags).values({ actionId: target.id, tagId: tag.id, businessId: owner.business.id });
    const res = await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/${task.id}` });
    expect(res.statusCode).toBe(204);
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tasks/${task.id}` })).statusCode).toBe(404);
    expect(
      await t.app.db
        .select()
        .from(actions)
        .where(inArray(actions.id, [base.id, target.id])),
    ).toEqual([]);
    expect(await t.app.db.select().from(actionTags).where(eq(actionTags.tagId, tag.id))).toEqual([]);
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tags/${tag.id}` })).json().actionsCount).toBe(0);
  });

  it("answers 404 for another business's task and 403 to members; nothing is deleted", async () => {
    const theirs = await createTask(t.app, other);
    await createAction(t.app, other, theirs.id);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/${theirs.id}` })).statusCode).toBe(404);
    expect(await taskRow(theirs.id)).toBeDefined();
    const mine = await createTask(t.app, owner);
    expect((await member.request({ method: 'DELETE', url: `${W}/v1/tasks/${mine.id}` })).statusCode).toBe(403);
    expect(await taskRow(mine.id)).toBeDefined();
  });
});

describe('completion rate in the task list', () => {
  it("is the share of the task's schedules done over the last 30 days, and null without any", async () => {
    const { site } = await createProjectAndSite(t.app, owner);
    const worked = await createTask(t.app, owner, { nameEn: 'Completion worked' });
    await createTask(t.app, owner, { nameEn: 'Completion idle' });
    const day = 24 * 60 * 60 * 1000;
    const place = (status: 'done' | 'missed' | 'pending', daysAgo: number) =>
      createScheduleRow(t.app.db, {
        businessId: owner.business.id,
        taskId: worked.id,
        teamId: site.id,
        userId: member.userId,
        status,
        start: new Date(Date.now() - daysAgo * day),
        end: new Date(Date.now() - daysAgo * day + 3_600_000),
        deadline: new Date(Date.now() - daysAgo * day + 7_200_000),
      });
    // Three done and one missed in the last 30 days; one missed 40 days ago does not count.
    for (const [status, daysAgo] of [
      ['done', 1],
      ['done', 3],
      ['done', 12],
      ['missed', 20],
      ['missed', 40],
    ] as const)
      await place(status, daysAgo);

    const list = await owner.request({ method: 'GET', url: `${W}/v1/tasks?searchKey=Completion&size=10` });
    const byName = new Map(list.json<{ nameEn: string; completionRate: number | null }[]>().map((task) => [task.nameEn, task.completionRate]));
    expect(byName.get('Completion worked')).toBe(75);
    expect(byName.get('Completion idle')).toBeNull();
    const one = await owner.request({ method: 'GET', url: `${W}/v1/tasks/${worked.id}` });
    expect(one.json<{ completionRate: number }>().completionRate).toBe(75);
  });
});
