import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCategories, ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createProject,
  createSite,
  createTicket,
  createUser,
  type Caller,
} from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let other: Caller;
let categoryId: number;
let otherCategoryId: number;

const ticketCount = async (businessId: number) => (await t.app.db.select({ n: count() }).from(tickets).where(eq(tickets.businessId, businessId)))[0].n;
const firstCategory = async (businessId: number) =>
  (await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, businessId)).orderBy(ticketCategories.id))[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  categoryId = (await firstCategory(owner.business.id)).id;
  otherCategoryId = (await firstCategory(other.business.id)).id;
});
afterAll(() => t.close());

describe('POST /v1/tickets', () => {
  it('creates a NEW ticket by the caller with its references and a CREATED history entry', async () => {
    const project = await createProject(t.app, owner, { name: 'Harbour Mall' });
    const site = await createSite(t.app, owner, project.id, { name: 'North Gate' });
    const res = await member.request({
      method: 'POST',
      url: `${API}/tickets`,
      payload: {
        title: '  Broken lock at the east gate ',
        description: 'The lock does not close.',
        categoryId,
        priority: 'HIGH',
        agentId: admin.userId,
        projectId: project.id,
        teamId: site.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      title: 'Broken lock at the east gate',
      description: 'The lock does not close.',
      categoryId,
      category: { id: categoryId, nameEn: 'General', nameAr: 'عام' },
      priority: 'HIGH',
      status: 'NEW',
      projectId: project.id,
      project: { id: project.id, name: 'Harbour Mall' },
      teamId: site.id,
      team: { id: site.id, name: 'North Gate' },
      agentId: admin.userId,
      agent: { id: admin.userId, username: admin.username, fullName: expect.any(String), avatar: null },
      creatorId: member.userId,
      creator: { id: member.userId, username: member.username, fullName: expect.any(String), avatar: null },
      reason: null,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
      // No SLA rule covers it.
      firstResponseDueAt: null,
      firstRespondedAt: null,
      resolutionDueAt: null,
      attachmentsCount: 0,
      commentsCount: 0,
    });
    const history = await t.app.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, body.id));
    expect(history).toEqual([expect.objectContaining({ field: 'CREATED', newValue: 'NEW', agentId: admin.userId, actorId: member.userId })]);
  });

  it('takes the project from the site when only a site is given, and defaults the rest', async () => {
    const project = await createProject(t.app, owner);
    const site = await createSite(t.app, owner, project.id);
    const res = await owner.request({ method: 'POST', url: `${API}/tickets`, payload: { title: 'Leak', description: 'Water on the floor', teamId: site.id } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ projectId: project.id, teamId: site.id, priority: 'NO_PRIORITY', categoryId: null, agentId: null });
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const before = await ticketCount(owner.business.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ description: 'x' }, 'title', 'This field is required'],
      [{ title: '   ', description: 'x' }, 'title', 'This field is required'],
      [{ title: 'x' }, 'description', 'This field is required'],
      [{ title: 'x'.repeat(201), description: 'x' }, 'title', 'This must be at most 200'],
      [{ title: 'x', description: 'x', priority: 'CRITICAL' }, 'priority', expect.any(String) as unknown as string],
      [{ title: 'x', description: 'x', categoryId: 'abc' }, 'categoryId', expect.any(String) as unknown as string],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `${API}/tickets`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0]).toEqual({ field, message });
    }
    expect(await ticketCount(owner.business.id)).toBe(before);
  });

  it("answers 404 naming the field for another business's category, project, site or assignee; 400 for a site of another project", async () => {
    const theirProject = await createProject(t.app, other);
    const theirSite = await createSite(t.app, other, theirProject.id);
    const outsider = await createUser(t.app);
    const mine = await createProject(t.app, owner);
    const mySite = await createSite(t.app, owner, (await createProject(t.app, owner)).id);
    const before = await ticketCount(owner.business.id);
    const base = { title: 'x', description: 'y' };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ categoryId: otherCategoryId }, 404, 'categoryId', 'Category not found'],
      [{ projectId: theirProject.id }, 404, 'projectId', 'Project not found'],
      [{ teamId: theirSite.id }, 404, 'teamId', 'Site not found'],
      [{ agentId: outsider.id }, 404, 'agentId', 'The assignee is not a member of this business'],
      [{ agentId: other.userId }, 404, 'agentId', 'The assignee is not a member of this business'],
      [{ projectId: mine.id, teamId: mySite.id }, 400, 'teamId', 'The site is not in this project'],
    ];
    for (const [extra, status, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `${API}/tickets`, payload: { ...base, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json().message).toBe(message);
      expect(res.json().fieldErrors).toEqual([{ field, message }]);
    }
    expect(await ticketCount(owner.business.id)).toBe(before);
    expect(await t.app.db.select().from(ticketHistory).where(eq(ticketHistory.businessId, owner.business.id))).toHaveLength(before);
  });
});

