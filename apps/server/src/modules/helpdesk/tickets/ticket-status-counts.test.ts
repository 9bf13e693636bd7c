// The board's counters and its columns' totals read ticket_status_counts and the changes the
// triggers on tickets add (drizzle/0047, 0049), which a job folds into it. Whatever is written to
// tickets (many rows in one statement or one at a time, status, project and site changes, a site or
// project deleted, a ticket deleted, a bulk change through the API), the counts equal the tickets
// counted one by one, folded or not, and the endpoints answer what counting would.
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { rowsOf } from '../../../db/client.ts';
import { businesses, projects, teams } from '../../../db/schema.ts';
import { tickets, ticketStatusCountChanges, ticketStatusCounts } from '../../../db/schema-helpdesk.ts';
import { createCast } from '../../../test/cast.ts';
import { addSupervisor, createProject, createSite, createTicket, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { foldTicketCounts } from './ticket-counts.service.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, other } = await createCast(t.app, { other: true }));
  await createTicket(t.app, other, { status: 'NEW' });
});
afterAll(() => t.close());

type Key = string;
const keyOf = (projectId: number, teamId: number, status: string): Key => `${projectId}/${teamId}/${status}`;

/** The business's tickets counted one by one, by project, site and status (0: none). */
async function counted(businessId: number): Promise<Map<Key, number>> {
  const rows = rowsOf<{ project_id: string; team_id: string; status: string; n: string }>(
    await t.app.db.execute(sql`
      select coalesce(project_id, 0) as project_id, coalesce(team_id, 0) as team_id, status, count(*) as n
      from tickets where business_id = ${businessId} group by 1, 2, 3`),
  );
  return new Map(rows.map((r) => [keyOf(Number(r.project_id), Number(r.team_id), r.status), Number(r.n)]));
}

/** What ticket_status_counts holds for the business once the changes are folded in, rows at zero left out. */
async function kept(businessId: number): Promise<Map<Key, number>> {
  await foldTicketCounts(t.app.db);
  expect(await t.app.db.select().from(ticketStatusCountChanges)).toEqual([]);
  const rows = await t.app.db.select().from(ticketStatusCounts).where(eq(ticketStatusCounts.businessId, businessId));
  return new Map(rows.filter((r) => r.tickets !== 0).map((r) => [keyOf(r.projectId, r.teamId, r.status), r.tickets]));
}

const statusArb = fc.constantFrom(...TICKET_STATUSES);

