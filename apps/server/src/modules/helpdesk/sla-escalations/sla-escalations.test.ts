// SLA escalation on the real queue, with two instances working it: each warning and each breach is
// escalated once however many sweeps run at once, to the people it is for; a held ticket is not
// escalated and a reopened one is again; a breach may raise the priority. Sweeps are run as of a
// chosen moment (a calendar working all day, so working minutes are minutes), never by waiting.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@fieldops/shared/business-calendar';
import { events, notifications } from '../../../db/schema-platform.ts';
import { slaPolicies, ticketHistory, tickets, ticketSlaEscalations } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProjectAndSite, type Caller } from '../../../test/factories.ts';
import { retrySettings, sendJob } from '../../platform/queue/queue.ts';
import { sweepSlaEscalations } from './sla-escalations.service.ts';

const API = '/services/helpdesk/api/v1';
const ALL_DAY = Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]);
const RULES = [
  { firstResponseMinutes: 60, resolutionMinutes: 240, warnPercent: 50 },
  { priority: 'LOW', firstResponseMinutes: 60, resolutionMinutes: 240, warnPercent: 50, raisePriorityTo: 'HIGH' },
];

let t: TestApp;
let second: FastifyInstance;
let owner: Caller;
let admin: Caller;
let agent: Caller;
let supervisor: Caller;
let siteId: number;

const after = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE_MS);
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await settle(100);
  }
}

async function create(payload: Record<string, unknown>) {
  const res = await owner.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Leaking roof', description: 'Lobby', ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  return { id, created: new Date(res.json<{ createdDate: string }>().createdDate) };
}
const rowOf = async (id: number) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const kindsOf = async (id: number) =>
  (await t.app.db.select({ kind: ticketSlaEscalations.kind }).from(ticketSlaEscalations).where(eq(ticketSlaEscalations.ticketId, id)))
    .map((r) => r.kind)
    .sort();
const eventsOf = (id: number) =>
  t.app.db
    .select({ id: events.id, data: events.data, actorId: events.actorId })
    .from(events)
    .where(and(eq(events.kind, 'ticket.sla'), sql`(${events.data}->>'ticketId')::bigint = ${id}`))
    .orderBy(asc(events.id));
