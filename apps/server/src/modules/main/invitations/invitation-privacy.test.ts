// Inviting an e-mail tells the business nothing about other accounts: an address nobody has and
// one that already has an account (registered, or made by another business) look the same to the
// inviting business at every step it can take. A person who has an account joins with it by the
// invitation's key, and it takes the place of the account the invitation made.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleMemberRollups } from '../../../db/schema-rollups.ts';
import { executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { businessMembers, invitations, teamMembers, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createBusinessWithOwner, createPlan, createProjectAndSite, createTask, signIn, type Caller } from '../../../test/factories.ts';
import { DERIVED_USER_COLUMNS, LEFT_WITH_ACCOUNT, USER_COLUMNS } from './stand-in.repository.ts';
import { events } from '../../../db/schema-platform.ts';

let t: TestApp;
let a: Caller;
let b: Caller;
let aSite: number;
let bSite: number;

const invite = (email: string) => ({ name: 'Sam Guard', email, password: 'chosen-by-bravo-1', position: 'Guard', role: 'MEMBER' });
const register = (username: string, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/register', payload: { username, email, password: 'persons-own-pass-1', fullName: 'Sam Own' } });
const signInStatus = async (username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } })).statusCode;

/** What the business's answers hold, with the e-mail, ids, names made from the e-mail and times taken out. */
function normalised(value: unknown, email: string): unknown {
  const local = email.split('@')[0];
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => {
      if (['id', 'userId', 'createdAt', 'activationExpiresAt', 'expiresAt', 'activationKey', 'key'].includes(key) && v !== null) return '<varies>';
      // A username made for the address: its stem, and random digits.
      if (typeof v === 'string') return v.replaceAll(email, '<email>').replace(new RegExp(`^${local.replaceAll('.', '\\.')}\\.\\d{4}$`), '<made>');
      return v;
    }),
  );
}

/** Everything business B sees and can do after inviting `email`, in the order an admin would. */
async function whatBravoSees(email: string) {
  const seen: Record<string, unknown> = {};
  const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(email) });
  seen.invite = [sent.statusCode, sent.json()];
  const members = await b.request({ method: 'GET', url: `/api/v1/teams/${bSite}/members` });
  const row = members.json<{ userId: number; email: string }[]>().find((m) => m.email === email);
  seen.siteMember = row ?? null;
  const pending = await b.request({ method: 'GET', url: '/api/v1/invitations?status=PENDING' });
  seen.invitation = pending.json<{ email: string }[]>().find((i) => i.email === email) ?? null;
  if (row) {
    const member = await b.request({ method: 'GET', url: `/api/v1/users/${row.userId}` });
    seen.member = [member.statusCode, member.json()];
    const key = await b.request({ method: 'GET', url: `/api/v1/users/${row.userId}/activation-key` });
    seen.keyRead = [key.statusCode, key.json()];
    const issued = await b.request({ method: 'POST', url: `/api/v1/users/${row.userId}/activation-key` });
    seen.keyIssued = issued.statusCode;
    const edited = await b.request({ method: 'PUT', url: `/api/v1/users/${row.userId}`, payload: { name: 'Sam Guard', email, position: 'Gatekeeper' } });
    seen.edit = edited.statusCode;
    const activated = await b.request({ method: 'POST', url: `/api/v1/users/${row.userId}/activate` });
    seen.activate = [activated.statusCode, activated.json()];
    const username = (await t.app.db.select({ username: users.username }).from(users).where(eq(users.id, row.userId)))[0].username;
    seen.signInByUsername = await signInStatus(username, 'chosen-by-bravo-1');
    seen.signInByEmail = await signInStatus(email, 'chosen-by-bravo-1');
  }
  return normalised(seen, email);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusinessWithOwner(t.app, 'Alpha Cleaning');
  b = await createBusinessWithOwner(t.app, 'Bravo Security');
  aSite = (await createProjectAndSite(t.app, a)).site.id;
  bSite = (await createProjectAndSite(t.app, b)).site.id;
});
afterAll(() => t.close());