describe('ticket_status_counts', () => {
  it('equals the tickets counted one by one after any mix of writes', async () => {
    const project = await createProject(t.app, owner);
    const siblings = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
    const elsewhere = await createProject(t.app, owner);
    const far = await createSite(t.app, owner, elsewhere.id);
    const places: { projectId: number | null; teamId: number | null }[] = [
      { projectId: null, teamId: null },
      { projectId: project.id, teamId: null },
      ...siblings.map((s) => ({ projectId: project.id, teamId: s.id })),
      { projectId: elsewhere.id, teamId: far.id },
    ];
    const placeArb = fc.constantFrom(...places);
    const write = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), rows: fc.array(fc.tuple(placeArb, statusArb), { minLength: 1, maxLength: 6 }) }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 4 }), status: statusArb }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), place: placeArb }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        for (const w of writes) {
          const ids = (await t.app.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.businessId, owner.business.id))).map((r) => r.id);
          const chosen = (pick: number, n: number) => ids.slice(pick % Math.max(ids.length, 1), (pick % Math.max(ids.length, 1)) + n);
          if (w.kind === 'insert') {
            // One statement for all of them.
            await t.app.db
              .insert(tickets)
              .values(w.rows.map(([place, status]) => ({ businessId: owner.business.id, title: 'Leak', description: 'Drips', status, ...place })));
          } else if (w.kind === 'status' && ids.length > 0) {
            await t.app.db
              .update(tickets)
              .set({ status: w.status })
              .where(inArray(tickets.id, chosen(w.pick, w.count)));
          } else if (w.kind === 'move' && ids.length > 0) {
            await t.app.db
              .update(tickets)
              .set(w.place)
              .where(inArray(tickets.id, chosen(w.pick, 1)));
          } else if (w.kind === 'delete' && ids.length > 0) {
            await t.app.db.delete(tickets).where(inArray(tickets.id, chosen(w.pick, 1)));
          }
        }
        expect(await kept(owner.business.id)).toEqual(await counted(owner.business.id));
      }),
      { numRuns: 25 },
    );

    // A deleted site leaves its tickets without one, a deleted project without a project.
    await t.app.db.delete(teams).where(eq(teams.id, siblings[0]!.id));
    await t.app.db.delete(teams).where(eq(teams.id, far.id));
    await t.app.db.delete(projects).where(eq(projects.id, elsewhere.id));
    expect(await kept(owner.business.id)).toEqual(await counted(owner.business.id));
    // The other business's ticket is counted for it alone.
    expect(await kept(other.business.id)).toEqual(new Map([[keyOf(0, 0, 'NEW'), 1]]));
  });

  it('follows a bulk status change through the API, and the counters and column totals answer as counting does', async () => {
    const project = await createProject(t.app, owner);
    const site = await createSite(t.app, owner, project.id);
    const made = await Promise.all(Array.from({ length: 5 }, () => createTicket(t.app, owner, { status: 'NEW', projectId: project.id, teamId: site.id })));
    const res = await owner.request({
      method: 'POST',
      url: `${API}/tickets/bulk`,
      payload: { ticketIds: made.slice(0, 3).map((m) => m.id), change: { status: 'IN_PROGRESS', reason: 'On it now' } },
    });
    expect(res.json<{ applied: number[] }>().applied, res.body).toHaveLength(3);
    // Nothing folded yet: the changes are read beside the counts.
    expect((await t.app.db.select().from(ticketStatusCountChanges)).length).toBeGreaterThan(0);

    const truth = async (where: { projectId?: number; teamId?: number }) => {
      const rows = await t.app.db
        .select({ status: tickets.status })
        .from(tickets)
        .where(
          and(
            eq(tickets.businessId, owner.business.id),
            where.projectId ? eq(tickets.projectId, where.projectId) : undefined,
            where.teamId ? eq(tickets.teamId, where.teamId) : undefined,
          ),
        );
      return Object.fromEntries(TICKET_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length])) as Record<TicketStatus, number>;
    };
    for (const filter of [{}, { projectId: project.id }, { teamId: site.id }]) {
      const query = new URLSearchParams(Object.entries(filter).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const expected = await truth(filter);
      expect((await owner.request({ method: 'GET', url: `${API}/tickets/counts?${query}` })).json()).toEqual(expected);
      for (const status of TICKET_STATUSES) {
        const list = await owner.request({ method: 'GET', url: `${API}/tickets?ticketStatus=${status}&size=1&${query}` });
        expect(Number(list.headers[TOTAL_COUNT_HEADER.toLowerCase()]), `${status} ${query}`).toBe(expected[status]);
      }
    }
    expect((await truth({ teamId: site.id })).IN_PROGRESS).toBe(3);
    // Folded, the same answers.
    expect(await kept(owner.business.id)).toEqual(await counted(owner.business.id));
    expect((await owner.request({ method: 'GET', url: `${API}/tickets/counts?teamId=${site.id}` })).json()).toEqual(await truth({ teamId: site.id }));

    // A supervisor's view is narrower than the business: counted one by one, their sites' tickets only.
    const supervisor = await addSupervisor(t.app, owner, [site.id]);
    expect((await supervisor.request({ method: 'GET', url: `${API}/tickets/counts` })).json()).toEqual(await truth({ teamId: site.id }));
  });

  it('goes with its business', async () => {
    const { owner: leaving } = await createCast(t.app, {});
    await createTicket(t.app, leaving, { status: 'ON_HOLD' });
    expect((await kept(leaving.business.id)).size).toBe(1);
    await t.app.db.delete(businesses).where(eq(businesses.id, leaving.business.id));
    expect((await kept(leaving.business.id)).size).toBe(0);
  });
});
