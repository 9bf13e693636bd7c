import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketAttachments, ticketCategories, ticketComments, ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { IMAGES, addMember, addSupervisor, createProject, createSite, createTicket, multipart, placeInSite, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let supervisor: Caller;
let member: Caller;
let loner: Caller;
let other: Caller;
let ids: Record<'inA' | 'inB' | 'byMember' | 'toMember' | 'bySupervisor' | 'byLoner', number>;

beforeAll(async () => {
  t = await createTestApp();
  // The cast's member is the loner, placed in no site.
  ({ owner, admin, member: loner, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  const project = await createProject(t.app, owner);
  const [a, b] = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
  supervisor = await addSupervisor(t.app, owner, [a.id]);
  member = await addMember(t.app, owner, 'MEMBER');
  // A plain member of site A sees no more for it: only supervisors see a site's tickets.
  await placeInSite(t.app, owner, a.id, member.userId, 'MEMBER');
  const place = (site: { id: number }) => ({ projectId: project.id, teamId: site.id });
  ids = {
    inA: (await createTicket(t.app, owner, { ...place(a), status: 'IN_PROGRESS' })).id,
    inB: (await createTicket(t.app, owner, place(b))).id,
    byMember: (await createTicket(t.app, member)).id,
    toMember: (await createTicket(t.app, owner, { ...place(b), agentId: member.userId, status: 'ON_HOLD' })).id,
    bySupervisor: (await createTicket(t.app, supervisor, { ...place(b), status: 'RESOLVED' })).id,
    byLoner: (await createTicket(t.app, loner, { status: 'CLOSED' })).id,
  };
  await createTicket(t.app, other, { title: 'Not of this business' });
});
afterAll(() => t.close());

const listIds = async (caller: Caller, query = '') => {
  const res = await caller.request({ method: 'GET', url: `${API}/tickets${query}` });
  expect(res.statusCode).toBe(200);
  return { ids: (res.json() as { id: number }[]).map((x) => x.id).sort((x, y) => x - y), total: Number(res.headers['x-total-count']) };
};
const countsOf = async (caller: Caller, query = '') =>
  (await caller.request({ method: 'GET', url: `${API}/tickets/counts${query}` })).json() as Record<string, number>;

describe('who sees which tickets', () => {
  const cases: [string, () => Caller, (keyof typeof ids)[]][] = [
    ['the owner sees every ticket of the business', () => owner, ['inA', 'inB', 'byMember', 'toMember', 'bySupervisor', 'byLoner']],
    ['an admin sees every ticket of the business', () => admin, ['inA', 'inB', 'byMember', 'toMember', 'bySupervisor', 'byLoner']],
    ["a supervisor sees their site's tickets and the ones they created", () => supervisor, ['inA', 'bySupervisor']],
    ['a member sees the tickets they created or are assigned to', () => member, ['byMember', 'toMember']],
    ['a member without sites sees only their own', () => loner, ['byLoner']],
  ];
  for (const [what, callerOf, expected] of cases) {
    it(`${what}, in the list, the counts and one by one`, async () => {
      const caller = callerOf();
      const wanted = expected.map((k) => ids[k]).sort((x, y) => x - y);
      const list = await listIds(caller);
      expect(list.ids).toEqual(wanted);
      expect(list.total).toBe(wanted.length);
      const counts = await countsOf(caller);
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(list.total);
      for (const status of ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CLOSED']) {
        expect(counts[status], status).toBe((await listIds(caller, `?ticketStatus=${status}`)).total);
      }
      for (const [key, id] of Object.entries(ids)) {
        const res = await caller.request({ method: 'GET', url: `${API}/tickets/${id}` });
        expect(res.statusCode, key).toBe(expected.includes(key as keyof typeof ids) ? 200 : 404);
      }
    });
  }

  it('a member creates tickets, comments on and adds images to the ones they see', async () => {
    const created = await member.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Lights out', description: 'Level 2' } });
    expect(created.statusCode).toBe(201);
    const comment = await member.request({ method: 'POST', url: `${API}/tickets/${ids.toMember}/comments`, ...multipart({ text: 'On my way' }) });
    expect(comment.statusCode).toBe(201);
    const files = [{ field: 'attachments', filename: 'a.png', type: 'image/png', data: IMAGES.png }];
    const attached = await member.request({ method: 'POST', url: `${API}/tickets/${ids.toMember}/attachments`, ...multipart({}, files) });
    expect(attached.statusCode).toBe(201);
    expect((await member.request({ method: 'POST', url: `${API}/tickets/${ids.inB}/comments`, ...multipart({ text: 'Nosy' }) })).statusCode).toBe(404);
  });

  it('a member may not change status, assignee, priority or category (403), and nothing changes', async () => {
    const before = (await t.app.db.select().from(tickets).where(eq(tickets.id, ids.toMember)))[0];
    const [category] = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, owner.business.id));
    const calls = [
      { method: 'PUT' as const, url: `${API}/tickets/${ids.toMember}/status/IN_PROGRESS?reason=started` },
      { method: 'PUT' as const, url: `${API}/tickets/${ids.toMember}`, payload: { agentId: loner.userId } },
      { method: 'PUT' as const, url: `${API}/tickets/${ids.toMember}`, payload: { priority: 'URGENT' } },
      { method: 'PUT' as const, url: `${API}/tickets/${ids.toMember}`, payload: { categoryId: category.id } },
    ];
    for (const call of calls) expect((await member.request(call)).statusCode, JSON.stringify(call)).toBe(403);
    const after = (await t.app.db.select().from(tickets).where(eq(tickets.id, ids.toMember)))[0];
    expect(after).toEqual(before);
  });

  it('a supervisor changes the tickets they see, but not others', async () => {
    expect((await supervisor.request({ method: 'PUT', url: `${API}/tickets/${ids.inA}`, payload: { priority: 'HIGH' } })).statusCode).toBe(200);
    expect((await supervisor.request({ method: 'PUT', url: `${API}/tickets/${ids.inB}`, payload: { priority: 'HIGH' } })).statusCode).toBe(404);
    expect((await t.app.db.select().from(tickets).where(eq(tickets.id, ids.inB)))[0].priority).toBe('NO_PRIORITY');
  });
});

describe("another business's ids", () => {
  it('answer 404 on every ticket call and change nothing', async () => {
    const theirs = await createTicket(t.app, other, { title: 'Their secret' });
    const bid = other.business.id;
    const [attachment] = await t.app.db
      .insert(ticketAttachments)
      .values({ businessId: bid, ticketId: theirs.id, fileKey: `${'a'.repeat(32)}.png`, name: 'secret.png', contentType: 'image/png', size: 1 })
      .returning();
    const [comment] = await t.app.db
      .insert(ticketComments)
      .values({ businessId: bid, ticketId: theirs.id, creatorId: other.userId, text: 'Secret words' })
      .returning();
    const [category] = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, bid));
    const id = theirs.id;
    const image = multipart({ text: 'x' }, [{ field: 'attachments', filename: 'a.png', type: 'image/png', data: IMAGES.png }]);
    const calls = [
      { method: 'GET' as const, url: `${API}/tickets/${id}` },
      { method: 'PUT' as const, url: `${API}/tickets/${id}`, payload: { title: 'Mine now' } },
      { method: 'PUT' as const, url: `${API}/tickets/${id}/status/IN_PROGRESS?reason=mine` },
      { method: 'GET' as const, url: `${API}/tickets/${id}/attachments` },
      { method: 'POST' as const, url: `${API}/tickets/${id}/attachments`, ...image },
      { method: 'DELETE' as const, url: `${API}/tickets/${id}/attachments/${attachment.id}` },
      { method: 'GET' as const, url: `${API}/tickets/${id}/comments` },
      { method: 'POST' as const, url: `${API}/tickets/${id}/comments`, ...multipart({ text: 'hello' }) },
      { method: 'PUT' as const, url: `${API}/tickets/${id}/comments/${comment.id}`, ...multipart({ text: 'hello' }) },
      { method: 'GET' as const, url: `${API}/tickets/${id}/history` },
      { method: 'PUT' as const, url: `${API}/ticket-categories/${category.id}`, payload: { nameEn: 'Mine', nameAr: 'لي' } },
      { method: 'DELETE' as const, url: `${API}/ticket-categories/${category.id}` },
    ];
    for (const call of calls) {
      const res = await owner.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.body).not.toMatch(/secret/i);
    }
    expect((await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]).toMatchObject({ title: 'Their secret', status: 'NEW' });
    expect(await t.app.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, id))).toHaveLength(1);
    expect(await t.app.db.select().from(ticketComments).where(eq(ticketComments.ticketId, id))).toEqual([comment]);
    expect(await t.app.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, id))).toEqual([]);
    expect((await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.id, category.id)))[0].nameEn).toBe(category.nameEn);
  });

  it('never show in the list or the counts, whatever the filter', async () => {
    const mine = await listIds(owner);
    const { ids: everything } = await listIds(other);
    expect(mine.ids.some((id) => everything.includes(id))).toBe(false);
    expect((await listIds(owner, '?searchKey=Not%20of%20this')).total).toBe(0);
    expect(Object.values(await countsOf(owner, '?searchKey=Not%20of%20this')).every((n) => n === 0)).toBe(true);
  });
});
