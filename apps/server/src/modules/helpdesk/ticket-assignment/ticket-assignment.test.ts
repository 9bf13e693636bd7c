import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../../../db/schema.ts';
import { ticketRoutingRules } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createProject,
  createSite,
  createTicket,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';
const NONE = { targetType: 'NONE', userId: null, teamId: null, projectId: null };

let t: TestApp;

const configure = (caller: Caller, payload: Record<string, unknown>) => caller.request({ method: 'PUT', url: `${API}/assignment-config`, payload });
const readConfig = async (caller: Caller) => (await caller.request({ method: 'GET', url: `${API}/assignment-config` })).json();
const newTicketAgent = async (caller: Caller, extra: Record<string, unknown> = {}) => {
  const res = await caller.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Broken lock', description: 'East gate', ...extra } });
  expect(res.statusCode).toBe(201);
  return res.json().agentId as number | null;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET and PUT /v1/assignment-config', () => {
  it('answers NONE until one is set, to everyone in the business', async () => {
    const { member } = await createCast(t.app, { member: true });
    const res = await member.request({ method: 'GET', url: `${API}/assignment-config` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NONE);
  });

  it('keeps only the id its target needs', async () => {
    const { owner, project, site } = await createCast(t.app, { site: true });
    const res = await configure(owner, { targetType: 'SITE', teamId: site.id, userId: owner.userId, projectId: project.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ targetType: 'SITE', userId: null, teamId: site.id, projectId: null });
    expect(await readConfig(owner)).toEqual({ targetType: 'SITE', userId: null, teamId: site.id, projectId: null });
    expect((await configure(owner, { targetType: 'NONE' })).json()).toEqual(NONE);
    // NONE removed the first rule it had become.
    expect(await t.app.db.select().from(ticketRoutingRules).where(eq(ticketRoutingRules.businessId, owner.business.id))).toHaveLength(0);
  });

  it('leaves a first rule it cannot say (a round robin) as it is: NONE keeps it, a member goes before it', async () => {
    const { owner, site } = await createCast(t.app, { site: true });
    const rules = [{ strategy: 'ROUND_ROBIN', targetTeamId: site.id }];
    const saved = await owner.request({ method: 'PUT', url: `${API}/ticket-routing-rules`, payload: { rules } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readConfig(owner)).toEqual(NONE);
    expect((await configure(owner, { targetType: 'NONE' })).statusCode).toBe(200);
    const strategies = async () =>
      (await t.app.db.select().from(ticketRoutingRules).where(eq(ticketRoutingRules.businessId, owner.business.id)).orderBy(ticketRoutingRules.position)).map(
        (r) => r.strategy,
      );
    expect(await strategies()).toEqual(['ROUND_ROBIN']);
    expect((await configure(owner, { targetType: 'MEMBER', userId: owner.userId })).statusCode).toBe(200);
    expect(await strategies()).toEqual(['MEMBER', 'ROUND_ROBIN']);
  });

  it("refuses a missing id, a bad target and another business's member, site or project; nothing changes", async () => {
    const owner = await createBusinessWithOwner(t.app);
    const other = await createBusinessWithOwner(t.app);
    const theirProject = await createProject(t.app, other);
    const theirSite = await createSite(t.app, other, theirProject.id);
    const mine = await addMember(t.app, owner);
    await configure(owner, { targetType: 'MEMBER', userId: mine.userId });
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ targetType: 'MEMBER' }, 400, 'userId', 'This field is required'],
      [{ targetType: 'SITE', userId: mine.userId }, 400, 'teamId', 'This field is required'],
      [{ targetType: 'PROJECT' }, 400, 'projectId', 'This field is required'],
      [{ targetType: 'TEAM', teamId: 1 }, 400, 'targetType'],
      [{ targetType: 'MEMBER', userId: other.userId }, 404, 'userId', 'The assignee is not a member of this business'],
      [{ targetType: 'SITE', teamId: theirSite.id }, 404, 'teamId', 'Site not found'],
      [{ targetType: 'PROJECT', projectId: theirProject.id }, 404, 'projectId', 'Project not found'],
    ];
    for (const [payload, status, field, message] of cases) {
      const res = await configure(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await readConfig(owner)).toEqual({ targetType: 'MEMBER', userId: mine.userId, teamId: null, projectId: null });
  });

  it('is changed only by owners and admins', async () => {
    const { owner, admin, member, supervisor } = await createCast(t.app, { admin: true, member: true, supervisor: true });
    for (const caller of [member, supervisor]) {
      expect((await configure(caller, { targetType: 'MEMBER', userId: caller.userId })).statusCode).toBe(403);
    }
    expect(await readConfig(owner)).toEqual(NONE);
    expect((await configure(admin, { targetType: 'MEMBER', userId: member.userId })).statusCode).toBe(200);
  });
});