describe('inviting an e-mail', () => {
  it('looks the same to the business whether or not the address has an account', async () => {
    expect((await register('samregistered', 'sam.registered@example.com')).statusCode).toBe(201);
    await a.request({ method: 'POST', url: `/api/v1/teams/${aSite}/users`, payload: invite('sam.alpha@example.com') });

    const nobodys = await whatBravoSees('sam.nobody@example.com');
    // The business sees a member waiting for activation, as the specification's invite promises.
    expect(nobodys).toMatchObject({ invite: [201, {}], siteMember: { email: '<email>' }, invitation: { email: '<email>' }, keyIssued: 200, edit: 200 });
    expect(await whatBravoSees('sam.registered@example.com')).toEqual(nobodys);
    expect(await whatBravoSees('sam.alpha@example.com')).toEqual(nobodys);
    // Neither an account made by a business nor one it activated claims the address: the person
    // who registered it keeps signing in with it.
    expect(await signInStatus('sam.registered@example.com', 'persons-own-pass-1')).toBe(200);
  });

  it("a person who has an account joins with the invitation's key, and it takes the invited account's place with its sites and plans", async () => {
    expect((await register('dana.own', 'dana@example.com')).statusCode).toBe(201);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: { ...invite('dana@example.com'), role: 'SUPERVISOR' } });
    const [invitation] = await t.app.db.select().from(invitations).where(eq(invitations.id, sent.json().id));
    const standIn = invitation.userId as number;
    // Bravo gives the member it made a plan before the person joins.
    const task = await createTask(t.app, b);
    await createPlan(b, { taskId: task.id, teamId: bSite, userIds: [standIn] });
    const plannedFor = (await t.app.db.select().from(executionPlans).where(eq(executionPlans.userId, standIn))).map((p) => p.id);
    expect(plannedFor.length).toBeGreaterThan(0);
    const planned = await t.app.db.select().from(schedules).where(eq(schedules.userId, standIn));
    expect(planned.length).toBeGreaterThan(0);
    const figuresOf = async (userId: number) =>
      (await t.app.db.select().from(scheduleMemberRollups).where(eq(scheduleMemberRollups.userId, userId))).map(({ userId: _, ...row }) => row);
    const standInFigures = await figuresOf(standIn);
    expect(standInFigures.length).toBeGreaterThan(0);

    // Someone tries the invited account's username (printed on its activation card) before the
    // person joins: the refusal stays in the append-only audit log, and the hand-over goes through.
    const [standInAccount] = await t.app.db.select().from(users).where(eq(users.id, standIn));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: standInAccount!.username, password: 'not-the-password-1' },
    });
    expect(refused.statusCode).toBe(401);
    const refusals = await t.app.db.select().from(events).where(eq(events.actorId, standIn));
    expect(refusals.map((e) => e.kind)).toContain('auth.sign_in_failed');

    const { key } = (await b.request({ method: 'POST', url: `/api/v1/invitations/${invitation.id}/key` })).json<{ key: string }>();
    const token = await signIn(t.app, 'dana.own', 'persons-own-pass-1');
    const accept = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/account/invitations/${invitation.id}/accept`, headers: { authorization: `Bearer ${token}` }, payload });
    // A member of the business cannot take the place of one it made: they are in it already.
    const ownerTry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/invitations/${invitation.id}/accept`,
      headers: { authorization: `Bearer ${b.token}` },
      payload: { key },
    });
    expect(ownerTry.statusCode).toBe(409);
    expect(ownerTry.json().message).toBe('You are already a member of this business');

    const accepted = await accept({ key });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [kept] = await t.app.db.select().from(events).where(eq(events.id, refusals[0]!.id));
    expect(kept).toMatchObject({ kind: refusals[0]!.kind, actorId: null });
    const dana = (await t.app.db.select().from(users).where(eq(users.username, 'dana.own')))[0];
    expect(await t.app.db.select().from(users).where(eq(users.id, standIn))).toEqual([]);
    const [membership] = await t.app.db
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, b.business.id), eq(businessMembers.userId, dana.id)));
    expect(membership).toMatchObject({ position: 'Guard' });
    const placed = await t.app.db.select().from(teamMembers).where(eq(teamMembers.userId, dana.id));
    expect(placed.map((p) => [p.teamId, p.authority])).toEqual([[bSite, 'SUPERVISOR']]);
    const plansOf = async (userId: number) => (await t.app.db.select().from(executionPlans).where(eq(executionPlans.userId, userId))).map((p) => p.id);
    expect(await plansOf(dana.id)).toEqual(plannedFor);
    expect(await plansOf(standIn)).toEqual([]);
    expect((await t.app.db.select().from(schedules).where(eq(schedules.userId, dana.id))).length).toBe(planned.length);
    // The figures moved with the schedules, and none are left under the stand-in.
    expect(await figuresOf(dana.id)).toEqual(standInFigures);
    expect(await figuresOf(standIn)).toEqual([]);
    expect((await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id)))[0]).toMatchObject({ status: 'ACCEPTED', userId: dana.id });
    // Spent.
    expect((await accept({ key })).statusCode).toBe(404);
    // The person's own account stays theirs: the business cannot change its password.
    expect((await b.request({ method: 'PUT', url: `/api/v1/users/${dana.id}/password`, payload: { password: 'bravo-knows-this-1' } })).statusCode).toBe(403);
  });

  it('hands over every column that names a user: the list matches the database', async () => {
    const result = await t.app.db.execute<{ table_name: string; column_name: string }>(/* sql */ `
      select kcu.table_name, kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'
      union
      select table_name, column_name from information_schema.columns
       where table_schema = 'public' and table_name <> 'users' and column_name in ('user_id', 'member_id', 'agent_id', 'creator_id', 'actor_id')`);
    const inDatabase = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows
      .map((r) => `${r.table_name}.${r.column_name}`)
      .sort();
    const listed = Object.entries({ ...USER_COLUMNS, ...DERIVED_USER_COLUMNS, ...LEFT_WITH_ACCOUNT })
      .flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`))
      .sort();
    expect(listed).toEqual(inDatabase);
  });
});
