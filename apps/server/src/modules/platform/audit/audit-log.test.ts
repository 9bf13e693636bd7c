// The audit log as owners and administrators read it: a sample of each kind of change made through
// the API gives its entry with who, from where and what changed; sign-ins, refused sign-ins and
// sign-outs; exports. Only owners and admins of the business read it. Nothing in the API changes it,
// the database refuses to (only the business's deletion, an account's deletion and the retention
// take rows or their actor), and the CSV export keeps formulas as text.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogPage } from '@fieldops/shared/audit-log';
import { rowsOf } from '../../../db/client.ts';
import { events } from '../../../db/schema-platform.ts';
import { businesses, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, addMember, createBusinessWithOwner, createTicket, type Caller } from '../../../test/factories.ts';
import { applyAuditRetention } from './audit-log.service.ts';

const LOG = '/api/v1/audit-log';
const W = '/services/workflow/api';
const H = '/services/helpdesk/api/v1';
const AGENT = 'AuditTest/1.0 (phone)';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app, 'Audit Co');
  admin = await addMember(t.app, owner, 'ADMIN');
  member = await addMember(t.app, owner, 'MEMBER');
  other = await createBusinessWithOwner(t.app, 'Elsewhere Co');
});
afterAll(() => t.close());

/** A request as the owner from a known client. */
const asOwner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  owner.request({ method, url, headers: { 'user-agent': AGENT }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function log(caller: Caller, query = '') {
  const res = await caller.request({ method: 'GET', url: `${LOG}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
}
/** The newest entry of the kind about the target id. */
async function entryOf(kind: string, targetId: number | string): Promise<AuditEntry> {
  const { items } = await log(owner, `?kind=${kind}&targetId=${targetId}`);
  expect(items.length, `${kind} of ${targetId}`).toBeGreaterThan(0);
  return items[0]!;
}
const fromOwner = (entry: AuditEntry) => {
  expect(entry.actor).toEqual({ id: owner.userId, name: expect.any(String) });
  expect(entry.client).toBe(AGENT);
  expect(entry.ip).toBeTruthy();
};

describe('what is recorded', () => {
  it("a member's role change, with who, from where, and the role before and after", async () => {
    const [row] = await t.app.db
      .select()
      .from(users)
      .where(sql`id = ${member.userId}`);
    const res = await asOwner('PUT', `/api/v1/users/${member.userId}`, { name: row!.fullName, email: row!.email, role: 'ADMIN', position: 'Cleaner' });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await entryOf('member.role_changed', member.userId);
    fromOwner(entry);
    expect(entry.actor.name).toMatch(/^Person /);
    expect(entry.target).toEqual({ type: 'member', id: member.userId, name: row!.fullName });
    expect(entry.before).toEqual({ role: 'MEMBER' });
    expect(entry.after).toEqual({ role: 'ADMIN' });
    await asOwner('PUT', `/api/v1/users/${member.userId}`, { name: row!.fullName, email: row!.email, role: 'MEMBER', position: 'Cleaner' });
  });

  it('projects, sites and placements: created, changed and deleted', async () => {
    const project = (await asOwner('POST', '/api/v1/projects', { name: 'Harbour Mall' })).json<{ id: number }>();
    fromOwner(await entryOf('project.created', project.id));
    expect((await asOwner('PUT', '/api/v1/projects', { id: project.id, name: 'Harbour Plaza' })).statusCode).toBe(200);
    const renamed = await entryOf('project.updated', project.id);
    expect(renamed.before).toEqual({ name: 'Harbour Mall' });
    expect(renamed.after).toEqual({ name: 'Harbour Plaza' });

    const site = (await asOwner('POST', '/api/v1/teams', { name: 'North Gate', projectId: project.id })).json<{ id: number }>();
    expect((await entryOf('site.created', site.id)).after).toMatchObject({ name: 'North Gate', projectId: project.id });
    expect((await asOwner('PUT', '/api/v1/teams', { id: site.id, name: 'North Gate', projectId: project.id, radius: 250 })).statusCode).toBe(200);
    const moved = await entryOf('site.updated', site.id);
    expect(moved.after).toEqual({ radius: 250 });

    expect((await asOwner('POST', `/api/v1/teams/${site.id}/members`, [{ userId: member.userId, role: 'MEMBER', position: 'Cleaner' }])).statusCode).toBe(200);
    expect((await entryOf('member.site_added', member.userId)).after).toMatchObject({ siteId: site.id, siteName: 'North Gate', authority: 'MEMBER' });
    await asOwner('POST', `/api/v1/teams/${site.id}/members`, [{ userId: member.userId, role: 'SUPERVISOR', position: 'Cleaner' }]);
    const promoted = await entryOf('member.updated', member.userId);
    expect(promoted.before).toMatchObject({ authority: 'MEMBER' });
    expect(promoted.after).toMatchObject({ authority: 'SUPERVISOR' });
    expect((await asOwner('DELETE', `/api/v1/teams/${site.id}/members/${member.userId}`)).statusCode).toBe(204);
    expect((await entryOf('member.site_removed', member.userId)).before).toMatchObject({ siteId: site.id });

    expect((await asOwner('DELETE', `/api/v1/teams/${site.id}`)).statusCode).toBe(204);
    expect((await entryOf('site.deleted', site.id)).before).toMatchObject({ name: 'North Gate' });
    expect((await asOwner('DELETE', `/api/v1/projects/${project.id}`)).statusCode).toBe(204);
    expect((await entryOf('project.deleted', project.id)).target).toEqual({ type: 'project', id: project.id, name: 'Harbour Plaza' });
  });

  it('tasks created, changed and deleted', async () => {
    const task = (await asOwner('POST', `${W}/v1/tasks`, { nameEn: 'Night round' })).json<{ id: number }>();
    expect((await entryOf('task.created', task.id)).after).toMatchObject({ nameEn: 'Night round' });
    expect((await asOwner('PUT', `${W}/v2/tasks/${task.id}/settings`, { passMark: 80 })).statusCode).toBe(200);
    const changed = await entryOf('task.updated', task.id);
    expect(changed.after).toEqual({ passMark: 80 });
    expect((await asOwner('DELETE', `${W}/v1/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await entryOf('task.deleted', task.id)).target).toMatchObject({ name: 'Night round' });
  });

  it("tickets' status and assignment carry their before and after, once each", async () => {
    const ticket = await createTicket(t.app, owner);
    const moved = await asOwner('PUT', `${H}/tickets/${ticket.id}/status/IN_PROGRESS?reason=checked%20on%20site`);
    expect(moved.statusCode, moved.body).toBe(200);
    const status = await entryOf('ticket.status', ticket.id);
    fromOwner(status);
    expect(status.before).toEqual({ status: 'NEW' });
    expect(status.after).toMatchObject({ status: 'IN_PROGRESS' });
    const assign = await asOwner('PUT', `${H}/tickets/${ticket.id}`, { agentId: admin.userId });
    expect(assign.statusCode, assign.body).toBe(200);
    const assigned = await entryOf('ticket.assigned', ticket.id);
    expect(assigned.before).toEqual({ agentId: null });
    expect(assigned.after).toEqual({ agentId: admin.userId });
    expect((await log(owner, `?kind=ticket.assigned&targetId=${ticket.id}`)).items).toHaveLength(1);
  });

  it('the business, its calendar, an invitation and an admin-set password (never the password)', async () => {
    const res = await asOwner('PUT', `/api/v1/businesses/${owner.business.id}`, { name: 'Audit Co', colour: '#123456', timeZone: 'Asia/Riyadh' });
    expect(res.statusCode, res.body).toBe(200);
    const business = await entryOf('business.updated', owner.business.id);
    expect(business.after).toMatchObject({ colour: '#123456', timeZone: 'Asia/Riyadh' });
    const holiday = await asOwner('POST', '/api/v1/business-calendar/holidays', { date: '2031-03-03', nameEn: 'Founding day', nameAr: 'يوم التأسيس' });
    if (holiday.statusCode === 201)
      expect((await log(owner, '?kind=business.calendar_updated')).items[0]?.after).toMatchObject({ holiday: { date: '2031-03-03' } });

    const site = (
      await asOwner('POST', '/api/v1/teams', {
        name: 'Depot',
        projectId: (await asOwner('POST', '/api/v1/projects', { name: 'Depots' })).json<{ id: number }>().id,
      })
    ).json<{ id: number }>();
    const invited = await asOwner('POST', `/api/v1/teams/${site.id}/users`, {
      name: 'Omar Ali',
      email: 'omar.audit@example.com',
      password: 'Longpass-123',
      role: 'MEMBER',
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const invitation = (await log(owner, '?kind=member.invited')).items[0]!;
    expect(invitation.target).toMatchObject({ type: 'member', name: 'Omar Ali' });
    expect(JSON.stringify(invitation)).not.toContain('Longpass-123');

    const userId = invitation.target!.id as number;
    expect((await asOwner('PUT', `/api/v1/users/${userId}/password`, { password: 'Another-pass-9' })).statusCode).toBeLessThan(300);
    const reset = await entryOf('member.password_set', userId);
    expect(JSON.stringify(reset)).not.toContain('Another-pass-9');
  });

  it('sign-ins, refused sign-ins of known accounts and sign-outs', async () => {
    const [row] = await t.app.db
      .select({ username: users.username })
      .from(users)
      .where(sql`id = ${admin.userId}`);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/authenticate', headers: { 'user-agent': AGENT }, payload: { username: row!.username, password } });
    expect((await signIn('wrong-password-1')).statusCode).toBe(401);
    const refused = (await log(owner, `?kind=auth.sign_in_failed&actorId=${admin.userId}`)).items[0]!;
    expect(refused.after).toEqual({ method: 'password', reason: 'wrong_password' });
    expect(refused.client).toBe(AGENT);
    const ok = await signIn(PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect((await log(owner, `?kind=auth.signed_in&actorId=${admin.userId}`)).items[0]?.after).toEqual({ method: 'password' });
    const token = ok.json<{ id_token: string }>().id_token;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    expect((await log(owner, `?kind=auth.signed_out&actorId=${admin.userId}`)).items).toHaveLength(1);
    // An unknown name is in no business's log.
    await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'nobody-at-all', password: 'x-y-z-1234' } });
  });

  it("exports: the web app's files and the audit log's own CSV", async () => {
    const res = await asOwner('POST', '/api/v1/exports', { what: 'reports.answers', format: 'xlsx', rows: 12, filters: { from: '2026-01-01' } });
    expect(res.statusCode, res.body).toBe(204);
    const made = (await log(owner, '?kind=export.created')).items[0]!;
    fromOwner(made);
    expect(made.after).toEqual({ what: 'reports.answers', format: 'xlsx', rows: 12, filters: { from: '2026-01-01' } });
    expect((await asOwner('POST', '/api/v1/exports', { what: 'x', format: 'exe' })).statusCode).toBe(400);

    const csv = await asOwner('GET', `${LOG}/export?kind=project`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const exported = (await log(owner, '?kind=export.created')).items[0]!;
    expect(exported.after).toMatchObject({ what: 'audit_log', format: 'csv', filters: { kind: 'project' } });
    // A read that records: it carries its address and client like a change does.
    fromOwner(exported);
  });
});

