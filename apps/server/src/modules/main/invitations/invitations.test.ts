import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, invitations, teamMembers, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  addSupervisor,
  createBusinessWithOwner,
  createInvitedUser,
  createProject,
  createSite,
  signIn,
  type Caller,
} from '../../../test/factories.ts';

let t: TestApp;
let a: Caller;
let b: Caller;
let bSupervisor: Caller;
let bSite: number;
let bOtherSite: number;

const invite = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Typed By B',
  email,
  password: 'b-chosen-pass',
  position: 'Guard',
  role: 'MEMBER',
  ...extra,
});
const asUser = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
/** The secret of invitation `id`, as the inviting business hands it over. */
const keyOf = async (id: number) => (await b.request({ method: 'POST', url: `/api/v1/invitations/${id}/key` })).json<{ key: string }>().key;
const proveAddress = (userId: number) => t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
const membershipsOf = async (userId: number) =>
  (await t.app.db.select().from(businessMembers).where(eq(businessMembers.userId, userId))).map((m) => m.businessId).sort();

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusinessWithOwner(t.app, 'Alpha Cleaning');
  b = await createBusinessWithOwner(t.app, 'Bravo Security');
  const project = await createProject(t.app, b);
  bSite = (await createSite(t.app, b, project.id, { name: 'Gate North' })).id;
  bOtherSite = (await createSite(t.app, b, project.id)).id;
  bSupervisor = await addSupervisor(t.app, b, [bSite]);
});
afterAll(() => t.close());

