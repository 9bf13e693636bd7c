import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../../../db/schema.ts';
import { ticketRoundRobinCursors } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProject, createSite, createTicket, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';
const URL = `${API}/ticket-routing-rules`;

let t: TestApp;

const put = (caller: Caller, rules: Record<string, unknown>[]) => caller.request({ method: 'PUT', url: URL, payload: { rules } });
const setRules = async (caller: Caller, rules: Record<string, unknown>[]) => {
  const res = await put(caller, rules);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; position: number }[];
};
const readRules = async (caller: Caller) => (await caller.request({ method: 'GET', url: URL })).json();
const newTicketAgent = async (caller: Caller, extra: Record<string, unknown> = {}) => {
  const res = await caller.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Broken lock', description: 'East gate', ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().agentId as number | null;
};
const categoryOf = async (caller: Caller) => (await caller.request({ method: 'GET', url: `${API}/ticket-categories` })).json()[0].id as number;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET and PUT /v1/ticket-routing-rules', () => {
  it('keeps the rules in the order given, with only the target fields their strategy reads', async () => {
    const { owner, member, site, project } = await createCast(t.app, { member: true, site: true });
    const saved = await setRules(owner, [
      { source: 'ANSWER', priority: 'HIGH', strategy: 'ROUND_ROBIN', targetTeamId: site.id, userId: member.userId },
      { teamId: site.id, strategy: 'FEWEST_OPEN', targetProjectId: project.id },
      { strategy: 'MEMBER', userId: member.userId, memberIds: [owner.userId] },
    ]);
    expect(saved.map((r) => r.position)).toEqual([0, 1, 2]);
    const read = await readRules(member);
    expect(read).toEqual(saved);
    expect(read[0]).toMatchObject({ source: 'ANSWER', priority: 'HIGH', strategy: 'ROUND_ROBIN', targetTeamId: site.id, userId: null, memberIds: [] });
    expect(read[1]).toMatchObject({ source: null, teamId: site.id, strategy: 'FEWEST_OPEN', targetProjectId: project.id, targetTeamId: null });
    expect(read[2]).toMatchObject({ strategy: 'MEMBER', userId: member.userId, memberIds: [] });
    // Reordered: the whole list is replaced.
    await setRules(owner, [read[2], read[0]]);
    expect((await readRules(owner)).map((r: { strategy: string }) => r.strategy)).toEqual(['MEMBER', 'ROUND_ROBIN']);
    expect(await setRules(owner, [])).toEqual([]);
  });

  it("refuses bad rules and another business's category, project, site or member; nothing changes", async () => {
    const { owner, member, site, other } = await createCast(t.app, { member: true, site: true, other: true });
    const theirProject = await createProject(t.app, other);
    const theirSite = await createSite(t.app, other, theirProject.id);
    const theirCategory = await categoryOf(other);
    const before = await setRules(owner, [{ strategy: 'MEMBER', userId: member.userId }]);
    const ok = { strategy: 'FEWEST_OPEN', targetTeamId: site.id };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ strategy: 'MEMBER' }, 400, 'rules.1.userId'],
      [{ strategy: 'FEWEST_OPEN', targetTeamId: site.id, memberIds: [member.userId] }, 400, 'rules.1.targetProjectId'],
      [{ strategy: 'NEAREST' }, 400, 'rules.1.strategy'],
      [{ ...ok, source: 'EMAIL' }, 400, 'rules.1.source'],
      [{ ...ok, categoryId: theirCategory }, 404, 'rules.1.categoryId'],
      [{ ...ok, projectId: theirProject.id }, 404, 'rules.1.projectId'],
      [{ ...ok, teamId: theirSite.id }, 404, 'rules.1.teamId'],
      [{ strategy: 'ROUND_ROBIN', targetTeamId: theirSite.id }, 404, 'rules.1.targetTeamId'],
      [{ strategy: 'FEWEST_OPEN', targetProjectId: theirProject.id }, 404, 'rules.1.targetProjectId'],
      [{ strategy: 'MEMBER', userId: other.userId }, 404, 'rules.1.userId'],
      [{ strategy: 'FEWEST_OPEN', memberIds: [member.userId, other.userId] }, 404, 'rules.1.memberIds'],
    ];
    for (const [rule, status, field] of cases) {
      const res = await put(owner, [ok, rule]);
      expect(res.statusCode, JSON.stringify(rule)).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors[0].field, JSON.stringify(rule)).toBe(field);
    }
    expect(await readRules(owner)).toEqual(before);
  });

  it("is replaced only by owners and admins, and never shows or touches another business's rules", async () => {
    const { owner, admin, member, supervisor, other } = await createCast(t.app, { admin: true, member: true, supervisor: true, other: true });
    const theirs = await setRules(other, [{ strategy: 'MEMBER', userId: other.userId }]);
    for (const caller of [member, supervisor]) expect((await put(caller, [{ strategy: 'MEMBER', userId: caller.userId }])).statusCode).toBe(403);
    expect(await readRules(owner)).toEqual([]);
    expect((await put(admin, [{ strategy: 'MEMBER', userId: member.userId }])).statusCode).toBe(200);
    expect(await readRules(owner)).toHaveLength(1);
    expect(await readRules(other)).toEqual(theirs);
  });
});