describe('reading it', () => {
  it('filters by area, actor, target, dates and text, newest first, a page at a time', async () => {
    const all = await log(owner, '?size=3');
    expect(all.items).toHaveLength(3);
    expect(all.items[0]!.id).toBeGreaterThan(all.items[1]!.id);
    const next = await log(owner, `?size=3&before=${all.nextBefore}`);
    expect(next.items[0]!.id).toBeLessThan(all.items[2]!.id);
    expect((await log(owner, '?kind=project')).items.every((e) => e.kind.startsWith('project.'))).toBe(true);
    expect((await log(owner, `?actorId=${admin.userId}`)).items.every((e) => e.actor.id === admin.userId)).toBe(true);
    expect((await log(owner, '?q=harbour')).items.map((e) => e.kind)).toContain('project.created');
    expect((await log(owner, '?targetType=site')).items.every((e) => e.target?.type === 'site')).toBe(true);
    expect((await log(owner, '?from=2000-01-01&to=2000-01-02')).items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(owner, `?from=${today}&to=${addDays(today, 1)}`)).items.length).toBeGreaterThan(0);
    const bad = await owner.request({ method: 'GET', url: `${LOG}?from=2026-02-30` });
    expect(bad.statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: `${LOG}?from=2026-03-02&to=2026-03-01` })).statusCode).toBe(400);
  });

  it('only owners and admins of the business read it; another business sees none of it', async () => {
    expect((await member.request({ method: 'GET', url: LOG })).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: `${LOG}/export` })).statusCode).toBe(403);
    expect((await log(admin)).items.length).toBeGreaterThan(0);
    const theirs = await log(other);
    expect(theirs.items.some((e) => e.actor.id === owner.userId || e.target?.id === member.userId)).toBe(false);
    expect((await log(other, `?actorId=${owner.userId}`)).items).toEqual([]);
  });

  it('the CSV keeps what a spreadsheet would run as a formula as text', async () => {
    await owner.request({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { 'user-agent': '=HYPERLINK("http://evil.example","x")' },
      payload: { name: 'Formula Test' },
    });
    const csv = (await owner.request({ method: 'GET', url: `${LOG}/export?q=Formula` })).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).not.toMatch(/(^|,)"=/m);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFid,at,kind,actor_id,actor_name,target_type,target_id,target_name,part,before,after,ip,client');
  });
});

