// The SLA report's facts, fixed by status changes: the first response's working minutes and whether
// it was late when a ticket first leaves NEW; when it was resolved, its clock's working minutes and
// whether they ran out when it is resolved or closed; none of those again once it is reopened. And
// a change of the rules or the calendar queues one recomputation a business, however many come.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS, workingMsBetween } from '@fieldops/shared/business-calendar';
import { elapsedWorkingMs } from '@fieldops/shared/sla-clock';
import type { TicketStatus } from '@fieldops/shared/enums';
import { rowsOf } from '../../../db/client.ts';
import { ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backdateTicket } from '../../../test/ticket-kit.ts';
import { createBusinessWithOwner, type Caller } from '../../../test/factories.ts';
import { businessCalendarOf } from '../../main/business-calendar/business-calendar.service.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;

const rowOf = async (id: number) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const statusesOf = async (id: number) =>
  (
    await t.app.db
      .select({ field: ticketHistory.field, newValue: ticketHistory.newValue, at: ticketHistory.createdDate })
      .from(ticketHistory)
      .where(and(eq(ticketHistory.ticketId, id)))
      .orderBy(asc(ticketHistory.id))
  )
    .filter((h) => h.field === 'CREATED' || h.field === 'STATUS')
    .map((h) => ({ status: (h.field === 'CREATED' ? 'NEW' : h.newValue) as TicketStatus, at: h.at }));
const calendar = () => businessCalendarOf(t.app.db, owner.business.id, 'Asia/Riyadh', new Date().getUTCFullYear() - 1, new Date().getUTCFullYear() + 1);