describe('routing new tickets without an assignee', () => {
  it('MEMBER gives them to the member while they belong to the business; a given assignee always wins', async () => {
    const { owner, member } = await createCast(t.app, { member: true });
    expect(await newTicketAgent(owner)).toBeNull();
    await setRules(owner, [{ strategy: 'MEMBER', userId: member.userId }]);
    expect(await newTicketAgent(owner)).toBe(member.userId);
    expect(await newTicketAgent(owner, { agentId: owner.userId })).toBe(owner.userId);
    await t.app.db.delete(businessMembers).where(and(eq(businessMembers.businessId, owner.business.id), eq(businessMembers.userId, member.userId)));
    expect(await newTicketAgent(owner)).toBeNull();
  });

  it("ROUND_ROBIN takes the site's supervisors in turn by id, wrapping round, the ticket's own site when none is named", async () => {
    const { owner, project, site } = await createCast(t.app, { site: true });
    const elsewhere = await createSite(t.app, owner, project.id);
    const sups = [await addSupervisor(t.app, owner, [site.id]), await addSupervisor(t.app, owner, [site.id]), await addSupervisor(t.app, owner, [site.id])];
    const [a, b, c] = sups.map((s) => s.userId).sort((x, y) => x - y);
    const outsider = await addSupervisor(t.app, owner, [elsewhere.id]);
    await addMember(t.app, owner);
    await setRules(owner, [{ strategy: 'ROUND_ROBIN', targetTeamId: site.id }]);
    const got = [];
    for (let i = 0; i < 7; i++) got.push(await newTicketAgent(owner));
    expect(got).toEqual([a, b, c, a, b, c, a]);
    // Load does not matter to a round robin: the cursor does.
    await createTicket(t.app, owner, { agentId: b });
    expect(await newTicketAgent(owner)).toBe(b);

    // Null target: the ticket's site, whose turn goes on from b; a ticket without a site falls through.
    await setRules(owner, [{ strategy: 'ROUND_ROBIN' }]);
    expect(await newTicketAgent(owner, { teamId: elsewhere.id })).toBe(outsider.userId);
    expect(await newTicketAgent(owner, { teamId: site.id })).toBe(c);
    expect(await newTicketAgent(owner)).toBeNull();
  });

  it("ROUND_ROBIN keeps each site's own turn: tickets of two sites alternating under one rule share each site evenly", async () => {
    const { owner, project, site } = await createCast(t.app, { site: true });
    const other = await createSite(t.app, owner, project.id);
    const ofSite = [(await addSupervisor(t.app, owner, [site.id])).userId, (await addSupervisor(t.app, owner, [site.id])).userId];
    const ofOther = [
      (await addSupervisor(t.app, owner, [other.id])).userId,
      (await addSupervisor(t.app, owner, [other.id])).userId,
      (await addSupervisor(t.app, owner, [other.id])).userId,
    ];
    const rules = [{ strategy: 'ROUND_ROBIN' }];
    await setRules(owner, rules);
    const share = new Map<number | null, number>();
    for (let i = 0; i < 30; i++) {
      const agentId = await newTicketAgent(owner, { teamId: i % 2 === 0 ? site.id : other.id });
      share.set(agentId, (share.get(agentId) ?? 0) + 1);
      // Saving the rules, even unchanged, keeps where each site's turn stands.
      if (i % 4 === 3) await setRules(owner, rules);
    }
    expect([...share.keys()].sort()).toEqual([...ofSite, ...ofOther].sort());
    for (const group of [ofSite, ofOther]) {
      const counts = group.map((id) => share.get(id)!);
      expect(Math.max(...counts) - Math.min(...counts), JSON.stringify(counts)).toBeLessThanOrEqual(1);
    }
    // The turn goes on from where it stood after the rules are replaced by other ones aimed at the site.
    const [a, b] = [...ofSite].sort((x, y) => x - y);
    const last = (await t.app.db.select().from(ticketRoundRobinCursors).where(eq(ticketRoundRobinCursors.teamId, site.id)))[0]!.lastAssigneeId;
    await setRules(owner, [{ strategy: 'ROUND_ROBIN', targetTeamId: site.id }]);
    expect(await newTicketAgent(owner)).toBe(last === a ? b : a);
  });

  it('ROUND_ROBIN skips a supervisor who has left the business', async () => {
    const { owner, site } = await createCast(t.app, { site: true });
    const ids = [(await addSupervisor(t.app, owner, [site.id])).userId, (await addSupervisor(t.app, owner, [site.id])).userId].sort((x, y) => x - y);
    await setRules(owner, [{ strategy: 'ROUND_ROBIN', targetTeamId: site.id }]);
    await t.app.db.delete(businessMembers).where(and(eq(businessMembers.businessId, owner.business.id), eq(businessMembers.userId, ids[0]!)));
    expect([await newTicketAgent(owner), await newTicketAgent(owner)]).toEqual([ids[1], ids[1]]);
  });

  it('FEWEST_OPEN takes whoever of the members has the fewest open tickets, the lowest id among equals, members only', async () => {
    const { owner } = await createCast(t.app, {});
    const [x, y, z] = [await addMember(t.app, owner), await addMember(t.app, owner), await addMember(t.app, owner)];
    await setRules(owner, [{ strategy: 'FEWEST_OPEN', memberIds: [y.userId, x.userId] }]);
    expect(await newTicketAgent(owner)).toBe(Math.min(x.userId, y.userId));
    expect(await newTicketAgent(owner)).toBe(Math.max(x.userId, y.userId));
    // Resolved and closed tickets are no load; on hold is.
    await createTicket(t.app, owner, { agentId: x.userId, status: 'RESOLVED' });
    await createTicket(t.app, owner, { agentId: x.userId, status: 'CLOSED' });
    await createTicket(t.app, owner, { agentId: y.userId, status: 'ON_HOLD' });
    expect(await newTicketAgent(owner)).toBe(x.userId);
    await t.app.db.delete(businessMembers).where(and(eq(businessMembers.businessId, owner.business.id), eq(businessMembers.userId, x.userId)));
    expect(await newTicketAgent(owner)).toBe(y.userId);
    expect(z.userId).not.toBe(y.userId);
  });

  it('FEWEST_OPEN of a site or a project takes the least busy of its supervisors', async () => {
    const { owner, project, site } = await createCast(t.app, { site: true });
    const second = await createSite(t.app, owner, project.id);
    const one = await addSupervisor(t.app, owner, [site.id]);
    const two = await addSupervisor(t.app, owner, [second.id]);
    await createTicket(t.app, owner, { agentId: one.userId });
    await setRules(owner, [{ strategy: 'FEWEST_OPEN', targetTeamId: site.id }]);
    expect(await newTicketAgent(owner)).toBe(one.userId);
    await setRules(owner, [{ strategy: 'FEWEST_OPEN', targetProjectId: project.id }]);
    expect(await newTicketAgent(owner)).toBe(two.userId);
  });
});

