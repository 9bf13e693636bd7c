// GET /v1/tickets/{id}/sla: a ticket's SLA clock read now, on a business that works round the
// clock (so that working time is elapsed time): running while new or in progress, paused on
// hold with its time left kept, stopped when resolved; first response on time or late; nothing
// when no rule covers the ticket; another business's ticket is not found.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketClock } from '@fieldops/shared/ticket-clock';
import { businesses } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backdateTicket } from '../../../test/ticket-kit.ts';
import { createCast } from '../../../test/cast.ts';
import type { Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';
const MINUTE_MS = 60_000;
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map(() => [{ start: 0, end: 1440 }]);

let t: TestApp;
let owner: Caller;
let other: Caller;

async function create(priority: string): Promise<number> {
  const res = await owner.request({
    method: 'POST',
    url: `${API}/tickets`,
    payload: { title: 'Leak in the lobby', description: 'Water on the floor', priority },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function move(id: number, status: string) {
  const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${id}/status/${status}?reason=checked` });
  expect(res.statusCode, res.body).toBe(200);
}
async function clockOf(id: number, caller = owner): Promise<TicketClock> {
  const res = await caller.request({ method: 'GET', url: `${API}/tickets/${id}/sla` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Moves the ticket's creation and every change so far `minutes` back in time. */
const backdate = (id: number, minutes: number) => backdateTicket(t.app.db, id, minutes);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, other } = await createCast(t.app, { other: true }));
  await t.app.db.update(businesses).set({ timeZone: 'Asia/Riyadh' }).where(eq(businesses.id, owner.business.id));
  const hours = await owner.request({ method: 'PUT', url: '/api/v1/business-calendar/working-hours', payload: { countryCode: null, week: ALL_DAY } });
  expect(hours.statusCode, hours.body).toBe(200);
  const rules = [{ priority: 'URGENT', firstResponseMinutes: 15, resolutionMinutes: 120 }];
  expect((await owner.request({ method: 'PUT', url: `${API}/sla-policies`, payload: { rules } })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /v1/tickets/{id}/sla', () => {
  it('runs while new: the working time used and left, and the first response not yet late', async () => {
    const id = await create('URGENT');
    await backdate(id, 10);
    const clock = await clockOf(id);
    expect(clock.covered).toBe(true);
    expect(clock.firstResponse).toMatchObject({ targetMinutes: 15, respondedAt: null, breached: false });
    expect(clock.resolution).toMatchObject({ targetMinutes: 120, state: 'RUNNING', breached: false });
    expect(clock.resolution!.usedMinutes).toBeGreaterThanOrEqual(9);
    expect(clock.resolution!.usedMinutes).toBeLessThanOrEqual(10);
    expect(clock.resolution!.usedMinutes + clock.resolution!.leftMinutes).toBeGreaterThanOrEqual(120);
    expect(clock.resolution!.usedMinutes + clock.resolution!.leftMinutes).toBeLessThanOrEqual(121);
    expect(Date.parse(clock.resolution!.dueAt!)).toBeGreaterThan(Date.now() + 100 * MINUTE_MS);
  });

  it('pauses on hold, keeping the time left and no due time; a late first response is marked', async () => {
    const id = await create('URGENT');
    await backdate(id, 40);
    await move(id, 'ON_HOLD');
    const held = await clockOf(id);
    expect(held.firstResponse).toMatchObject({ breached: true });
    expect(held.firstResponse!.respondedAt).not.toBeNull();
    expect(held.resolution).toMatchObject({ state: 'PAUSED', dueAt: null, breached: false });
    const left = held.resolution!.leftMinutes;
    expect(left).toBeGreaterThanOrEqual(79);
    expect(left).toBeLessThanOrEqual(81);
    // An hour on hold uses none of it.
    await backdate(id, 60);
    expect((await clockOf(id)).resolution).toMatchObject({ state: 'PAUSED', leftMinutes: left });
    await move(id, 'IN_PROGRESS');
    expect((await clockOf(id)).resolution).toMatchObject({ state: 'RUNNING' });
  });

  it('stops when resolved, and is breached once the target is used', async () => {
    const id = await create('URGENT');
    await backdate(id, 150);
    const late = await clockOf(id);
    expect(late.resolution).toMatchObject({ state: 'RUNNING', breached: true });
    expect(late.resolution!.leftMinutes).toBeLessThan(0);
    await move(id, 'IN_PROGRESS');
    await move(id, 'RESOLVED');
    expect((await clockOf(id)).resolution).toMatchObject({ state: 'STOPPED', breached: true });
  });

  it('says a ticket no rule covers has no clock, and hides another business ticket', async () => {
    const id = await create('LOW');
    expect(await clockOf(id)).toEqual({ covered: false, firstResponse: null, resolution: null });
    const res = await other.request({ method: 'GET', url: `${API}/tickets/${id}/sla` });
    expect(res.statusCode).toBe(404);
  });
});
