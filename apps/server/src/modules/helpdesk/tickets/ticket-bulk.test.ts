import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketStatus } from '@fieldops/shared/enums';
import { ticketCategories, ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import { createCast } from '../../../test/cast.ts';
import { addSupervisor, createProject, createSite, createTicket, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const API = '/services/helpdesk/api/v1';
const BULK = { method: 'POST', url: `${API}/tickets/bulk` } as const;

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;
let categoryId: number;
let otherCategoryId: number;

const rowOf = async (id: number) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const historyOf = (ids: number[]) => t.app.db.select().from(ticketHistory).where(inArray(ticketHistory.ticketId, ids)).orderBy(ticketHistory.id);
const firstCategory = async (businessId: number) =>
  (await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, businessId)).orderBy(ticketCategories.id))[0].id;
/** Made one after another, so their ids rise in the order listed (as the bulk result lists them). */
async function ticketsOf(caller: Caller, n: number, values: Parameters<typeof createTicket>[2] = {}) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await createTicket(t.app, caller, values));
  return made;
}
const bulk = (caller: Caller, payload: unknown, headers: Record<string, string> = {}) => caller.request({ ...BULK, payload: payload as object, headers });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
  categoryId = await firstCategory(owner.business.id);
  otherCategoryId = await firstCategory(other.business.id);
});
afterAll(() => t.close());

