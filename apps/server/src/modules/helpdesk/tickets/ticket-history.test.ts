import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCategories } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, createBusinessWithOwner, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let sara: Caller;
let omar: Caller;
let member: Caller;
let other: Caller;
let categories: { id: number; nameEn: string }[];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin: sara, member: omar } = await createCast(t.app, { admin: true, member: true }));
  member = await addMember(t.app, owner, 'MEMBER');
  other = await createBusinessWithOwner(t.app);
  categories = await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, owner.business.id)).orderBy(ticketCategories.id);
});
afterAll(() => t.close());

const nameOf = async (caller: Caller) => (await owner.request({ method: 'GET', url: `/api/users/${caller.userId}/basic-info` })).json().fullName;
const create = async (caller: Caller, payload: Record<string, unknown> = {}) =>
  (await caller.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Broken lock', description: 'East gate', ...payload } })).json();
const historyOf = async (caller: Caller, id: number, query = '') => {
  const res = await caller.request({ method: 'GET', url: `${API}/tickets/${id}/history${query}` });
  expect(res.statusCode).toBe(200);
  return { items: res.json(), total: Number(res.headers['x-total-count']) };
};

describe('GET /v1/tickets/{id}/history', () => {
  it('starts with the creation, by the creator, naming the first assignee', async () => {
    const ticket = await create(member, { agentId: sara.userId });
    const { items, total } = await historyOf(member, ticket.id);
    expect(total).toBe(1);
    expect(items).toEqual([
      {
        id: expect.any(Number),
        ticketId: ticket.id,
        field: 'CREATED',
        oldValue: null,
        newValue: 'NEW',
        agentId: sara.userId,
        oldAgentId: null,
        reason: null,
        actorId: member.userId,
        actor: { id: member.userId, username: member.username, fullName: expect.any(String), avatar: null },
        summary: `Ticket created and assigned to ${await nameOf(sara)}`,
        createdDate: expect.any(String),
      },
    ]);
  });

  it('writes one entry per change of assignee, priority and category with old and new values and the actor', async () => {
    const ticket = await create(owner, { agentId: sara.userId, priority: 'LOW', categoryId: categories[0].id });
    const res = await owner.request({
      method: 'PUT',
      url: `${API}/tickets/${ticket.id}`,
      payload: { agentId: omar.userId, priority: 'URGENT', categoryId: categories[1].id, title: 'Broken lock, east gate' },
    });
    expect(res.statusCode).toBe(200);
    const { items } = await historyOf(owner, ticket.id);
    const byField = Object.fromEntries(items.map((e: { field: string }) => [e.field, e]));
    expect(items.map((e: { field: string }) => e.field).sort()).toEqual(['ASSIGNEE', 'CATEGORY', 'CREATED', 'PRIORITY']);
    expect(byField.ASSIGNEE).toMatchObject({
      oldAgentId: sara.userId,
      agentId: omar.userId,
      oldValue: String(sara.userId),
      newValue: String(omar.userId),
      actorId: owner.userId,
      summary: `Assignee changed from ${await nameOf(sara)} to ${await nameOf(omar)}`,
    });
    expect(byField.PRIORITY).toMatchObject({ oldValue: 'LOW', newValue: 'URGENT', actorId: owner.userId, summary: 'Priority changed from LOW to URGENT' });
    expect(byField.CATEGORY).toMatchObject({
      oldValue: String(categories[0].id),
      newValue: String(categories[1].id),
      actorId: owner.userId,
      summary: 'Category changed from General to Bug',
    });
  });

  it('words assigning, unassigning and clearing the category', async () => {
    const ticket = await create(owner, { categoryId: categories[2].id });
    await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { agentId: omar.userId } });
    await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { agentId: null, categoryId: null } });
    const { items } = await historyOf(owner, ticket.id);
    expect(items.map((e: { summary: string }) => e.summary)).toEqual([
      'Category changed from Feature Request to no category',
      `Unassigned from ${await nameOf(omar)}`,
      `Assigned to ${await nameOf(omar)}`,
      'Ticket created',
    ]);
    expect(items[1]).toMatchObject({ field: 'ASSIGNEE', oldAgentId: omar.userId, agentId: null });
    expect(items[2]).toMatchObject({ field: 'ASSIGNEE', oldAgentId: null, agentId: omar.userId });
  });

  it('writes nothing when a field is sent unchanged', async () => {
    const ticket = await create(owner, { agentId: sara.userId, priority: 'HIGH' });
    await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { agentId: sara.userId, priority: 'HIGH', title: 'Renamed' } });
    expect((await historyOf(owner, ticket.id)).total).toBe(1);
  });

  it('records status changes with their reason, newest first, paged with X-Total-Count', async () => {
    const ticket = await create(owner);
    for (const [status, reason] of [
      ['IN_PROGRESS', 'started'],
      ['ON_HOLD', 'waiting for parts'],
      ['IN_PROGRESS', 'parts arrived'],
      ['RESOLVED', 'fixed'],
    ]) {
      const res = await sara.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}/status/${status}?reason=${encodeURIComponent(reason)}` });
      expect(res.statusCode).toBe(200);
    }
    const page = await historyOf(owner, ticket.id, '?page=0&size=2');
    expect(page.total).toBe(5);
    expect(page.items.map((e: { summary: string }) => e.summary)).toEqual([
      'Status changed from IN_PROGRESS to RESOLVED: fixed',
      'Status changed from ON_HOLD to IN_PROGRESS: parts arrived',
    ]);
    expect(page.items[0]).toMatchObject({ field: 'STATUS', oldValue: 'IN_PROGRESS', newValue: 'RESOLVED', reason: 'fixed', actorId: sara.userId });
    const next = await historyOf(owner, ticket.id, '?page=1&size=2');
    expect(next.items.map((e: { summary: string }) => e.summary)).toEqual([
      'Status changed from IN_PROGRESS to ON_HOLD: waiting for parts',
      'Status changed from NEW to IN_PROGRESS: started',
    ]);
  });

  it('names a category deleted since as such', async () => {
    const extra = (await owner.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn: 'Temporary', nameAr: 'مؤقت' } })).json();
    const ticket = await create(owner, { categoryId: extra.id });
    await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { categoryId: categories[0].id } });
    expect((await owner.request({ method: 'DELETE', url: `${API}/ticket-categories/${extra.id}` })).statusCode).toBe(204);
    const { items } = await historyOf(owner, ticket.id);
    expect(items[0].summary).toBe('Category changed from a deleted category to General');
  });

  it("answers 404 for another business's ticket and for a ticket the member does not see; 400 for bad paging", async () => {
    const theirs = await create(other);
    const res = await owner.request({ method: 'GET', url: `${API}/tickets/${theirs.id}/history` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('CREATED');
    const ownersOnly = await create(owner);
    expect((await member.request({ method: 'GET', url: `${API}/tickets/${ownersOnly.id}/history` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `${API}/tickets/${ownersOnly.id}/history?size=0` })).statusCode).toBe(400);
  });
});