describe('matching and order', () => {
  it('matches on category, project, site and priority; null matches any', async () => {
    const { owner, project, site } = await createCast(t.app, { site: true });
    const otherProject = await createProject(t.app, owner);
    const otherSite = await createSite(t.app, owner, otherProject.id);
    const category = await categoryOf(owner);
    const [byCategory, byProject, bySite, byPriority, fallback] = [
      await addMember(t.app, owner),
      await addMember(t.app, owner),
      await addMember(t.app, owner),
      await addMember(t.app, owner),
      await addMember(t.app, owner),
    ];
    await setRules(owner, [
      { categoryId: category, strategy: 'MEMBER', userId: byCategory.userId },
      { projectId: otherProject.id, strategy: 'MEMBER', userId: byProject.userId },
      { teamId: site.id, strategy: 'MEMBER', userId: bySite.userId },
      { priority: 'URGENT', strategy: 'MEMBER', userId: byPriority.userId },
      { strategy: 'MEMBER', userId: fallback.userId },
    ]);
    expect(await newTicketAgent(owner, { categoryId: category, teamId: site.id, priority: 'URGENT' })).toBe(byCategory.userId);
    expect(await newTicketAgent(owner, { teamId: otherSite.id, priority: 'URGENT' })).toBe(byProject.userId);
    expect(await newTicketAgent(owner, { projectId: project.id, teamId: site.id, priority: 'URGENT' })).toBe(bySite.userId);
    expect(await newTicketAgent(owner, { projectId: project.id, priority: 'URGENT' })).toBe(byPriority.userId);
    expect(await newTicketAgent(owner, { projectId: project.id, priority: 'HIGH' })).toBe(fallback.userId);
  });

  it('the first matching rule wins; a rule whose group is empty falls through to the next', async () => {
    const { owner, site } = await createCast(t.app, { site: true });
    const empty = await createSite(t.app, owner, (await createProject(t.app, owner)).id);
    const [first, second] = [await addMember(t.app, owner), await addMember(t.app, owner)];
    await setRules(owner, [
      { strategy: 'ROUND_ROBIN', targetTeamId: empty.id },
      { strategy: 'FEWEST_OPEN', targetTeamId: empty.id },
      { strategy: 'MEMBER', userId: first.userId },
      { strategy: 'MEMBER', userId: second.userId },
    ]);
    expect(await newTicketAgent(owner, { teamId: site.id })).toBe(first.userId);
    // The empty site's round robin has no turn to keep.
    expect(await t.app.db.select().from(ticketRoundRobinCursors).where(eq(ticketRoundRobinCursors.teamId, empty.id))).toEqual([]);
  });

  it('never assigns through another business: its rules only route its own tickets', async () => {
    const { owner, member, other } = await createCast(t.app, { member: true, other: true });
    await setRules(other, [{ strategy: 'MEMBER', userId: (await addMember(t.app, other)).userId }]);
    await setRules(owner, [{ strategy: 'MEMBER', userId: member.userId }]);
    expect(await newTicketAgent(owner)).toBe(member.userId);
    const lone = await createBusinessWithOwner(t.app);
    expect(await newTicketAgent(lone)).toBeNull();
  });
});