describe('POST /v1/tickets/bulk', () => {
  it('assigns every ticket, with an ASSIGNEE history entry each, and unassigns them again', async () => {
    const list = await ticketsOf(owner, 3);
    const ids = list.map((ticket) => ticket.id);
    const res = await bulk(owner, { ticketIds: ids, change: { agentId: member.userId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ applied: ids, refused: [] });
    for (const id of ids) expect((await rowOf(id)).agentId).toBe(member.userId);
    expect((await historyOf(ids)).map((h) => [h.ticketId, h.field, h.newValue, h.actorId])).toEqual(
      ids.map((id) => [id, 'ASSIGNEE', String(member.userId), owner.userId]),
    );

    expect((await bulk(owner, { ticketIds: ids, change: { agentId: null } })).json()).toEqual({ applied: ids, refused: [] });
    for (const id of ids) expect((await rowOf(id)).agentId).toBeNull();
  });

  it('sets the priority, and works out the SLA due times again exactly as a change of one ticket does', async () => {
    expect(
      (await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: [{ priority: 'URGENT', resolutionMinutes: 240 }] } })).statusCode,
    ).toBe(200);
    // Made through the API, so their history starts their SLA clock.
    const made = (title: string) => owner.request({ method: 'POST', url: `${API}/tickets`, payload: { title, description: 'Leak' } });
    const [alone, inBulk] = [(await made('Alone')).json<{ id: number }>(), (await made('In bulk')).json<{ id: number }>()];
    await owner.request({ method: 'PUT', url: `${API}/tickets/${alone.id}`, payload: { priority: 'URGENT' } });
    const res = await bulk(owner, { ticketIds: [inBulk.id], change: { priority: 'URGENT' } });
    expect(res.json()).toEqual({ applied: [inBulk.id], refused: [] });
    const [a, b] = [await rowOf(alone.id), await rowOf(inBulk.id)];
    expect(b.priority).toBe('URGENT');
    expect(b.resolutionDueAt).not.toBeNull();
    expect(Math.abs((b.resolutionDueAt?.getTime() ?? 0) - (a.resolutionDueAt?.getTime() ?? 0))).toBeLessThan(60_000);
    expect((await historyOf([inBulk.id])).map((h) => [h.field, h.oldValue, h.newValue])).toEqual([
      ['CREATED', null, 'NEW'],
      ['PRIORITY', 'NO_PRIORITY', 'URGENT'],
    ]);
    await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: [] } });
  });

  it('sets and clears the category', async () => {
    const ids = (await ticketsOf(owner, 2)).map((ticket) => ticket.id);
    expect((await bulk(owner, { ticketIds: ids, change: { categoryId } })).json()).toEqual({ applied: ids, refused: [] });
    for (const id of ids) expect((await rowOf(id)).categoryId).toBe(categoryId);
    expect((await bulk(owner, { ticketIds: ids, change: { categoryId: null } })).json()).toEqual({ applied: ids, refused: [] });
    for (const id of ids) expect((await rowOf(id)).categoryId).toBeNull();
    expect((await historyOf(ids)).map((h) => h.field)).toEqual(['CATEGORY', 'CATEGORY', 'CATEGORY', 'CATEGORY']);
  });

  it('moves the tickets it may and refuses the forbidden moves one by one, changing nothing of those', async () => {
    const from: TicketStatus[] = ['NEW', 'CLOSED', 'ON_HOLD', 'RESOLVED', 'NEW'];
    const list = [];
    for (const status of from) list.push(await createTicket(t.app, owner, { status }));
    const ids = list.map((ticket) => ticket.id);
    const res = await bulk(owner, { ticketIds: [...ids].reverse(), change: { status: 'IN_PROGRESS', reason: ' parts arrived ' } });
    expect(res.statusCode).toBe(200);
    const [newOne, closed, onHold, resolved, newTwo] = ids;
    expect(res.json()).toEqual({
      applied: [newOne, onHold, newTwo],
      refused: [
        { id: closed, message: 'Unavailable status Transition' },
        { id: resolved, message: 'Unavailable status Transition' },
      ],
    });
    for (const id of [newOne, onHold, newTwo]) expect(await rowOf(id)).toMatchObject({ status: 'IN_PROGRESS', reason: 'parts arrived' });
    expect(await rowOf(closed)).toMatchObject({ status: 'CLOSED', reason: null });
    expect(await rowOf(resolved)).toMatchObject({ status: 'RESOLVED', reason: null });
    // History only for the moved ones, with the reason; the first move out of NEW is the first response.
    expect((await historyOf(ids)).map((h) => [h.ticketId, h.field, h.oldValue, h.newValue, h.reason])).toEqual([
      [newOne, 'STATUS', 'NEW', 'IN_PROGRESS', 'parts arrived'],
      [onHold, 'STATUS', 'ON_HOLD', 'IN_PROGRESS', 'parts arrived'],
      [newTwo, 'STATUS', 'NEW', 'IN_PROGRESS', 'parts arrived'],
    ]);
    expect((await rowOf(newOne)).firstRespondedAt).not.toBeNull();
    expect((await rowOf(closed)).firstRespondedAt).toBeNull();
  });

  it("refuses another business's tickets exactly as tickets that do not exist, and leaves them alone", async () => {
    const [theirs] = await ticketsOf(other, 1);
    const [mine] = await ticketsOf(owner, 1);
    const missing = 987_654_321;
    const res = await bulk(owner, { ticketIds: [mine.id, theirs.id, missing], change: { status: 'ON_HOLD', reason: 'waiting' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      applied: [mine.id],
      refused: [
        { id: theirs.id, message: 'Ticket not found' },
        { id: missing, message: 'Ticket not found' },
      ],
    });
    expect(await rowOf(theirs.id)).toMatchObject({ status: 'NEW', reason: null, agentId: null });
    expect(await historyOf([theirs.id])).toEqual([]);
    // Nor can their people or categories be set on mine: the whole request is refused as for unknown ones.
    for (const change of [{ agentId: other.userId }, { agentId: missing }]) {
      const refused = await bulk(owner, { ticketIds: [mine.id], change });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'The assignee is not a member of this business', fieldErrors: [{ field: 'change.agentId' }] });
    }
    for (const change of [{ categoryId: otherCategoryId }, { categoryId: missing }]) {
      const refused = await bulk(owner, { ticketIds: [mine.id], change });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Category not found');
    }
    expect(await rowOf(mine.id)).toMatchObject({ agentId: null, categoryId: null });
  });

  it('refuses per ticket what the caller may not change: a member, a supervisor outside their sites', async () => {
    const mine = await createTicket(t.app, member, { agentId: member.userId });
    const res = await bulk(member, { ticketIds: [mine.id], change: { priority: 'HIGH' } });
    expect(res.json()).toEqual({ applied: [], refused: [{ id: mine.id, message: 'Access denied. Contact support if needed.' }] });
    expect((await rowOf(mine.id)).priority).toBe('NO_PRIORITY');

    const project = await createProject(t.app, owner);
    const [a, b] = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
    const supervisor = await addSupervisor(t.app, owner, [a.id]);
    const inA = await createTicket(t.app, owner, { projectId: project.id, teamId: a.id });
    const inB = await createTicket(t.app, owner, { projectId: project.id, teamId: b.id });
    const supervised = await bulk(supervisor, { ticketIds: [inA.id, inB.id], change: { agentId: supervisor.userId } });
    expect(supervised.json()).toEqual({ applied: [inA.id], refused: [{ id: inB.id, message: 'Ticket not found' }] });
    expect((await rowOf(inA.id)).agentId).toBe(supervisor.userId);
    expect((await rowOf(inB.id)).agentId).toBeNull();
    expect(await historyOf([inB.id])).toEqual([]);
  });

  it('does a retried request once and answers it the same', async () => {
    const list = await Promise.all((['NEW', 'CLOSED'] as const).map((status) => createTicket(t.app, owner, { status })));
    const ids = list.map((ticket) => ticket.id);
    const headers = { 'idempotency-key': `bulk-retry-${ids[0]}` };
    const payload = { ticketIds: ids, change: { status: 'ON_HOLD', reason: 'waiting for the landlord' } };
    const first = await bulk(owner, payload, headers);
    const again = await bulk(owner, payload, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ applied: [ids[0]], refused: [{ id: ids[1], message: 'Unavailable status Transition' }] });
    expect(await historyOf(ids)).toHaveLength(1);
    // The same key for another change is refused, and changes nothing.
    const other = await bulk(owner, { ...payload, change: { priority: 'LOW' } }, headers);
    expect(other.statusCode).toBe(422);
    expect((await rowOf(ids[0])).priority).toBe('NO_PRIORITY');
  });

  it('refuses a malformed request with 400 and changes nothing', async () => {
    const [ticket] = await ticketsOf(owner, 1);
    const cases: [unknown, string][] = [
      [{ ticketIds: [], change: { priority: 'HIGH' } }, 'Select at least one ticket'],
      [{ change: { priority: 'HIGH' } }, 'Select at least one ticket'],
      [{ ticketIds: [ticket.id, ticket.id], change: { priority: 'HIGH' } }, 'Each ticket can be listed only once'],
      [{ ticketIds: Array.from({ length: 201 }, (_, i) => i + 1), change: { priority: 'HIGH' } }, 'At most 200 tickets can be changed at once'],
      [{ ticketIds: [ticket.id] }, 'Choose one change for the selected tickets: assignee, priority, category or status with a reason'],
      [{ ticketIds: [ticket.id], change: {} }, 'Choose one change for the selected tickets: assignee, priority, category or status with a reason'],
      [
        { ticketIds: [ticket.id], change: { priority: 'HIGH', agentId: null } },
        'Choose one change for the selected tickets: assignee, priority, category or status with a reason',
      ],
      [
        { ticketIds: [ticket.id], change: { priority: 'SOMEDAY' } },
        'Choose one change for the selected tickets: assignee, priority, category or status with a reason',
      ],
      [{ ticketIds: [ticket.id], change: { status: 'IN_PROGRESS', reason: '  ' } }, 'Reason is required'],
      [{ ticketIds: ['x'], change: { priority: 'HIGH' } }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (message) expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await rowOf(ticket.id)).toMatchObject({ priority: 'NO_PRIORITY', status: 'NEW', agentId: null });
    expect(await historyOf([ticket.id])).toEqual([]);
    expect(
      (
        await t.app.db
          .select()
          .from(tickets)
          .where(and(eq(tickets.businessId, owner.business.id), eq(tickets.priority, 'HIGH')))
      ).length,
    ).toBe(0);
  });
});
