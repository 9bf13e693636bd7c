import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionTags, tags, tasks } from '../../../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createAction, createBusinessWithOwner, createTask, type Caller } from '../../../test/factories.ts';

const W = '/services/workflow/api';

let t: TestApp;
let other: Caller;

const tagCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(tags).where(eq(tags.businessId, businessId)))[0].n;
const tagRow = async (id: number) => (await t.app.db.select().from(tags).where(eq(tags.id, id)))[0];
const insertTag = async (caller: Caller, nameEn: string, nameAr: string) =>
  (await t.app.db.insert(tags).values({ businessId: caller.business.id, nameEn, nameAr }).returning())[0];
const link = (caller: Caller, actionId: number, tagId: number) => t.app.db.insert(actionTags).values({ actionId, tagId, businessId: caller.business.id });
const tagIdsOf = async (actionId: number) =>
  (await t.app.db.select({ tagId: actionTags.tagId }).from(actionTags).where(eq(actionTags.actionId, actionId))).map((r) => r.tagId).sort((a, b) => a - b);

/** A business of its own per test, since a business holds at most three tags. */
const freshBusiness = () => createCast(t.app, { member: true });

beforeAll(async () => {
  t = await createTestApp();
  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('POST /v1/tags and GET /v1/tags', () => {
  it('creates tags and lists them by id with the number of actions using each', async () => {
    const { owner, member } = await freshBusiness();
    const created = await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: ' Safety ', nameAr: 'السلامة' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), nameEn: 'Safety', nameAr: 'السلامة', actionsCount: 0 });
    const second = (await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: 'Hygiene 2', nameAr: 'النظافة' } })).json();
    const task = await createTask(t.app, owner);
    for (let i = 0; i < 2; i++) await link(owner, (await createAction(t.app, owner, task.id)).id, second.id);
    await insertTag(other, 'Elsewhere', 'مكان آخر');

    const list = await member.request({ method: 'GET', url: `${W}/v1/tags` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toEqual([
      { id: created.json().id, nameEn: 'Safety', nameAr: 'السلامة', actionsCount: 0 },
      { id: second.id, nameEn: 'Hygiene 2', nameAr: 'النظافة', actionsCount: 2 },
    ]);
  });

  it('lets site supervisors create tags, and refuses plain members', async () => {
    const { owner, member, supervisor } = await createCast(t.app, { member: true, supervisor: true });
    expect((await supervisor.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: 'Night', nameAr: 'ليلي' } })).statusCode).toBe(201);
    expect((await member.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: 'Day', nameAr: 'نهاري' } })).statusCode).toBe(403);
    expect(await tagCount(owner.business.id)).toBe(1);
  });

  it('refuses bad names naming the field, and creates nothing', async () => {
    const { owner } = await freshBusiness();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nameEn: '1st aid', nameAr: 'إسعاف' }, 'nameEn', 'Name is invalid, Should start with a letter not a number'],
      [{ nameEn: 'First aid', nameAr: '' }, 'nameAr', 'This field is required'],
      [{ nameAr: 'إسعاف' }, 'nameEn', 'This field is required'],
      [{ nameEn: 'First-aid', nameAr: 'إسعاف' }, 'nameEn', 'Name is invalid, Should start with a letter not a number'],
      [{ nameEn: 'A'.repeat(51), nameAr: 'إسعاف' }, 'nameEn', 'This must be at most 50'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0]).toEqual({ field, message });
    }
    expect(await tagCount(owner.business.id)).toBe(0);
  });

  it('refuses a name already used in either language, ignoring case', async () => {
    const { owner } = await freshBusiness();
    await insertTag(owner, 'Safety', 'السلامة');
    await insertTag(other, 'Equipment', 'المعدات');
    for (const [payload, field] of [
      [{ nameEn: 'SAFETY', nameAr: 'جديد' }, 'nameEn'],
      [{ nameEn: 'Brand new', nameAr: 'السلامة' }, 'nameAr'],
    ] as const) {
      const res = await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Tag already exists', fieldErrors: [{ field, message: 'Tag already exists' }] });
    }
    expect(await tagCount(owner.business.id)).toBe(1);
    // Names are unique per business: another business's tag does not count.
    expect((await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: 'equipment', nameAr: 'المعدات' } })).statusCode).toBe(201);
  });

  it('allows at most three tags a business', async () => {
    const { owner } = await freshBusiness();
    for (const [en, ar] of [
      ['One', 'واحد'],
      ['Two', 'اثنان'],
      ['Three', 'ثلاثة'],
    ]) {
      expect((await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: en, nameAr: ar } })).statusCode).toBe(201);
    }
    const res = await owner.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn: 'Four', nameAr: 'أربعة' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can only have up to 3 tags.');
    expect(await tagCount(owner.business.id)).toBe(3);
  });

  it('holds the limit when six creations arrive at once', async () => {
    const { owner } = await freshBusiness();
    const names = [
      ['Alpha', 'ألف'],
      ['Bravo', 'باء'],
      ['Charlie', 'جيم'],
      ['Delta', 'دال'],
      ['Echo', 'هاء'],
      ['Foxtrot', 'واو'],
    ];
    const results = await Promise.all(names.map(([nameEn, nameAr]) => owner.request({ method: 'POST', url: `${W}/v1/tags`, payload: { nameEn, nameAr } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    expect(await tagCount(owner.business.id)).toBe(3);
  });
});

describe('GET, PUT and DELETE /v1/tags/{id}', () => {
  it('reads a tag; another business’s tag answers 404 without leaking it', async () => {
    const { owner, member } = await freshBusiness();
    const tag = await insertTag(owner, 'Mine', 'لي');
    expect((await member.request({ method: 'GET', url: `${W}/v1/tags/${tag.id}` })).json()).toEqual({
      id: tag.id,
      nameEn: 'Mine',
      nameAr: 'لي',
      actionsCount: 0,
    });
    const theirs = await insertTag(other, 'Secret Tag', 'سري');
    const res = await owner.request({ method: 'GET', url: `${W}/v1/tags/${theirs.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Tag not found');
    expect(res.body).not.toContain('Secret Tag');
  });

  it('renames a tag, may change the case of its own name, and refuses another tag’s name', async () => {
    const { owner } = await freshBusiness();
    const tag = await insertTag(owner, 'Safety', 'السلامة');
    await insertTag(owner, 'Hygiene', 'النظافة');
    const recased = await owner.request({ method: 'PUT', url: `${W}/v1/tags/${tag.id}`, payload: { nameEn: 'SAFETY', nameAr: 'السلامة' } });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ id: tag.id, nameEn: 'SAFETY' });
    for (const payload of [
      { nameEn: 'hygiene', nameAr: 'جديد' },
      { nameEn: 'Fresh', nameAr: 'النظافة' },
    ]) {
      const res = await owner.request({ method: 'PUT', url: `${W}/v1/tags/${tag.id}`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Tag already exists');
    }
    const bad = await owner.request({ method: 'PUT', url: `${W}/v1/tags/${tag.id}`, payload: { nameEn: '9 lives', nameAr: 'تسعة' } });
    expect(bad.statusCode).toBe(400);
    expect(await tagRow(tag.id)).toMatchObject({ nameEn: 'SAFETY', nameAr: 'السلامة' });
  });

  it("answers 404 for another business's tag and 403 to members; nothing changes", async () => {
    const { owner, member } = await freshBusiness();
    const theirs = await insertTag(other, 'Theirs', 'لهم');
    expect((await owner.request({ method: 'PUT', url: `${W}/v1/tags/${theirs.id}`, payload: { nameEn: 'Hijacked', nameAr: 'مسروق' } })).statusCode).toBe(404);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tags/${theirs.id}` })).statusCode).toBe(404);
    expect(await tagRow(theirs.id)).toMatchObject({ nameEn: 'Theirs' });
    const mine = await insertTag(owner, 'Guarded', 'محمي');
    expect((await member.request({ method: 'PUT', url: `${W}/v1/tags/${mine.id}`, payload: { nameEn: 'Changed', nameAr: 'تغير' } })).statusCode).toBe(403);
    expect((await member.request({ method: 'DELETE', url: `${W}/v1/tags/${mine.id}` })).statusCode).toBe(403);
    expect(await tagRow(mine.id)).toMatchObject({ nameEn: 'Guarded' });
  });

  it('deletes a tag: its action links go and tasks keep no tag', async () => {
    const { owner } = await freshBusiness();
    const tag = await insertTag(owner, 'Temporary', 'مؤقت');
    const keep = await insertTag(owner, 'Lasting', 'دائم');
    const task = await createTask(t.app, owner, { tagId: tag.id });
    const action = await createAction(t.app, owner, task.id);
    await link(owner, action.id, tag.id);
    await link(owner, action.id, keep.id);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tags/${tag.id}` })).statusCode).toBe(204);
    expect(await tagRow(tag.id)).toBeUndefined();
    expect(await tagIdsOf(action.id)).toEqual([keep.id]);
    expect((await t.app.db.select().from(tasks).where(eq(tasks.id, task.id)))[0].tagId).toBeNull();
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tags/${tag.id}` })).statusCode).toBe(404);
  });
});