/** Who got a bell entry of `kind` for the ticket, once the fan-out has run. */
async function told(id: number, kind: string, expected: number) {
  const read = () =>
    t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, kind), eq(notifications.link, `/tickets/${id}`)));
  await until(async () => (await read()).length >= expected);
  await settle(300);
  return (await read()).map((r) => r.userId).sort((a, b) => a - b);
}
const ids = (...callers: Caller[]) => callers.map((c) => c.userId).sort((a, b) => a - b);
async function move(id: number, status: string) {
  const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${id}/status/${status}?reason=checked` });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  retrySettings.limit = 2;
  retrySettings.delaySeconds = 1;
  t = await createTestApp({ jobs: { work: true } });
  second = await t.secondInstance({ jobs: { work: true } });
  owner = await createBusinessWithOwner(t.app);
  admin = await addMember(t.app, owner, 'ADMIN');
  agent = await addMember(t.app, owner);
  const { site } = await createProjectAndSite(t.app, owner);
  siteId = site.id;
  supervisor = await addSupervisor(t.app, owner, [siteId]);
  const hours = await owner.request({ method: 'PUT', url: '/api/v1/business-calendar/working-hours', payload: { countryCode: null, week: ALL_DAY } });
  expect(hours.statusCode, hours.body).toBe(200);
  const rules = await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: RULES } });
  expect(rules.statusCode, rules.body).toBe(200);
}, 60_000);
afterAll(() => t?.close());

describe('SLA escalation', () => {
  it('stores the warning instants beside the due times', async () => {
    const { id, created } = await create({ agentId: agent.userId });
    const row = await rowOf(id);
    expect(row.firstResponseWarnAt).toEqual(after(created, 30));
    expect(row.firstResponseDueAt).toEqual(after(created, 60));
    expect(row.resolutionWarnAt).toEqual(after(created, 120));
    expect(row.resolutionDueAt).toEqual(after(created, 240));
  });

  it('warns the assignee once, and tells the assignee and the site supervisors of a breach once, whatever runs at once on two instances', async () => {
    const { id, created } = await create({ agentId: agent.userId, teamId: siteId });
    expect(await sweepSlaEscalations(t.app.db, after(created, 29))).toBe(0);
    expect(await kindsOf(id)).toEqual([]);

    await Promise.all([
      sweepSlaEscalations(t.app.db, after(created, 31)),
      sweepSlaEscalations(second.db, after(created, 31)),
      sweepSlaEscalations(t.app.db, after(created, 31)),
    ]);
    // The same sweep as jobs, taken by whichever instance.
    for (let i = 0; i < 3; i++) await sendJob(t.app.db, 'sla.sweep', { businessId: null, at: after(created, 32).toISOString() });
    expect(await told(id, 'ticketSlaWarning', 1)).toEqual(ids(agent));
    expect(await kindsOf(id)).toEqual(['FIRST_RESPONSE_WARNING']);

    await Promise.all([sweepSlaEscalations(t.app.db, after(created, 61)), sweepSlaEscalations(second.db, after(created, 61))]);
    for (let i = 0; i < 2; i++) await sendJob(second.db, 'sla.sweep', { businessId: null, at: after(created, 62).toISOString() });
    expect(await told(id, 'ticketSlaBreached', 2)).toEqual(ids(agent, supervisor));
    expect(await kindsOf(id)).toEqual(['FIRST_RESPONSE_BREACH', 'FIRST_RESPONSE_WARNING']);
    const made = await eventsOf(id);
    expect(made.map((e) => (e.data as { escalation: string }).escalation)).toEqual(['FIRST_RESPONSE_WARNING', 'FIRST_RESPONSE_BREACH']);
    expect(made.every((e) => e.actorId === null)).toBe(true);
    expect(await told(id, 'ticketSlaWarning', 1)).toEqual(ids(agent));
  }, 60_000);

  it("warns the site's overseers of a ticket without an assignee, and tells a business's owners and admins of a breach without a site", async () => {
    const atSite = await create({ teamId: siteId });
    const nowhere = await create({});
    expect((await rowOf(atSite.id)).agentId).toBeNull();
    await sweepSlaEscalations(t.app.db, after(atSite.created, 31));
    expect(await told(atSite.id, 'ticketSlaWarning', 3)).toEqual(ids(owner, admin, supervisor));
    await sweepSlaEscalations(t.app.db, after(nowhere.created, 61));
    expect(await told(nowhere.id, 'ticketSlaBreached', 2)).toEqual(ids(owner, admin));
  }, 60_000);

  it('escalates nothing of a ticket on hold, and resumes with its clock when it is reopened', async () => {
    const { id, created } = await create({ agentId: agent.userId });
    await move(id, 'ON_HOLD');
    const held = await rowOf(id);
    expect([held.firstResponseWarnAt, held.resolutionWarnAt, held.resolutionDueAt]).toEqual([null, null, null]);
    await sweepSlaEscalations(t.app.db, after(created, 600));
    expect(await kindsOf(id)).toEqual([]);

    await move(id, 'IN_PROGRESS');
    const resumed = await rowOf(id);
    expect(resumed.resolutionWarnAt).not.toBeNull();
    // The first response came with the hold: only the resolution's thresholds are left.
    expect(resumed.firstResponseWarnAt).toBeNull();
    await sweepSlaEscalations(t.app.db, new Date(resumed.resolutionWarnAt!.getTime() - 1000));
    expect(await kindsOf(id)).toEqual([]);
    await sweepSlaEscalations(t.app.db, resumed.resolutionWarnAt!);
    expect(await kindsOf(id)).toEqual(['RESOLUTION_WARNING']);
    expect(await told(id, 'ticketSlaWarning', 1)).toEqual(ids(agent));

    // Held after its time ran out, a ticket keeps its due time in the past and is not escalated
    // until its clock runs again.
    const late = await create({ agentId: agent.userId });
    await t.app.db.execute(sql`update ticket_history set created_date = created_date - interval '5 hours' where ticket_id = ${late.id}`);
    await move(late.id, 'ON_HOLD');
    expect((await rowOf(late.id)).resolutionDueAt).toEqual(new Date(late.created.getTime() - 60 * MINUTE_MS));
    await sweepSlaEscalations(t.app.db, new Date());
    expect(await kindsOf(late.id)).toEqual([]);
    await move(late.id, 'IN_PROGRESS');
    await sweepSlaEscalations(t.app.db, new Date());
    expect(await kindsOf(late.id)).toEqual(['RESOLUTION_BREACH', 'RESOLUTION_WARNING']);
    // Without a site, the business's owners and admins hear of the breach with the assignee.
    expect(await told(late.id, 'ticketSlaBreached', 3)).toEqual(ids(owner, admin, agent));
  }, 60_000);

  it('raises the priority on a breach as its rule says, once, with a history entry by no one, and tells only the breaches of a late sweep', async () => {
    const { id, created } = await create({ agentId: agent.userId, priority: 'LOW' });
    await Promise.all([sweepSlaEscalations(t.app.db, after(created, 241)), sweepSlaEscalations(second.db, after(created, 241))]);
    await sweepSlaEscalations(t.app.db, after(created, 300));
    expect(await kindsOf(id)).toEqual(['FIRST_RESPONSE_BREACH', 'FIRST_RESPONSE_WARNING', 'RESOLUTION_BREACH', 'RESOLUTION_WARNING']);
    const row = await rowOf(id);
    expect(row.priority).toBe('HIGH');
    // The rule for any priority now covers it: the same targets.
    expect(row.resolutionDueAt).toEqual(after(created, 240));
    const raised = await t.app.db
      .select()
      .from(ticketHistory)
      .where(and(eq(ticketHistory.ticketId, id), eq(ticketHistory.field, 'PRIORITY')));
    expect(raised.map((h) => [h.oldValue, h.newValue, h.actorId])).toEqual([['LOW', 'HIGH', null]]);
    const told_ = (await eventsOf(id)).map((e) => e.data as { escalation: string; raisedTo: string | null });
    expect(told_.map((d) => d.escalation).sort()).toEqual(['FIRST_RESPONSE_BREACH', 'RESOLUTION_BREACH']);
    expect(told_.map((d) => d.raisedTo)).toEqual(['HIGH', null]);
  }, 60_000);
});

describe('a raised priority', () => {
  it('never takes a breach back when the new priority has a longer target', async () => {
    const longer = [...RULES, { priority: 'HIGH', firstResponseMinutes: 600, resolutionMinutes: 900, warnPercent: 50 }];
    expect((await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: longer } })).statusCode).toBe(200);
    try {
      const { id, created } = await create({ agentId: agent.userId, priority: 'LOW' });
      await sweepSlaEscalations(t.app.db, after(created, 241));
      const row = await rowOf(id);
      expect(row.priority).toBe('HIGH');
      expect(row.resolutionDueAt).toEqual(after(created, 240));
      expect(row.firstResponseDueAt).toEqual(after(created, 60));
    } finally {
      await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: RULES } });
    }
  }, 60_000);
});

describe('recomputing due times', () => {
  it("follows a change of the SLA rules, for open tickets only, leaving the board's order", async () => {
    const open = await create({ agentId: agent.userId });
    const resolved = await create({ agentId: agent.userId });
    await move(resolved.id, 'IN_PROGRESS');
    await move(resolved.id, 'RESOLVED');
    const [openBefore, resolvedBefore] = [await rowOf(open.id), await rowOf(resolved.id)];
    const rules = RULES.map((r) => ({ ...r, firstResponseMinutes: 120, warnPercent: 25 }));
    expect((await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules } })).statusCode).toBe(200);
    await until(async () => (await rowOf(open.id)).firstResponseDueAt?.getTime() === after(open.created, 120).getTime());
    const row = await rowOf(open.id);
    expect(row.firstResponseWarnAt).toEqual(after(open.created, 30));
    expect(row.resolutionWarnAt).toEqual(after(open.created, 60));
    expect(row.updatedDate).toEqual(openBefore.updatedDate);
    expect(await rowOf(resolved.id)).toEqual(resolvedBefore);
  }, 60_000);

  it('follows a holiday added to the business calendar, and its removal', async () => {
    expect(
      (await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: [{ resolutionMinutes: 3 * 1440, warnPercent: 50 }] } })).statusCode,
    ).toBe(200);
    const { id, created } = await create({});
    await until(async () => (await rowOf(id)).resolutionDueAt?.getTime() === after(created, 3 * 1440).getTime());
    const tomorrow = new Date(created.getTime() + 1440 * MINUTE_MS).toISOString().slice(0, 10);
    const added = await owner.request({
      method: 'POST',
      url: '/api/v1/business-calendar/holidays',
      payload: { date: tomorrow, nameEn: 'Day off', nameAr: 'عطلة' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // The whole of tomorrow is no working time: everything due after it moves a day later.
    await until(async () => (await rowOf(id)).resolutionDueAt?.getTime() === after(created, 4 * 1440).getTime());
    expect((await rowOf(id)).resolutionWarnAt).toEqual(after(created, 1.5 * 1440 + 1440));
    const removed = await owner.request({ method: 'DELETE', url: `/api/v1/business-calendar/holidays/${added.json<{ id: number }>().id}` });
    expect(removed.statusCode).toBe(204);
    await until(async () => (await rowOf(id)).resolutionDueAt?.getTime() === after(created, 3 * 1440).getTime());
  }, 60_000);

  it("recomputes the changed business's tickets only", async () => {
    const other = await createBusinessWithOwner(t.app);
    // Written as is: saving through the API would queue the other business's own recomputation,
    // which could run after the stray due time below is set.
    await t.app.db.insert(slaPolicies).values({ businessId: other.business.id, resolutionMinutes: 100 });
    const theirs = (await other.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Door', description: 'x' } })).json<{ id: number }>();
    const mine = await create({});
    // A due time no rule gives, on both: the recompute puts back only the one of the business that changed.
    const stray = new Date('2030-01-01T00:00:00Z');
    await t.app.db
      .update(tickets)
      .set({ resolutionDueAt: stray })
      .where(inArray(tickets.id, [theirs.id, mine.id]));
    await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules: [{ resolutionMinutes: 5 }] } });
    await until(async () => (await rowOf(mine.id)).resolutionDueAt?.getTime() === after(mine.created, 5).getTime());
    await settle(1000);
    expect((await rowOf(theirs.id)).resolutionDueAt).toEqual(stray);
  }, 30_000);
});
