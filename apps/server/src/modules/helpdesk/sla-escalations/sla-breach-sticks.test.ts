// A breach the escalation sweep recorded stays a breach: the rules made longer afterwards, the due
// times recomputed by them or by a change of priority, and then the first response and the
// resolution, still show it on the ticket's due times and count it in its facts and the SLA report. A ticket just as late whose breach was never recorded
// is judged by the rules in force when its response or resolution comes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SlaReport } from '@fieldops/shared/sla-report';
import { tickets, ticketSlaEscalations } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backdateTicket } from '../../../test/ticket-kit.ts';
import { createBusinessWithOwner, type Caller } from '../../../test/factories.ts';
import { recomputeSlaTimes } from '../sla-policies/sla-recompute.ts';
import { sweepSlaEscalations } from './sla-escalations.service.ts';

const API = '/services/helpdesk/api/v1';
const ALL_DAY = Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]);

let t: TestApp;
let owner: Caller;

const rowOf = async (id: number) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const kindsOf = async (id: number) =>
  (await t.app.db.select({ kind: ticketSlaEscalations.kind }).from(ticketSlaEscalations).where(eq(ticketSlaEscalations.ticketId, id)))
    .map((r) => r.kind)
    .sort();
async function setRules(rules: Record<string, unknown>[]) {
  const res = await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules } });
  expect(res.statusCode, res.body).toBe(200);
}
async function create() {
  const res = await owner.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Leaking roof', description: 'Lobby' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function move(id: number, status: string) {
  const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${id}/status/${status}?reason=checked` });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  const hours = await owner.request({ method: 'PUT', url: '/api/v1/business-calendar/working-hours', payload: { countryCode: null, week: ALL_DAY } });
  expect(hours.statusCode, hours.body).toBe(200);
  await setRules([{ firstResponseMinutes: 60, resolutionMinutes: 240 }]);
}, 60_000);
afterAll(() => t?.close());

it('keeps a recorded breach of the first response and of the resolution after the rules grow longer and the due times are recomputed', async () => {
  const businessId = owner.business.id;
  // Five hours old and never answered: both targets are behind it, and the sweep records both.
  const swept = await create();
  await backdateTicket(t.app.db, swept, 300);
  await recomputeSlaTimes(t.app.db, businessId);
  await sweepSlaEscalations(t.app.db);
  expect(await kindsOf(swept)).toEqual(['FIRST_RESPONSE_BREACH', 'RESOLUTION_BREACH']);
  // Just as late, but no sweep has seen it.
  const unswept = await create();
  await backdateTicket(t.app.db, unswept, 300);

  // The rules now allow far longer: the recomputation moves the unswept ticket's due times out,
  // and leaves the swept one's where they were breached, so the board still shows it breached.
  const breachedAt = await rowOf(swept);
  await setRules([{ firstResponseMinutes: 100_000, resolutionMinutes: 100_000 }]);
  await recomputeSlaTimes(t.app.db, businessId);
  expect((await rowOf(unswept)).firstResponseDueAt!.getTime()).toBeGreaterThan(Date.now());
  expect((await rowOf(unswept)).resolutionDueAt!.getTime()).toBeGreaterThan(Date.now());
  const kept = { firstResponseDueAt: breachedAt.firstResponseDueAt, resolutionDueAt: breachedAt.resolutionDueAt };
  expect(await rowOf(swept)).toMatchObject({ ...kept, firstResponseWarnAt: null, resolutionWarnAt: null });
  expect(breachedAt.resolutionDueAt!.getTime()).toBeLessThan(Date.now());
  // So does a change of its priority by hand, which would put it under the same longer rule.
  const raised = await owner.request({ method: 'PUT', url: `${API}/tickets/${swept}`, payload: { priority: 'URGENT' } });
  expect(raised.statusCode, raised.body).toBe(200);
  expect(await rowOf(swept)).toMatchObject(kept);

  for (const id of [swept, unswept]) await move(id, 'IN_PROGRESS');
  expect(await rowOf(swept)).toMatchObject({ resolutionDueAt: breachedAt.resolutionDueAt });
  expect(await rowOf(swept)).toMatchObject({ firstResponseBreached: true });
  expect(await rowOf(unswept)).toMatchObject({ firstResponseBreached: false });
  for (const id of [swept, unswept]) await move(id, 'RESOLVED');
  expect(await rowOf(swept)).toMatchObject({ firstResponseBreached: true, resolutionBreached: true });
  expect(await rowOf(unswept)).toMatchObject({ firstResponseBreached: false, resolutionBreached: false });
  // Reopened and resolved again, the recorded breach is still one.
  await move(swept, 'ON_HOLD');
  expect(await rowOf(swept)).toMatchObject({ resolvedAt: null, resolutionBreached: null });
  await move(swept, 'RESOLVED');
  expect(await rowOf(swept)).toMatchObject({ firstResponseBreached: true, resolutionBreached: true });

  const res = await owner.request({ method: 'GET', url: `${API}/report/sla` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<SlaReport>().totals).toMatchObject({
    created: 2,
    resolved: 2,
    firstResponseBreached: 1,
    firstResponseMet: 1,
    resolutionBreached: 1,
    resolutionMet: 1,
    breaches: 2,
  });
}, 60_000);