/** The database's own message of a refused statement (drizzle wraps it). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
    return 'done';
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message ?? String(err);
  }
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('nothing changes it', () => {
  it('the API has no operation that updates or deletes the log', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const writes = ['put', 'patch', 'delete', 'post'];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (/audit|events?\b/i.test(path)) {
        expect(
          Object.keys(operations).filter((m) => writes.includes(m)),
          path,
        ).toEqual([]);
      }
    }
    expect(Object.keys(doc.paths).filter((p) => p.includes('audit-log'))).toEqual([LOG, `${LOG}/export`]);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      expect((await owner.request({ method, url: LOG })).statusCode, method).toBe(404);
    }
  });

  it("the app's deleting routes take no entries of other things with them", async () => {
    const count = async () =>
      Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from events where business_id = ${owner.business.id}`))[0]!.n);
    const before = await count();
    const project = (await asOwner('POST', '/api/v1/projects', { name: 'Short Lived' })).json<{ id: number }>();
    const task = (await asOwner('POST', `${W}/v1/tasks`, { nameEn: 'Short task' })).json<{ id: number }>();
    await asOwner('DELETE', `/api/v1/projects/${project.id}`);
    await asOwner('DELETE', `${W}/v1/tasks/${task.id}`);
    await asOwner('DELETE', `/api/v1/users/${member.userId}`);
    expect(await count()).toBe(before + 5);
    expect((await entryOf('project.created', project.id)).after).toMatchObject({ name: 'Short Lived' });
    expect((await entryOf('member.removed', member.userId)).before).toMatchObject({ role: 'MEMBER' });
  });

  it('the database refuses to update, delete or truncate it', async () => {
    const [one] = await t.app.db
      .select({ id: events.id })
      .from(events)
      .where(sql`business_id = ${owner.business.id}`)
      .limit(1);
    for (const statement of [
      sql`update events set data = '{}'::jsonb where id = ${one!.id}`,
      sql`update events set actor_name = 'someone else' where id = ${one!.id}`,
      sql`update events set created_at = now() - interval '1 day' where id = ${one!.id}`,
      sql`delete from events where id = ${one!.id}`,
      sql`truncate events`,
    ]) {
      await expect(refusal(t.app.db.execute(statement))).resolves.toMatch(/append-only/);
    }
  });

  it("a deleted account's entries keep their name without its id; a deleted business's entries go with it", async () => {
    const leaver = await addMember(t.app, owner, 'ADMIN');
    await leaver.request({ method: 'POST', url: '/api/v1/exports', payload: { what: 'reports.answers', format: 'csv' } });
    const [entry] = await t.app.db
      .select()
      .from(events)
      .where(sql`actor_id = ${leaver.userId} and kind = 'export.created'`);
    await t.app.db.execute(sql`delete from business_members where user_id = ${leaver.userId}`);
    await t.app.db.delete(users).where(sql`id = ${leaver.userId}`);
    const [kept] = await t.app.db
      .select()
      .from(events)
      .where(sql`id = ${entry!.id}`);
    expect(kept).toMatchObject({ actorId: null, actorName: entry!.actorName, kind: 'export.created' });

    const gone = await createBusinessWithOwner(t.app, 'Closing Co');
    await gone.request({ method: 'POST', url: '/api/v1/projects', payload: { name: 'Last One' } });
    await t.app.db.delete(businesses).where(sql`id = ${gone.business.id}`);
    expect(rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from events where business_id = ${gone.business.id}`))[0]!.n).toBe(0);
  });

  it("the retention takes a business's entries older than its setting, and nothing else", async () => {
    const old = (businessId: number, days: number) =>
      t.app.db.execute(
        sql`insert into events (business_id, kind, data, created_at, handled_at) values (${businessId}, 'project.created', '{"target":{"type":"project","id":1}}', now() - make_interval(days => ${days}), now()) returning id`,
      );
    const ids = async (businessId: number) =>
      rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from events where business_id = ${businessId} order by id`)).map((r) => Number(r.id));
    const [ownOld] = rowsOf<{ id: number }>(await old(owner.business.id, 400));
    const [ownRecent] = rowsOf<{ id: number }>(await old(owner.business.id, 40));
    const [theirOld] = rowsOf<{ id: number }>(await old(other.business.id, 400));
    // The other business keeps two years.
    await t.app.db.execute(sql`insert into business_security (business_id, audit_retention_days) values (${other.business.id}, 730)`);
    const ownBefore = await ids(owner.business.id);
    expect(await applyAuditRetention(t.app.db, 1)).toBeGreaterThanOrEqual(1);
    const ownAfter = await ids(owner.business.id);
    expect(ownAfter).not.toContain(Number(ownOld!.id));
    expect(ownAfter).toContain(Number(ownRecent!.id));
    expect(ownAfter).toHaveLength(ownBefore.length - 1);
    expect(await ids(other.business.id)).toContain(Number(theirOld!.id));
    // Outside the retention's own transaction, the same delete is refused.
    await old(owner.business.id, 400);
    await expect(
      refusal(t.app.db.execute(sql`delete from events where business_id = ${owner.business.id} and created_at < now() - interval '365 days'`)),
    ).resolves.toMatch(/append-only/);
  });
});