describe('GET /v1/tags/{id}/actions', () => {
  it('pages the actions using the tag, each with its task names', async () => {
    const { owner, member } = await freshBusiness();
    const tag = await insertTag(owner, 'Used', 'مستخدم');
    const first = await createTask(t.app, owner, { nameEn: 'Morning round', nameAr: 'جولة الصباح' });
    const second = await createTask(t.app, owner, { nameEn: null, nameAr: 'جولة المساء' });
    const a = await createAction(t.app, owner, first.id, { nameEn: 'Gate' });
    await createAction(t.app, owner, first.id, { nameEn: 'Untagged' });
    const b = await createAction(t.app, owner, second.id, { nameEn: 'Fence' });
    await link(owner, a.id, tag.id);
    await link(owner, b.id, tag.id);

    const res = await member.request({ method: 'GET', url: `${W}/v1/tags/${tag.id}/actions?page=0&size=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: a.id,
        taskId: first.id,
        nameEn: 'Gate',
        taskNameEn: 'Morning round',
        taskNameAr: 'جولة الصباح',
        tags: [{ id: tag.id, nameEn: 'Used', nameAr: 'مستخدم' }],
      }),
    ]);
    const next = await member.request({ method: 'GET', url: `${W}/v1/tags/${tag.id}/actions?page=1&size=1` });
    expect(next.json()).toEqual([expect.objectContaining({ id: b.id, taskNameEn: null, taskNameAr: 'جولة المساء' })]);
  });

  it("answers 404 for another business's tag and 400 for bad paging", async () => {
    const { owner } = await freshBusiness();
    const theirs = await insertTag(other, 'Hidden', 'مخفي');
    const theirAction = await createAction(t.app, other, (await createTask(t.app, other)).id, { nameEn: 'Hidden Step' });
    await link(other, theirAction.id, theirs.id);
    const res = await owner.request({ method: 'GET', url: `${W}/v1/tags/${theirs.id}/actions` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden Step');
    const mine = await insertTag(owner, 'Mine', 'لي');
    expect((await owner.request({ method: 'GET', url: `${W}/v1/tags/${mine.id}/actions?size=0` })).statusCode).toBe(400);
  });
});

describe('POST /v1/actions/assign/tags and DELETE /v1/actions/remove/tags', () => {
  it('adds tags to an action, leaving those it has, and removes them', async () => {
    const { owner } = await freshBusiness();
    const [x, y] = [await insertTag(owner, 'Ex', 'إكس'), await insertTag(owner, 'Why', 'واي')];
    const action = await createAction(t.app, owner, (await createTask(t.app, owner)).id);
    await link(owner, action.id, x.id);
    const assigned = await owner.request({ method: 'POST', url: `${W}/v1/actions/assign/tags`, payload: { actionId: action.id, tagIds: [x.id, y.id] } });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      id: action.id,
      tags: [
        { id: x.id, nameEn: 'Ex', nameAr: 'إكس' },
        { id: y.id, nameEn: 'Why', nameAr: 'واي' },
      ],
    });
    expect(await tagIdsOf(action.id)).toEqual([x.id, y.id].sort((a, b) => a - b));

    const removed = await owner.request({ method: 'DELETE', url: `${W}/v1/actions/remove/tags`, payload: { actionId: action.id, tagIds: [x.id] } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().tags).toEqual([{ id: y.id, nameEn: 'Why', nameAr: 'واي' }]);
    expect(await tagIdsOf(action.id)).toEqual([y.id]);
  });

  it("refuses bad input, another business's action or tag and members, changing nothing", async () => {
    const { owner, member } = await freshBusiness();
    const tag = await insertTag(owner, 'Mine', 'لي');
    const theirTag = await insertTag(other, 'Outsider', 'غريب');
    const action = await createAction(t.app, owner, (await createTask(t.app, owner)).id);
    const theirAction = await createAction(t.app, other, (await createTask(t.app, other)).id);
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ['POST', { actionId: action.id, tagIds: [] }, 400, 'tagIds'],
      ['POST', { tagIds: [tag.id] }, 400, 'actionId'],
      ['POST', { actionId: action.id, tagIds: [tag.id, theirTag.id] }, 404, 'tagIds'],
      ['POST', { actionId: theirAction.id, tagIds: [tag.id] }, 404, 'actionId'],
      ['DELETE', { actionId: theirAction.id, tagIds: [tag.id] }, 404, 'actionId'],
      ['DELETE', { actionId: action.id, tagIds: [theirTag.id] }, 404, 'tagIds'],
    ];
    for (const [method, payload, status, field] of cases) {
      const url = method === 'POST' ? `${W}/v1/actions/assign/tags` : `${W}/v1/actions/remove/tags`;
      const res = await owner.request({ method: method as 'POST' | 'DELETE', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().fieldErrors[0].field).toBe(field);
    }
    expect((await member.request({ method: 'POST', url: `${W}/v1/actions/assign/tags`, payload: { actionId: action.id, tagIds: [tag.id] } })).statusCode).toBe(
      403,
    );
    expect(await tagIdsOf(action.id)).toEqual([]);
    expect(await tagIdsOf(theirAction.id)).toEqual([]);
    const links = await t.app.db
      .select({ n: count() })
      .from(actionTags)
      .where(and(eq(actionTags.tagId, theirTag.id)));
    expect(links[0].n).toBe(0);
  });
});