describe("taking over another business's pending member", () => {
  it('fails at every step: B only invites; the key, the identity and the password stay with A and the person', async () => {
    const pending = await createInvitedUser(t.app, a);
    const [before] = await t.app.db.select().from(users).where(eq(users.id, pending.id));

    const res = await bSupervisor.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(pending.email) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: pending.email, name: 'Typed By B', status: 'PENDING' });
    expect(JSON.stringify(res.json())).not.toContain(pending.fullName);
    expect(await membershipsOf(pending.id)).toEqual([a.business.id]);

    for (const [method, url, payload] of [
      ['GET', `/api/v1/users/${pending.id}/activation-key`, undefined],
      ['POST', `/api/v1/users/${pending.id}/activation-key`, undefined],
      ['GET', `/api/v1/users/${pending.id}`, undefined],
      ['PUT', `/api/v1/users/${pending.id}`, { name: 'Taken Over', email: 'attacker@example.com' }],
      ['PUT', `/api/v1/users/${pending.id}/password`, { password: 'attacker-pass-1' }],
      ['POST', `/api/v1/users/${pending.id}/activate`, undefined],
    ] as const) {
      const reply = await b.request({ method, url, ...(payload ? { payload } : {}) });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
      expect(reply.body).not.toContain(pending.activationKey!);
    }
    expect((await t.app.db.select().from(users).where(eq(users.id, pending.id)))[0]).toEqual(before);
  });

  it('after accepting, B holds a membership, never the identity', async () => {
    const person = await addMember(t.app, a);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(`${person.username}@example.com`) });
    const key = await keyOf(sent.json().id);
    expect((await asUser(person.token, 'POST', `/api/v1/account/invitations/${sent.json().id}/accept`, { key })).statusCode).toBe(200);
    const [before] = await t.app.db.select().from(users).where(eq(users.id, person.userId));
    const same = { name: before.fullName, email: before.email };
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/users/${person.userId}`, { ...same, email: 'attacker@example.com' }],
      ['PUT', `/api/v1/users/${person.userId}`, { ...same, name: 'Renamed By B' }],
      ['PUT', `/api/v1/users/${person.userId}/password`, { password: 'attacker-pass-1' }],
    ] as const) {
      const reply = await b.request({ method, url, payload });
      expect(reply.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await b.request({ method: 'GET', url: `/api/v1/users/${person.userId}/activation-key` })).statusCode).toBe(404);
    expect((await t.app.db.select().from(users).where(eq(users.id, person.userId)))[0]).toEqual(before);
  });
});

describe('invitations of people who have an account', () => {
  it('shows the person their invitation after sign-in once their address is proven, and accepting places them in the sites', async () => {
    const person = await addMember(t.app, a);
    await proveAddress(person.userId);
    const [{ email }] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, person.userId));
    const sent = await b.request({
      method: 'POST',
      url: '/api/v1/team-members',
      payload: { ...invite(email, { role: 'SUPERVISOR' }), teams: [bSite, bOtherSite] },
    });
    expect(sent.statusCode).toBe(201);
    const mine = await asUser(person.token, 'GET', '/api/v1/account/invitations');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        id: sent.json().id,
        businessName: 'Bravo Security',
        businessColour: expect.any(String),
        authority: 'SUPERVISOR',
        position: 'Guard',
        invitedBy: expect.any(String),
        createdAt: expect.any(String),
        teams: expect.arrayContaining([{ id: bSite, name: 'Gate North' }]),
      },
    ]);
    // Someone else cannot answer it.
    const stranger = await addMember(t.app, a);
    expect((await asUser(stranger.token, 'POST', `/api/v1/account/invitations/${sent.json().id}/accept`)).statusCode).toBe(404);

    const accepted = await asUser(person.token, 'POST', `/api/v1/account/invitations/${sent.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().businessIdentities.map((i: { businessName: string }) => i.businessName)).toContain('Bravo Security');
    expect(await membershipsOf(person.userId)).toEqual([a.business.id, b.business.id].sort());
    const placed = await t.app.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, person.userId), eq(teamMembers.businessId, b.business.id)));
    expect(placed.map((p) => [p.teamId, p.authority]).sort()).toEqual(
      [
        [bSite, 'SUPERVISOR'],
        [bOtherSite, 'SUPERVISOR'],
      ].sort(),
    );
    expect((await asUser(person.token, 'GET', '/api/v1/account/invitations')).json()).toEqual([]);
    expect((await asUser(person.token, 'POST', `/api/v1/account/invitations/${sent.json().id}/accept`)).statusCode).toBe(404);
  });

  it('declining changes nothing in the business and leaves the invitation declined', async () => {
    const person = await addMember(t.app, a);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(`${person.username}@example.com`) });
    const key = await keyOf(sent.json().id);
    expect((await asUser(person.token, 'POST', `/api/v1/account/invitations/${sent.json().id}/decline`, { key })).statusCode).toBe(204);
    expect(await membershipsOf(person.userId)).toEqual([a.business.id]);
    const listed = await b.request({ method: 'GET', url: '/api/v1/invitations?status=DECLINED' });
    expect(listed.json().map((i: { id: number }) => i.id)).toContain(sent.json().id);
  });

  it('a second invitation while one is pending adds its sites to it', async () => {
    const person = await addMember(t.app, a);
    const email = `${person.username}@example.com`;
    const first = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(email) });
    const second = await b.request({ method: 'POST', url: `/api/v1/teams/${bOtherSite}/users`, payload: invite(email) });
    expect(second.json().id).toBe(first.json().id);
    expect(
      second
        .json()
        .teams.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([bSite, bOtherSite].sort());
  });

  it('the business lists and cancels its invitations; a supervisor sees those to their sites; another business none', async () => {
    const person = await addMember(t.app, a);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bOtherSite}/users`, payload: invite(`${person.username}@example.com`) });
    const id = sent.json().id as number;
    const all = await b.request({ method: 'GET', url: '/api/v1/invitations?status=PENDING' });
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(0);
    expect(all.json().map((i: { id: number }) => i.id)).toContain(id);
    const theirs = await bSupervisor.request({ method: 'GET', url: '/api/v1/invitations' });
    expect(theirs.json().map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await bSupervisor.request({ method: 'DELETE', url: `/api/v1/invitations/${id}` })).statusCode).toBe(403);
    expect((await a.request({ method: 'GET', url: '/api/v1/invitations' })).json().map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await a.request({ method: 'DELETE', url: `/api/v1/invitations/${id}` })).statusCode).toBe(404);

    const key = await keyOf(id);
    expect((await b.request({ method: 'DELETE', url: `/api/v1/invitations/${id}` })).statusCode).toBe(204);
    expect((await asUser(person.token, 'GET', '/api/v1/account/invitations')).json()).toEqual([]);
    expect((await asUser(person.token, 'POST', `/api/v1/account/invitations/${id}/accept`, { key })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row.status).toBe('CANCELED');
  });

  it("a person with no business yet can open an invitation's link and accept it", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { username: 'newcomer1', email: 'newcomer1@example.com', password: 'newcomer-pass-1', fullName: 'New Comer' },
    });
    expect(res.statusCode).toBe(201);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite('newcomer1@example.com') });
    const key = await keyOf(sent.json().id);
    const token = await signIn(t.app, 'newcomer1', 'newcomer-pass-1');
    const mine = (await asUser(token, 'POST', '/api/v1/account/invitations/lookup', { key })).json();
    expect(mine).toMatchObject({ id: sent.json().id, businessName: 'Bravo Security' });
    const accepted = await asUser(token, 'POST', `/api/v1/account/invitations/${mine.id}/accept`, { key });
    expect(accepted.json().businessIdentities).toHaveLength(1);
  });
});
