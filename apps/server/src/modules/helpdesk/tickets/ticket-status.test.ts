import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketStatus } from '@fieldops/shared/enums';
import { canTransition } from '@fieldops/shared/helpdesk';
import { ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addSupervisor, createProject, createSite, createTicket, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';

// Spec §4, written out by hand: RESOLVED to NEW or IN_PROGRESS, anything from CLOSED, NEW to
// CLOSED or RESOLVED and IN_PROGRESS to NEW or CLOSED are forbidden; staying put is no move.
const ALLOWED: Record<TicketStatus, Record<TicketStatus, boolean>> = {
  NEW: { NEW: false, IN_PROGRESS: true, ON_HOLD: true, RESOLVED: false, CLOSED: false },
  IN_PROGRESS: { NEW: false, IN_PROGRESS: false, ON_HOLD: true, RESOLVED: true, CLOSED: false },
  ON_HOLD: { NEW: true, IN_PROGRESS: true, ON_HOLD: false, RESOLVED: true, CLOSED: true },
  RESOLVED: { NEW: false, IN_PROGRESS: false, ON_HOLD: true, RESOLVED: false, CLOSED: true },
  CLOSED: { NEW: false, IN_PROGRESS: false, ON_HOLD: false, RESOLVED: false, CLOSED: false },
};
const STATUSES = Object.keys(ALLOWED) as TicketStatus[];

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;

const rowOf = async (id: number) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const historyOf = (id: number) => t.app.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, id));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
});
afterAll(() => t.close());

describe('PUT /v1/tickets/{id}/status/{status}', () => {
  it('has a hand-written matrix that agrees with canTransition for all 25 pairs', () => {
    for (const from of STATUSES) for (const to of STATUSES) expect(canTransition(from, to), `${from} → ${to}`).toBe(ALLOWED[from][to]);
  });

  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const allowed = ALLOWED[from][to];
      it(`${allowed ? 'moves' : 'refuses'} ${from} → ${to}`, async () => {
        // Last changed a minute ago, so a change now is later whatever the clock's resolution.
        const ticket = await createTicket(t.app, owner, { status: from, updatedDate: new Date(Date.now() - 60_000) });
        const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}/status/${to}?reason=checked%20on%20site` });
        const row = await rowOf(ticket.id);
        if (allowed) {
          expect(res.statusCode).toBe(200);
          expect(res.json()).toMatchObject({ id: ticket.id, status: to, reason: 'checked on site' });
          expect(row.status).toBe(to);
          expect(row.updatedDate.getTime()).toBeGreaterThan(ticket.updatedDate.getTime());
          expect(await historyOf(ticket.id)).toEqual([
            expect.objectContaining({ field: 'STATUS', oldValue: from, newValue: to, reason: 'checked on site', actorId: owner.userId }),
          ]);
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toBe('Unavailable status Transition');
          expect(row).toMatchObject({ status: from, reason: null });
          expect(await historyOf(ticket.id)).toEqual([]);
        }
      });
    }
  }

  it('requires a reason: missing or blank answers 400 naming reason, and nothing changes', async () => {
    const ticket = await createTicket(t.app, owner);
    for (const query of ['', '?reason=', '?reason=%20%20%20']) {
      const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}/status/IN_PROGRESS${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('Reason is required');
      expect(res.json().fieldErrors).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    }
    const long = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}/status/IN_PROGRESS?reason=${'x'.repeat(1001)}` });
    expect(long.statusCode).toBe(400);
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'NEW', reason: null });
    expect(await historyOf(ticket.id)).toEqual([]);
  });

  it('refuses an unknown status and a bad id with 400', async () => {
    const ticket = await createTicket(t.app, owner);
    const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}/status/OPEN?reason=x` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].field).toBe('status');
    expect((await owner.request({ method: 'PUT', url: `${API}/tickets/x/status/OPEN?reason=x` })).statusCode).toBe(400);
  });

  it('trims the reason it keeps', async () => {
    const ticket = await createTicket(t.app, owner);
    const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}/status/ON_HOLD?reason=%20waiting%20for%20parts%20` });
    expect(res.json().reason).toBe('waiting for parts');
  });

  it('is refused to a member, even on their own ticket, and to a supervisor outside their sites', async () => {
    const mine = await createTicket(t.app, member, { agentId: member.userId });
    const res = await member.request({ method: 'PUT', url: `${API}/tickets/${mine.id}/status/IN_PROGRESS?reason=started` });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(mine.id)).status).toBe('NEW');

    const project = await createProject(t.app, owner);
    const [a, b] = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
    const supervisor = await addSupervisor(t.app, owner, [a.id]);
    const inA = await createTicket(t.app, owner, { projectId: project.id, teamId: a.id });
    const inB = await createTicket(t.app, owner, { projectId: project.id, teamId: b.id });
    expect((await supervisor.request({ method: 'PUT', url: `${API}/tickets/${inA.id}/status/IN_PROGRESS?reason=on%20it` })).statusCode).toBe(200);
    expect((await supervisor.request({ method: 'PUT', url: `${API}/tickets/${inB.id}/status/IN_PROGRESS?reason=on%20it` })).statusCode).toBe(404);
    expect((await rowOf(inB.id)).status).toBe('NEW');
  });

  it("answers 404 for another business's ticket and leaves it alone", async () => {
    const theirs = await createTicket(t.app, other);
    const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${theirs.id}/status/IN_PROGRESS?reason=mine%20now` });
    expect(res.statusCode).toBe(404);
    expect((await rowOf(theirs.id)).status).toBe('NEW');
    expect(await historyOf(theirs.id)).toEqual([]);
  });
});
