import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCategories, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createTicket, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;

const namesOf = async (businessId: number) =>
  (await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, businessId)).orderBy(ticketCategories.id)).map((c) => c.nameEn);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, supervisor, other } = await createCast(t.app, { admin: true, member: true, supervisor: true, other: true }));
});
afterAll(() => t.close());

describe('GET /v1/ticket-categories', () => {
  it('gives every new business the four default categories, in order, to everyone in it', async () => {
    const res = await member.request({ method: 'GET', url: `${API}/ticket-categories` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json()).toEqual([
      { id: expect.any(Number), nameEn: 'General', nameAr: 'عام' },
      { id: expect.any(Number), nameEn: 'Bug', nameAr: 'خلل' },
      { id: expect.any(Number), nameEn: 'Feature Request', nameAr: 'طلب ميزة' },
      { id: expect.any(Number), nameEn: 'Support', nameAr: 'دعم' },
    ]);
    const ids = res.json().map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const theirs = (await other.request({ method: 'GET', url: `${API}/ticket-categories` })).json();
    expect(theirs.map((c: { id: number }) => c.id).some((id: number) => ids.includes(id))).toBe(false);
  });
});

describe('POST /v1/ticket-categories', () => {
  it('adds a category for an owner or admin', async () => {
    const res = await admin.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn: ' Cleaning ', nameAr: 'تنظيف' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), nameEn: 'Cleaning', nameAr: 'تنظيف' });
    expect(await namesOf(owner.business.id)).toContain('Cleaning');
    // Another business may use the same name.
    expect((await other.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn: 'Cleaning', nameAr: 'تنظيف' } })).statusCode).toBe(201);
  });

  it('refuses a name already used in either language, whatever its case, with 409', async () => {
    const before = await namesOf(owner.business.id);
    const cases: [Record<string, string>, string][] = [
      [{ nameEn: 'general', nameAr: 'جديد' }, 'nameEn'],
      [{ nameEn: 'SUPPORT', nameAr: 'جديد' }, 'nameEn'],
      [{ nameEn: 'Brand new', nameAr: 'خلل' }, 'nameAr'],
    ];
    for (const [payload, field] of cases) {
      const res = await owner.request({ method: 'POST', url: `${API}/ticket-categories`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json().message).toBe('A category with this name already exists');
      expect(res.json().fieldErrors).toEqual([{ field, message: 'A category with this name already exists' }]);
    }
    expect(await namesOf(owner.business.id)).toEqual(before);
  });

  it('refuses bad names naming the field, and adds nothing', async () => {
    const before = await namesOf(owner.business.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nameAr: 'عام' }, 'nameEn', 'This field is required'],
      [{ nameEn: 'Plumbing' }, 'nameAr', 'This field is required'],
      [{ nameEn: '1st line', nameAr: 'أول' }, 'nameEn', 'Name is invalid, Should start with a letter not a number'],
      [{ nameEn: 'Ok', nameAr: '   ' }, 'nameAr', 'This field is required'],
      [{ nameEn: 'x'.repeat(61), nameAr: 'أ' }, 'nameEn', 'This must be at most 60'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `${API}/ticket-categories`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0]).toEqual({ field, message });
    }
    expect(await namesOf(owner.business.id)).toEqual(before);
  });

  it('is refused to members and supervisors', async () => {
    const before = await namesOf(owner.business.id);
    for (const caller of [member, supervisor]) {
      const res = await caller.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn: 'Sneaky', nameAr: 'خفي' } });
      expect(res.statusCode).toBe(403);
    }
    expect(await namesOf(owner.business.id)).toEqual(before);
  });
});

describe('PUT /v1/ticket-categories/{id}', () => {
  it('renames a category; keeping its own name is no clash; another name is', async () => {
    const created = (await owner.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn: 'Plumbing', nameAr: 'سباكة' } })).json();
    const renamed = await owner.request({
      method: 'PUT',
      url: `${API}/ticket-categories/${created.id}`,
      payload: { nameEn: 'PLUMBING', nameAr: 'سباكة وصرف' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: created.id, nameEn: 'PLUMBING', nameAr: 'سباكة وصرف' });
    const clash = await owner.request({ method: 'PUT', url: `${API}/ticket-categories/${created.id}`, payload: { nameEn: 'Bug', nameAr: 'سباكة' } });
    expect(clash.statusCode).toBe(409);
    const bad = await owner.request({ method: 'PUT', url: `${API}/ticket-categories/${created.id}`, payload: { nameEn: '', nameAr: 'سباكة' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.id, created.id)))[0].nameEn).toBe('PLUMBING');
  });

  it("answers 404 for another business's category and 403 to a member; nothing changes", async () => {
    const [theirs] = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, other.business.id));
    expect((await owner.request({ method: 'PUT', url: `${API}/ticket-categories/${theirs.id}`, payload: { nameEn: 'Mine', nameAr: 'لي' } })).statusCode).toBe(
      404,
    );
    const [mine] = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, owner.business.id));
    expect((await member.request({ method: 'PUT', url: `${API}/ticket-categories/${mine.id}`, payload: { nameEn: 'Mine', nameAr: 'لي' } })).statusCode).toBe(
      403,
    );
    expect((await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.id, theirs.id)))[0].nameEn).toBe(theirs.nameEn);
    expect((await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.id, mine.id)))[0].nameEn).toBe(mine.nameEn);
  });
});

describe('DELETE /v1/ticket-categories/{id}', () => {
  it('is refused with 409 while tickets use the category, then deletes it', async () => {
    const created = (await owner.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn: 'Electrical', nameAr: 'كهرباء' } })).json();
    const ticket = await createTicket(t.app, owner, { categoryId: created.id });
    const refused = await owner.request({ method: 'DELETE', url: `${API}/ticket-categories/${created.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This category is used by tickets. Move them to another category first');
    expect(await namesOf(owner.business.id)).toContain('Electrical');

    await t.app.db.update(tickets).set({ categoryId: null }).where(eq(tickets.id, ticket.id));
    expect((await admin.request({ method: 'DELETE', url: `${API}/ticket-categories/${created.id}` })).statusCode).toBe(204);
    expect(await namesOf(owner.business.id)).not.toContain('Electrical');
    expect((await owner.request({ method: 'DELETE', url: `${API}/ticket-categories/${created.id}` })).statusCode).toBe(404);
  });

  it("answers 404 for another business's category, 403 to members and supervisors; nothing is deleted", async () => {
    const [theirs] = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, other.business.id));
    expect((await owner.request({ method: 'DELETE', url: `${API}/ticket-categories/${theirs.id}` })).statusCode).toBe(404);
    const [mine] = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, owner.business.id));
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'DELETE', url: `${API}/ticket-categories/${mine.id}` })).statusCode).toBe(403);
    }
    expect(await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.id, theirs.id))).toHaveLength(1);
    expect(await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.id, mine.id))).toHaveLength(1);
  });
});
