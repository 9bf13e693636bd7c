// The SLA report's numbers on a small hand-made set of tickets in Riyadh (UTC+3, so a local day
// is not a UTC day): shares met, medians, the four groupings, the range and its time-zone edges,
// the breaches list, who sees what, and another business's tickets never counted.
//
// Tickets are created through the API; their SLA facts (when created, responded and resolved,
// working minutes, breached or not) are then written to their columns, as the status flow that
// fills them is not what is tested here.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlaGroup, SlaReport } from '@fieldops/shared/sla-report';
import { businesses } from '../../../db/schema.ts';
import { tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, addSupervisor, createProject, createSite, placeInSite, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';
const ZONE = 'Asia/Riyadh';
/** A wall-clock time in Riyadh ("2024-03-31T23:59") as an instant. */
const riyadh = (local: string) => new Date(`${local}:00+03:00`);
const MARCH = 'startDate=2024-03-01&endDate=2024-03-31';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let ids: Record<string, number>;
let place: { project: number; site1: number; site2: number; catA: number; catB: number };

interface Facts {
  created: string;
  responded?: string;
  frDue?: string;
  frMinutes?: number | null;
  frBreached?: boolean | null;
  resolved?: string;
  resDue?: string;
  resMinutes?: number | null;
  resBreached?: boolean | null;
}

async function ticket(caller: Caller, body: Record<string, unknown>, facts: Facts) {
  const res = await caller.request({ method: 'POST', url: `${API}/tickets`, payload: { title: `T ${Math.random()}`, description: 'Leak', ...body } });
  expect(res.statusCode).toBe(201);
  const { id } = res.json<{ id: number }>();
  const at = (local: string | undefined) => (local === undefined ? null : riyadh(local));
  await t.app.db
    .update(tickets)
    .set({
      createdDate: riyadh(facts.created),
      status: facts.resolved ? 'RESOLVED' : facts.responded ? 'IN_PROGRESS' : 'NEW',
      firstRespondedAt: at(facts.responded),
      firstResponseDueAt: at(facts.frDue),
      firstResponseMinutes: facts.frMinutes ?? null,
      firstResponseBreached: facts.frBreached ?? null,
      resolvedAt: at(facts.resolved),
      resolutionDueAt: at(facts.resDue),
      resolutionMinutes: facts.resMinutes ?? null,
      resolutionBreached: facts.resBreached ?? null,
    })
    .where(eq(tickets.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  for (const business of [owner.business.id, other.business.id]) await t.app.db.update(businesses).set({ timeZone: ZONE }).where(eq(businesses.id, business));
  const project = await createProject(t.app, owner);
  const [site1, site2] = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
  const category = async (nameEn: string, nameAr: string) =>
    (await owner.request({ method: 'POST', url: `${API}/ticket-categories`, payload: { nameEn, nameAr } })).json<{ id: number }>().id;
  place = { project: project.id, site1: site1.id, site2: site2.id, catA: await category('Plumbing', 'سباكة'), catB: await category('Power', 'كهرباء') };
  supervisor = await addSupervisor(t.app, owner, [site2.id]);
  await placeInSite(t.app, owner, site1.id, member.userId);
  const a = { categoryId: place.catA, priority: 'HIGH', teamId: site1.id };
  ids = {
    // Just after midnight of 1 March in Riyadh: still 29 February in UTC.
    t1: await ticket(
      owner,
      { ...a, agentId: member.userId },
      {
        created: '2024-03-01T00:10',
        responded: '2024-03-01T00:40',
        frMinutes: 30,
        frBreached: false,
        resolved: '2024-03-02T10:00',
        resMinutes: 120,
        resBreached: false,
      },
    ),
    t2: await ticket(
      owner,
      { ...a, agentId: member.userId },
      {
        created: '2024-03-05T09:00',
        frDue: '2024-03-05T10:00',
        responded: '2024-03-05T10:30',
        frMinutes: 90,
        frBreached: true,
        resDue: '2024-03-06T08:00',
        resolved: '2024-03-06T09:00',
        resMinutes: 600,
        resBreached: true,
      },
    ),
    t3: await ticket(
      owner,
      { categoryId: place.catB, priority: 'LOW', teamId: site2.id },
      { created: '2024-03-10T12:00', responded: '2024-03-10T12:10', frMinutes: 10, frBreached: false },
    ),
    // Created a minute before March in Riyadh, resolved in it: counts for the resolution only.
    t4: await ticket(
      owner,
      { categoryId: place.catB, priority: 'LOW' },
      {
        created: '2024-02-29T23:59',
        responded: '2024-03-01T02:00',
        frMinutes: 121,
        frBreached: true,
        resolved: '2024-03-03T12:00',
        resMinutes: 300,
        resBreached: false,
      },
    ),
    // The last minute of March; no first-response target, so in the median but in no share.
    t5: await ticket(
      owner,
      { categoryId: place.catA, priority: 'HIGH', teamId: site2.id },
      { created: '2024-03-31T23:59', responded: '2024-04-01T00:19', frMinutes: 20, frBreached: null },
    ),
    // Midnight starting April: out of the range.
    t6: await ticket(owner, a, { created: '2024-04-01T00:00', responded: '2024-04-01T05:00', frMinutes: 300, frBreached: true }),
    // Created in March, resolved in April: counts for the first response only.
    t7: await ticket(
      owner,
      { ...a, priority: 'MEDIUM' },
      {
        created: '2024-03-15T08:00',
        responded: '2024-03-15T08:40',
        frMinutes: 40,
        frBreached: false,
        resolved: '2024-04-01T00:30',
        resMinutes: 5000,
        resBreached: true,
      },
    ),
  };
  // Another business's March tickets, breached: never in this business's report.
  const theirs = await createSite(t.app, other, (await createProject(t.app, other)).id);
  await ticket(
    other,
    { teamId: theirs.id },
    {
      created: '2024-03-10T10:00',
      responded: '2024-03-10T20:00',
      frDue: '2024-03-10T11:00',
      frMinutes: 600,
      frBreached: true,
      resolved: '2024-03-11T10:00',
      resMinutes: 900,
      resBreached: true,
    },
  );
});
afterAll(() => t.close());

const report = async (caller: Caller, query = MARCH) => {
  const res = await caller.request({ method: 'GET', url: `${API}/report/sla?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SlaReport>();
};
const pick = (groups: SlaGroup[], match: Partial<SlaGroup>) => {
  const found = groups.find((g) => Object.entries(match).every(([k, v]) => g[k as keyof SlaGroup] === v));
  if (!found) throw new Error(`no group ${JSON.stringify(match)} in ${JSON.stringify(groups)}`);
  return found;
};

describe('the SLA report', () => {
  it('counts first responses of the tickets created in the range and resolutions of those resolved in it, in the time zone', async () => {
    const r = await report(owner);
    expect(r).toMatchObject({ startDate: '2024-03-01', endDate: '2024-03-31', timeZone: ZONE });
    expect(r.totals).toEqual({
      created: 5,
      resolved: 3,
      firstResponseMet: 3,
      firstResponseBreached: 1,
      firstResponseMetPercent: 75,
      resolutionMet: 2,
      resolutionBreached: 1,
      resolutionMetPercent: 66.7,
      // 10, 20, 30, 40, 90 and 120, 300, 600
      medianFirstResponseMinutes: 30,
      medianResolutionMinutes: 300,
      breaches: 2,
    });
    expect(r.breachesTotal).toBe(2);
  });

  it('groups by category, priority, site and project, with the tickets without one apart', async () => {
    const r = await report(owner);
    expect(pick(r.byCategory, { id: place.catA })).toMatchObject({
      nameEn: 'Plumbing',
      nameAr: 'سباكة',
      created: 4,
      resolved: 2,
      firstResponseMetPercent: 66.7,
      resolutionMetPercent: 50,
      // 20, 30, 40, 90: between the middle two.
      medianFirstResponseMinutes: 35,
      medianResolutionMinutes: 360,
      breaches: 2,
    });
    expect(pick(r.byCategory, { id: place.catB })).toMatchObject({
      created: 1,
      resolved: 1,
      firstResponseMetPercent: 100,
      resolutionMetPercent: 100,
      breaches: 0,
    });
    expect(r.byCategory).toHaveLength(2);
    expect(r.byPriority.map((g) => g.priority)).toEqual(['HIGH', 'MEDIUM', 'LOW']);
    expect(pick(r.byPriority, { priority: 'HIGH' })).toMatchObject({ created: 3, resolved: 2, medianFirstResponseMinutes: 30, firstResponseMetPercent: 50 });
    expect(pick(r.byPriority, { priority: 'MEDIUM' })).toMatchObject({ created: 1, resolved: 0, medianResolutionMinutes: null, resolutionMetPercent: null });
    expect(pick(r.bySite, { id: place.site1 })).toMatchObject({ created: 3, resolved: 2, breaches: 2 });
    expect(pick(r.bySite, { id: place.site2 })).toMatchObject({ created: 2, resolved: 0, medianFirstResponseMinutes: 15 });
    expect(r.bySite.at(-1)).toMatchObject({ id: null, name: null, created: 0, resolved: 1 });
    expect(pick(r.byProject, { id: place.project })).toMatchObject({ created: 5, resolved: 2 });
    expect(r.byProject.at(-1)).toMatchObject({ id: null, resolved: 1 });
  });

  it('lists the breaches newest first, with the target, how late, the category, the site and the assignee', async () => {
    const r = await report(owner);
    expect(r.breaches.map((b) => [b.ticketId, b.target, b.lateMinutes])).toEqual([
      [ids.t2, 'RESOLUTION', 60],
      [ids.t2, 'FIRST_RESPONSE', 30],
    ]);
    expect(r.breaches[0]).toMatchObject({
      category: { id: place.catA, nameEn: 'Plumbing', nameAr: 'سباكة' },
      site: { id: place.site1 },
      project: { id: place.project },
      assignee: { id: member.userId },
      metAt: riyadh('2024-03-06T09:00').toISOString(),
    });
  });

  it('takes local days: one day, the edges of the month, and the sites asked for', async () => {
    const day = await report(owner, 'startDate=2024-03-05&endDate=2024-03-06');
    expect(day.totals).toMatchObject({ created: 1, resolved: 1, breaches: 2, medianFirstResponseMinutes: 90 });
    // 29 February in Riyadh holds only t4's creation; 1 April t6's creation and t7's resolution.
    expect((await report(owner, 'startDate=2024-02-29&endDate=2024-02-29')).totals).toMatchObject({ created: 1, resolved: 0, firstResponseBreached: 1 });
    expect((await report(owner, 'startDate=2024-04-01&endDate=2024-04-01')).totals).toMatchObject({ created: 1, resolved: 1, breaches: 2 });
    expect((await report(owner, 'startDate=2024-03-01&endDate=2024-03-01')).totals).toMatchObject({ created: 1, resolved: 0 });
    const site2 = await report(owner, `${MARCH}&teams=${place.site2}`);
    expect(site2.totals).toMatchObject({ created: 2, resolved: 0, medianFirstResponseMinutes: 15 });
    expect(site2.bySite.map((g) => g.id)).toEqual([place.site2]);
    expect((await report(owner, `${MARCH}&projects=${place.project}`)).totals).toMatchObject({ created: 5, resolved: 2 });
  });

  it('is empty, not failing, for a range without tickets', async () => {
    const r = await report(owner, 'startDate=2023-01-01&endDate=2023-01-31');
    expect(r.totals).toMatchObject({ created: 0, resolved: 0, firstResponseMetPercent: null, medianResolutionMinutes: null });
    expect([r.byCategory, r.byPriority, r.bySite, r.byProject, r.breaches]).toEqual([[], [], [], [], []]);
  });
});

describe('who sees the SLA report', () => {
  it('an admin sees what the owner sees', async () => {
    expect(await report(admin)).toEqual(await report(owner));
  });

  it("a supervisor sees their sites' tickets only", async () => {
    const r = await report(supervisor);
    expect(r.totals).toMatchObject({ created: 2, resolved: 0, breaches: 0 });
    expect(r.bySite.map((g) => g.id)).toEqual([place.site2]);
  });

  it('a plain member has no SLA report', async () => {
    const res = await member.request({ method: 'GET', url: `${API}/report/sla?${MARCH}` });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it("another business's tickets are never counted or listed, whichever ids are asked for", async () => {
    const mine = await report(owner);
    expect(mine.breaches.every((b) => Object.values(ids).includes(b.ticketId))).toBe(true);
    const theirs = await report(other);
    expect(theirs.totals).toMatchObject({ created: 1, resolved: 1, breaches: 2 });
    expect(theirs.breaches.some((b) => Object.values(ids).includes(b.ticketId))).toBe(false);
    // Asking for this business's site or project from the other business finds nothing.
    expect((await report(other, `${MARCH}&teams=${place.site1}&projects=${place.project}`)).totals).toMatchObject({ created: 0, resolved: 0 });
    const stranger = await addMember(t.app, other, 'ADMIN');
    expect((await report(stranger)).totals.created).toBe(1);
  });
});

describe('bad input', () => {
  for (const [what, query, field] of [
    ['an end before the start', 'startDate=2024-03-10&endDate=2024-03-01', 'endDate'],
    ['a range over the longest', 'startDate=2022-01-01&endDate=2024-03-01', 'endDate'],
    ['a date that is not one', 'startDate=2024-02-30', 'startDate'],
    ['a site list that is not ids', 'teams=one', 'teams'],
  ] as const) {
    it(`${what} answers 400 naming the field`, async () => {
      const res = await owner.request({ method: 'GET', url: `${API}/report/sla?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((f) => f.field)).toContain(field);
    });
  }
});