async function create(priority = 'MEDIUM') {
  const res = await owner.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Broken lift', description: 'Floor 3', priority } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function move(id: number, status: TicketStatus) {
  const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${id}/status/${status}?reason=checked` });
  expect(res.statusCode, res.body).toBe(200);
}
/** Moves the ticket's creation and its history so far back by `days`. */
const backdate = (id: number, days: number) => backdateTicket(t.app.db, id, days * 1440);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  await t.app.db.execute(sql`update businesses set time_zone = 'Asia/Riyadh' where id = ${owner.business.id}`);
  const rules = [
    { firstResponseMinutes: 60, resolutionMinutes: 600, warnPercent: 80 },
    { priority: 'LOW', resolutionMinutes: 600 },
  ];
  expect((await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules } })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the SLA facts of a ticket', () => {
  it('are the first response’s working minutes and lateness when it first leaves NEW, kept after', async () => {
    const late = await create();
    await backdate(late, 10);
    await move(late, 'ON_HOLD');
    const row = await rowOf(late);
    const [created] = await statusesOf(late);
    const minutes = Math.floor(workingMsBetween(await calendar(), created!.at, row.firstRespondedAt!) / MINUTE_MS);
    expect(minutes).toBeGreaterThan(60);
    expect(row.firstResponseMinutes).toBe(minutes);
    expect(row.firstResponseBreached).toBe(true);
    // Back to NEW and out again is no new first response.
    await move(late, 'NEW');
    await move(late, 'IN_PROGRESS');
    expect(await rowOf(late)).toMatchObject({ firstResponseMinutes: minutes, firstResponseBreached: true, firstRespondedAt: row.firstRespondedAt });

    const onTime = await create();
    await move(onTime, 'IN_PROGRESS');
    expect(await rowOf(onTime)).toMatchObject({ firstResponseMinutes: expect.any(Number), firstResponseBreached: false });
    // Without a first response target, the minutes are kept and lateness is unknown.
    const noTarget = await create('LOW');
    await move(noTarget, 'IN_PROGRESS');
    expect(await rowOf(noTarget)).toMatchObject({ firstResponseMinutes: expect.any(Number), firstResponseBreached: null });
  });

  it('are when it was resolved, its clock’s working minutes and whether they ran out; reopening clears them, resolving again sets them again', async () => {
    const id = await create();
    await move(id, 'IN_PROGRESS');
    await backdate(id, 10);
    await move(id, 'RESOLVED');
    const resolved = await rowOf(id);
    const elapsed = Math.floor(elapsedWorkingMs(await calendar(), await statusesOf(id), resolved.resolvedAt!) / MINUTE_MS);
    expect(elapsed).toBeGreaterThan(600);
    expect(resolved.resolvedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(resolved.resolutionMinutes).toBe(elapsed);
    expect(resolved.resolutionBreached).toBe(true);
    // A stopped clock warns of nothing, though its warning fell long ago.
    expect(resolved.resolutionWarnAt).toBeNull();
    // Resolved to closed: the clock stopped at the resolution and its facts stay.
    await move(id, 'CLOSED');
    expect(await rowOf(id)).toMatchObject({ resolvedAt: resolved.resolvedAt, resolutionMinutes: elapsed, resolutionBreached: true });

    const quick = await create();
    await move(quick, 'IN_PROGRESS');
    await move(quick, 'RESOLVED');
    expect(await rowOf(quick)).toMatchObject({ resolutionBreached: false, resolutionWarnAt: null });
    await move(quick, 'ON_HOLD');
    expect(await rowOf(quick)).toMatchObject({ resolvedAt: null, resolutionMinutes: null, resolutionBreached: null });
    await move(quick, 'RESOLVED');
    expect(await rowOf(quick)).toMatchObject({ resolvedAt: expect.any(Date), resolutionMinutes: expect.any(Number), resolutionBreached: false });
  });

  it('leave the warning instants to open clocks: none for an answered first response, none while held', async () => {
    const id = await create();
    const fresh = await rowOf(id);
    expect(fresh.firstResponseWarnAt).not.toBeNull();
    expect(fresh.resolutionWarnAt).not.toBeNull();
    expect(fresh.firstResponseWarnAt!.getTime()).toBeLessThan(fresh.firstResponseDueAt!.getTime());
    await move(id, 'ON_HOLD');
    expect(await rowOf(id)).toMatchObject({ firstResponseWarnAt: null, resolutionWarnAt: null, resolutionDueAt: null });
    await move(id, 'IN_PROGRESS');
    expect((await rowOf(id)).resolutionWarnAt).not.toBeNull();
  });
});

describe('recomputing due times', () => {
  it('is queued once a business however many changes come before it runs', async () => {
    const waiting = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'sla.recompute' and singleton_key = ${`b${owner.business.id}`} and state = 'created'`,
        ),
      )[0]!.n;
    const before = await waiting();
    expect(before).toBe(1);
    await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: [{ resolutionMinutes: 30 }] } });
    await owner.request({ method: 'POST', url: '/api/v1/business-calendar/holidays', payload: { date: '2031-03-03', nameEn: 'Day', nameAr: 'يوم' } });
    await owner.request({ method: 'PUT', url: '/api/v1/business-calendar/working-hours', payload: { countryCode: 'SA', week: Array(7).fill([]) } });
    expect(await waiting()).toBe(1);
  });

  it('is queued when the business moves to another time zone, and not for the same zone', async () => {
    const other = await createBusinessWithOwner(t.app);
    const waiting = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'sla.recompute' and singleton_key = ${`b${other.business.id}`} and state = 'created'`,
        ),
      )[0]!.n;
    const save = async (timeZone: string) => {
      const res = await other.request({
        method: 'PUT',
        url: `/api/v1/businesses/${other.business.id}`,
        payload: { name: 'Harbour Services', colour: '#1E88E5', timeZone },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const zone = (await other.request({ method: 'GET', url: `/api/v1/businesses/${other.business.id}` })).json<{ timeZone: string }>().timeZone;
    await save(zone);
    expect(await waiting()).toBe(0);
    await save(zone === 'Asia/Dubai' ? 'Asia/Riyadh' : 'Asia/Dubai');
    expect(await waiting()).toBe(1);
  });
});