describe('assigning new tickets without an assignee', () => {
  it('NONE leaves them unassigned; a given assignee always wins', async () => {
    const { owner, member } = await createCast(t.app, { member: true });
    expect(await newTicketAgent(owner)).toBeNull();
    await configure(owner, { targetType: 'MEMBER', userId: member.userId });
    expect(await newTicketAgent(owner, { agentId: owner.userId })).toBe(owner.userId);
  });

  it('MEMBER gives them to that member while they are still in the business', async () => {
    const { owner, member } = await createCast(t.app, { member: true });
    await configure(owner, { targetType: 'MEMBER', userId: member.userId });
    expect(await newTicketAgent(owner)).toBe(member.userId);
    await t.app.db.delete(businessMembers).where(and(eq(businessMembers.businessId, owner.business.id), eq(businessMembers.userId, member.userId)));
    expect(await newTicketAgent(owner)).toBeNull();
  });

  it('SITE gives them to the supervisor of the site with the fewest open tickets, the lowest id among equals', async () => {
    const { owner, project, site } = await createCast(t.app, { site: true });
    const elsewhere = await createSite(t.app, owner, project.id);
    const first = await addSupervisor(t.app, owner, [site.id]);
    const second = await addSupervisor(t.app, owner, [site.id]);
    const worker = await addMember(t.app, owner);
    await placeInSite(t.app, owner, site.id, worker.userId, 'MEMBER');
    await addSupervisor(t.app, owner, [elsewhere.id]);
    await configure(owner, { targetType: 'SITE', teamId: site.id });

    // Equal (none open): the lower id.
    expect(await newTicketAgent(owner)).toBe(first.userId);
    // first now has one open ticket, second none.
    expect(await newTicketAgent(owner)).toBe(second.userId);
    // Resolved and closed tickets do not count as load.
    await createTicket(t.app, owner, { agentId: second.userId, status: 'RESOLVED' });
    await createTicket(t.app, owner, { agentId: second.userId, status: 'CLOSED' });
    await createTicket(t.app, owner, { agentId: first.userId, status: 'ON_HOLD' });
    expect(await newTicketAgent(owner)).toBe(second.userId);
  });

  it('SITE without a supervisor leaves them unassigned', async () => {
    const { owner, site } = await createCast(t.app, { site: true });
    const worker = await addMember(t.app, owner);
    await placeInSite(t.app, owner, site.id, worker.userId, 'MEMBER');
    await configure(owner, { targetType: 'SITE', teamId: site.id });
    expect(await newTicketAgent(owner)).toBeNull();
  });

  it("PROJECT picks among the supervisors of the project's sites, each counted once", async () => {
    const owner = await createBusinessWithOwner(t.app);
    const project = await createProject(t.app, owner);
    const [a, b] = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
    const otherProjectSite = await createSite(t.app, owner, (await createProject(t.app, owner)).id);
    const outside = await addSupervisor(t.app, owner, [otherProjectSite.id]);
    const both = await addSupervisor(t.app, owner, [a.id, b.id]);
    const onlyB = await addSupervisor(t.app, owner, [b.id]);
    await configure(owner, { targetType: 'PROJECT', projectId: project.id });

    await createTicket(t.app, owner, { agentId: both.userId });
    expect(await newTicketAgent(owner)).toBe(onlyB.userId);
    // One open each now: the lower id.
    expect(await newTicketAgent(owner)).toBe(Math.min(both.userId, onlyB.userId));
    const counts = { [both.userId]: 0, [onlyB.userId]: 0, [outside.userId]: 0 };
    for (let i = 0; i < 4; i++) counts[(await newTicketAgent(owner))!]++;
    expect(counts[outside.userId]).toBe(0);
    expect(counts[both.userId] + counts[onlyB.userId]).toBe(4);
  });

  it('writes the picked assignee into the CREATED history entry', async () => {
    const { owner, member } = await createCast(t.app, { member: true });
    await configure(owner, { targetType: 'MEMBER', userId: member.userId });
    const created = (await owner.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Lights out', description: 'Level 2' } })).json();
    const history = (await owner.request({ method: 'GET', url: `${API}/tickets/${created.id}/history` })).json();
    expect(history[0]).toMatchObject({ field: 'CREATED', agentId: member.userId });
  });
});
