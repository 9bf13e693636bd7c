// Tickets keep their SLA due times, worked out on the business calendar by the shared clock:
// on creation, on a change of priority or category, and on every status change (held, resolved,
// reopened). Expected times are the shared functions' own answers for the same history.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingMs, MINUTE_MS, workingMsBetween, type BusinessCalendar } from '@fieldops/shared/business-calendar';
import { businesses } from '../../../db/schema.ts';
import { ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backdateTicket } from '../../../test/ticket-kit.ts';
import { createCast } from '../../../test/cast.ts';
import type { Caller } from '../../../test/factories.ts';
import { businessCalendarOf } from '../../main/business-calendar/business-calendar.service.ts';

const API = '/services/helpdesk/api/v1';
const DAY_MS = 86_400_000;

let t: TestApp;
let owner: Caller;
let calendar: BusinessCalendar;

interface TicketBody {
  id: number;
  createdDate: string;
  firstResponseDueAt: string | null;
  firstRespondedAt: string | null;
  resolutionDueAt: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function create(priority = 'MEDIUM'): Promise<TicketBody> {
  const res = await owner.request({
    method: 'POST',
    url: `${API}/tickets`,
    payload: { title: 'Air conditioning is off', description: 'Hot office', priority },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function move(id: number, status: string): Promise<TicketBody> {
  const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${id}/status/${status}?reason=checked` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Moves the ticket's creation and its history so far back in time by `days`. */
const backdate = (id: number, days: number) => backdateTicket(t.app.db, id, days * 1440);
const statusEntries = (id: number) =>
  t.app.db
    .select()
    .from(ticketHistory)
    .where(and(eq(ticketHistory.ticketId, id)))
    .orderBy(ticketHistory.id);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await createCast(t.app, {}));
  await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, owner.business.id));
  const year = new Date().getUTCFullYear();
  calendar = await businessCalendarOf(t.app.db, owner.business.id, 'Asia/Riyadh', year - 1, year + 1);
  const rules = [
    { firstResponseMinutes: 60, resolutionMinutes: 600 },
    { priority: 'URGENT', firstResponseMinutes: 15, resolutionMinutes: 120 },
  ];
  expect((await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules } })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('SLA due times of a ticket', () => {
  it('are set on creation by the rule that covers it, and set again when its priority changes', async () => {
    const ticket = await create();
    const created = Date.parse(ticket.createdDate);
    expect(ticket.firstResponseDueAt).toBe(iso(addWorkingMs(calendar, created, 60 * MINUTE_MS)));
    expect(ticket.resolutionDueAt).toBe(iso(addWorkingMs(calendar, created, 600 * MINUTE_MS)));
    expect(ticket.firstRespondedAt).toBeNull();

    const urgent = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { priority: 'URGENT' } });
    expect(urgent.json().firstResponseDueAt).toBe(iso(addWorkingMs(calendar, created, 15 * MINUTE_MS)));
    expect(urgent.json().resolutionDueAt).toBe(iso(addWorkingMs(calendar, created, 120 * MINUTE_MS)));
  });

  it('pause on hold (no due time while time is left) and the first move out of NEW is the first response', async () => {
    const ticket = await create();
    const held = await move(ticket.id, 'ON_HOLD');
    expect(held.resolutionDueAt).toBeNull();
    expect(held.firstRespondedAt).not.toBeNull();
    expect(held.firstResponseDueAt).toBe(ticket.firstResponseDueAt);
    const back = await move(ticket.id, 'IN_PROGRESS');
    expect(back.resolutionDueAt).not.toBeNull();
    expect(back.firstRespondedAt).toBe(held.firstRespondedAt);
  });

  it('count the working time before a hold spell and none during it', async () => {
    // Made ten days ago and put on hold right away (on the history), then back in progress now.
    const ticket = await create();
    await move(ticket.id, 'ON_HOLD');
    await backdate(ticket.id, 10);
    const [createdEntry, holdEntry] = await statusEntries(ticket.id);
    // Nine days of the ten in the hold: the hold began a day after creation.
    await t.app.db
      .update(ticketHistory)
      .set({ createdDate: new Date(createdEntry!.createdDate.getTime() + DAY_MS) })
      .where(eq(ticketHistory.id, holdEntry!.id));
    const resumed = await move(ticket.id, 'IN_PROGRESS');
    const entries = await statusEntries(ticket.id);
    const created = createdEntry!.createdDate.getTime();
    const heldAt = created + DAY_MS;
    const resumedAt = entries.at(-1)!.createdDate.getTime();
    const before = workingMsBetween(calendar, created, heldAt);
    const expected = before >= 600 * MINUTE_MS ? addWorkingMs(calendar, created, 600 * MINUTE_MS) : addWorkingMs(calendar, resumedAt, 600 * MINUTE_MS - before);
    expect(resumed.resolutionDueAt).toBe(iso(expected));
  });

  it('keep a breached due time in the past, through resolving and reopening', async () => {
    const ticket = await create('URGENT');
    await backdate(ticket.id, 30);
    const created = (await statusEntries(ticket.id))[0]!.createdDate.getTime();
    const breachedAt = iso(addWorkingMs(calendar, created, 120 * MINUTE_MS));
    const moved = await move(ticket.id, 'IN_PROGRESS');
    expect(moved.resolutionDueAt).toBe(breachedAt);
    expect(Date.parse(moved.resolutionDueAt!)).toBeLessThan(Date.now());
    expect(moved.firstResponseDueAt).toBe(iso(addWorkingMs(calendar, created, 15 * MINUTE_MS)));
    for (const status of ['RESOLVED', 'ON_HOLD', 'IN_PROGRESS']) expect((await move(ticket.id, status)).resolutionDueAt).toBe(breachedAt);
  });

  it('are none without a rule that covers the ticket', async () => {
    await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: [{ priority: 'LOW', resolutionMinutes: 60 }] } });
    const ticket = await create('HIGH');
    expect(ticket.firstResponseDueAt).toBeNull();
    expect(ticket.resolutionDueAt).toBeNull();
  });
});

describe('GET /v1/tickets by SLA', () => {
  it('filters breached and due-soon tickets and sorts by resolution due time, tickets without one last', async () => {
    const [late, soon, later, none] = [await create(), await create(), await create(), await create()];
    const at = (ms: number) => new Date(Date.now() + ms);
    const set = (id: number, due: Date | null) => t.app.db.update(tickets).set({ resolutionDueAt: due }).where(eq(tickets.id, id));
    await set(late.id, at(-5 * 60_000));
    await set(soon.id, at(30 * 60_000));
    await set(later.id, at(3 * 3_600_000));
    await set(none.id, null);
    const ids = async (query: string) =>
      (await owner.request({ method: 'GET', url: `${API}/tickets?size=100&${query}` })).json<{ id: number }[]>().map((x) => x.id);
    const mine = [late.id, soon.id, later.id, none.id];

    const breached = await ids('sla=BREACHED');
    expect(breached).toContain(late.id);
    expect(breached.filter((id) => mine.includes(id))).toEqual([late.id]);
    const dueSoon = await ids('sla=DUE_SOON');
    expect(dueSoon.filter((id) => mine.includes(id))).toEqual([soon.id]);
    // Resolved, a ticket's clock has stopped: past its due time or near it, it is neither breached nor due soon.
    await t.app.db
      .update(tickets)
      .set({ status: 'RESOLVED' })
      .where(inArray(tickets.id, [late.id, soon.id]));
    expect((await ids('sla=BREACHED')).filter((id) => mine.includes(id))).toEqual([]);
    expect((await ids('sla=DUE_SOON')).filter((id) => mine.includes(id))).toEqual([]);
    const sorted = (await ids('sort=resolutionDueAt,asc')).filter((id) => mine.includes(id));
    expect(sorted).toEqual([late.id, soon.id, later.id, none.id]);
    const reversed = (await ids('sort=resolutionDueAt,desc')).filter((id) => mine.includes(id));
    expect(reversed).toEqual([later.id, soon.id, late.id, none.id]);
    expect((await owner.request({ method: 'GET', url: `${API}/tickets?sla=LATE` })).statusCode).toBe(400);
  });
});