describe('GET /v1/tickets', () => {
  let b: Caller;
  let ids: number[];
  beforeAll(async () => {
    b = await createBusinessWithOwner(t.app);
    const cat = await firstCategory(b.business.id);
    const project = await createProject(t.app, b);
    const site = await createSite(t.app, b, project.id);
    const helper = await addMember(t.app, b, 'MEMBER');
    const rows = [
      await createTicket(t.app, b, { title: 'Broken lock at the east gate', description: 'Gate 3' }),
      await createTicket(t.app, b, { title: 'Leaking tap', description: 'The EAST washroom', status: 'IN_PROGRESS', priority: 'HIGH' }),
      await createTicket(t.app, b, { title: 'Lights out', description: 'Parking level 2', categoryId: cat.id, projectId: project.id, teamId: site.id }),
      await createTicket(t.app, b, { title: 'تسرب مياه في دورة المياه', description: 'الطابق الأول', agentId: helper.userId, status: 'CLOSED' }),
      await createTicket(t.app, b, { title: '100% done? Not_quite', description: 'wildcards' }),
    ];
    ids = rows.map((r) => r.id);
    await createTicket(t.app, other, { title: 'Broken lock elsewhere' });
  });

  const list = async (query = '') => {
    const res = await b.request({ method: 'GET', url: `${API}/tickets${query}` });
    expect(res.statusCode, query).toBe(200);
    return { ids: res.json().map((x: { id: number }) => x.id), total: Number(res.headers['x-total-count']), body: res.json() };
  };

  it('lists the business tickets newest first with X-Total-Count and the full shape', async () => {
    const res = await list();
    expect(res.ids).toEqual([...ids].reverse());
    expect(res.total).toBe(5);
    expect(res.body.find((x: { id: number }) => x.id === ids[2])).toMatchObject({
      category: { nameEn: 'General' },
      project: { id: expect.any(Number) },
      team: { id: expect.any(Number) },
      attachmentsCount: 0,
      commentsCount: 0,
    });
  });

  it('searches title and description without regard to case, and treats % and _ literally', async () => {
    expect((await list('?searchKey=east')).ids).toEqual([ids[1], ids[0]]);
    expect((await list('?searchKey=%D9%85%D9%8A%D8%A7%D9%87')).ids).toEqual([ids[3]]);
    expect((await list('?searchKey=100%25')).ids).toEqual([ids[4]]);
    expect((await list('?searchKey=e_s')).ids).toEqual([]);
  });

  it('filters by status, priority, category, assignee, project and site', async () => {
    const all = (await list()).body as { id: number; categoryId: number; agentId: number; projectId: number; teamId: number }[];
    const third = all.find((x) => x.id === ids[2])!;
    expect((await list('?ticketStatus=IN_PROGRESS')).ids).toEqual([ids[1]]);
    expect((await list('?priority=HIGH')).ids).toEqual([ids[1]]);
    expect((await list(`?categoryId=${third.categoryId}`)).ids).toEqual([ids[2]]);
    expect((await list(`?projectId=${third.projectId}`)).ids).toEqual([ids[2]]);
    expect((await list(`?teamId=${third.teamId}`)).ids).toEqual([ids[2]]);
    const agentId = all.find((x) => x.id === ids[3])!.agentId;
    expect((await list(`?agentId=${agentId}`)).ids).toEqual([ids[3]]);
    expect((await list('?ticketStatus=NEW&searchKey=lock')).total).toBe(1);
  });

  it('pages, and sorts by updatedDate so the last-changed ticket is on top', async () => {
    const first = await list('?page=0&size=2');
    const second = await list('?page=1&size=2');
    expect(first.ids).toEqual([ids[4], ids[3]]);
    expect(second.ids).toEqual([ids[2], ids[1]]);
    expect(first.total).toBe(5);
    expect((await list('?sort=id,asc')).ids).toEqual(ids);

    const res = await b.request({ method: 'PUT', url: `${API}/tickets/${ids[0]}`, payload: { title: 'Broken lock at the east gate, again' } });
    expect(res.statusCode).toBe(200);
    expect((await list('?sort=updatedDate,desc')).ids[0]).toBe(ids[0]);
  });

  it('refuses bad paging, sorting and filters', async () => {
    for (const query of ['size=0', 'size=501', 'page=-1', 'sort=title,desc', 'sort=id;drop', 'ticketStatus=OPEN', 'priority=x', 'agentId=abc']) {
      const res = await b.request({ method: 'GET', url: `${API}/tickets?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(query.split('=')[0]);
    }
  });

  it('counts the tickets per status under the same filters, all five keys present', async () => {
    const res = await b.request({ method: 'GET', url: `${API}/tickets/counts` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ NEW: 3, IN_PROGRESS: 1, ON_HOLD: 0, RESOLVED: 0, CLOSED: 1 });
    const filtered = await b.request({ method: 'GET', url: `${API}/tickets/counts?searchKey=east&ticketStatus=CLOSED` });
    expect(filtered.json()).toEqual({ NEW: 1, IN_PROGRESS: 1, ON_HOLD: 0, RESOLVED: 0, CLOSED: 0 });
  });

  it('counts attachments and comments per ticket in the list', async () => {
    const { ticketAttachments, ticketComments } = await import('../../../db/schema-helpdesk.ts');
    const bid = b.business.id;
    await t.app.db.insert(ticketAttachments).values([
      { businessId: bid, ticketId: ids[1], fileKey: 'a', name: 'a.png', contentType: 'image/png', size: 1 },
      { businessId: bid, ticketId: ids[1], fileKey: 'b', name: 'b.png', contentType: 'image/png', size: 1 },
    ]);
    await t.app.db.insert(ticketComments).values([
      { businessId: bid, ticketId: ids[1], text: 'one' },
      { businessId: bid, ticketId: ids[2], text: 'two' },
    ]);
    const body = (await list()).body as { id: number; attachmentsCount: number; commentsCount: number }[];
    expect(body.find((x) => x.id === ids[1])).toMatchObject({ attachmentsCount: 2, commentsCount: 1 });
    expect(body.find((x) => x.id === ids[2])).toMatchObject({ attachmentsCount: 0, commentsCount: 1 });
  });
});

describe('GET /v1/tickets/{id}', () => {
  it("answers the ticket, 404 for another business's, 400 for a bad id", async () => {
    const mine = await createTicket(t.app, owner, { title: 'Mine' });
    const res = await admin.request({ method: 'GET', url: `${API}/tickets/${mine.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, title: 'Mine', status: 'NEW' });
    const theirs = await createTicket(t.app, other, { title: 'Secret ticket' });
    const foreign = await owner.request({ method: 'GET', url: `${API}/tickets/${theirs.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Ticket not found');
    expect(foreign.body).not.toContain('Secret ticket');
    expect((await owner.request({ method: 'GET', url: `${API}/tickets/abc` })).statusCode).toBe(400);
  });
});

describe('PUT /v1/tickets/{id}', () => {
  it('changes only the given fields', async () => {
    const project = await createProject(t.app, owner);
    const site = await createSite(t.app, owner, project.id);
    const ticket = await createTicket(t.app, owner, {
      title: 'Before',
      description: 'Kept',
      priority: 'LOW',
      projectId: project.id,
      teamId: site.id,
      updatedDate: new Date(Date.now() - 60_000),
    });
    const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { title: 'After' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'After', description: 'Kept', priority: 'LOW', projectId: project.id, teamId: site.id });
    expect(new Date(res.json().updatedDate).getTime()).toBeGreaterThan(ticket.updatedDate.getTime());
  });

  it('moves the ticket to another site, bringing its project, and clears the place', async () => {
    const ticket = await createTicket(t.app, owner);
    const project = await createProject(t.app, owner);
    const site = await createSite(t.app, owner, project.id);
    const moved = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { teamId: site.id } });
    expect(moved.json()).toMatchObject({ projectId: project.id, teamId: site.id });
    const other2 = await createProject(t.app, owner);
    const refused = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { projectId: other2.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual([{ field: 'teamId', message: 'The site is not in this project' }]);
    const cleared = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { projectId: null, teamId: null } });
    expect(cleared.json()).toMatchObject({ projectId: null, teamId: null, project: null, team: null });
  });

  it('refuses bad input and changes nothing', async () => {
    const ticket = await createTicket(t.app, owner, { title: 'Stable', priority: 'LOW' });
    const outsider = await createUser(t.app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '' }, 400, 'title'],
      [{ priority: 'SOON' }, 400, 'priority'],
      [{ categoryId: otherCategoryId, title: 'Changed' }, 404, 'categoryId'],
      [{ agentId: outsider.id, title: 'Changed' }, 404, 'agentId'],
      [{ projectId: 999999, title: 'Changed' }, 404, 'projectId'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().fieldErrors[0].field).toBe(field);
    }
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ title: 'Stable', priority: 'LOW', categoryId: null, agentId: null, projectId: null });
    expect(row.updatedDate.getTime()).toBe(ticket.updatedDate.getTime());
    expect(await t.app.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, ticket.id))).toEqual([]);
  });

  it('lets a member edit the wording of their ticket but not its assignee, priority or category', async () => {
    const ticket = await createTicket(t.app, member, { title: 'Mine to word', priority: 'LOW' });
    const ok = await member.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { title: 'Better words', priority: 'LOW' } });
    expect(ok.statusCode).toBe(200);
    for (const payload of [{ priority: 'URGENT' }, { agentId: member.userId }, { categoryId }]) {
      const res = await member.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { ...payload, title: 'Sneaky' } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const [row] = await t.app.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticket.id)));
    expect(row).toMatchObject({ title: 'Better words', priority: 'LOW', agentId: null, categoryId: null });
  });

  it("answers 404 for another business's ticket and leaves it alone", async () => {
    const theirs = await createTicket(t.app, other, { title: 'Theirs' });
    const res = await owner.request({ method: 'PUT', url: `${API}/tickets/${theirs.id}`, payload: { title: 'Hijacked' } });
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, theirs.id));
    expect(row.title).toBe('Theirs');
  });

  it('lets a supervisor change the tickets of their site', async () => {
    const project = await createProject(t.app, owner);
    const site = await createSite(t.app, owner, project.id);
    const supervisor = await addSupervisor(t.app, owner, [site.id]);
    const ticket = await createTicket(t.app, owner, { projectId: project.id, teamId: site.id });
    const res = await supervisor.request({ method: 'PUT', url: `${API}/tickets/${ticket.id}`, payload: { priority: 'URGENT', agentId: supervisor.userId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ priority: 'URGENT', agentId: supervisor.userId });
  });
});
