// The ways one business, or whoever registered an e-mail first, could take another business's
// invitation, each written as the attacker's steps.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, invitations, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createBusinessWithOwner, createProjectAndSite, signIn, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let a: Caller;
let b: Caller;
let aSite: number;
let bSite: number;

const invite = (email: string) => ({ name: 'Invited Person', email, password: 'chosen-by-admin-1', position: 'Guard', role: 'MEMBER' });
const asUser = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: object; apiKey?: string } = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });
const membershipsOf = async (userId: number) =>
  (await t.app.db.select().from(businessMembers).where(eq(businessMembers.userId, userId))).map((m) => m.businessId);
/** The first account made with the e-mail (accounts a business made may share one). */
const userOf = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email)).orderBy(users.id))[0];

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusinessWithOwner(t.app, 'Alpha Attackers');
  b = await createBusinessWithOwner(t.app, 'Bravo Guards');
  aSite = (await createProjectAndSite(t.app, a)).site.id;
  bSite = (await createProjectAndSite(t.app, b)).site.id;
});
afterAll(() => t.close());

describe("an administrator taking another business's invitation through a password reset", () => {
  it("A creates the person's account, B invites the e-mail: B makes its own; once the person joins B with it, A's reset is refused", async () => {
    const email = 'guard.one@example.com';
    expect((await a.request({ method: 'POST', url: `/api/v1/teams/${aSite}/users`, payload: invite(email) })).statusCode).toBe(201);
    const person = await userOf(email);
    expect((await a.request({ method: 'POST', url: `/api/v1/users/${person.id}/activate` })).statusCode).toBe(200);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(email) });
    expect(sent.statusCode).toBe(201);
    // B's invitation made an account of B's: A's account is not in it and A's reset reaches nothing of B's.
    const [invitation] = await t.app.db.select().from(invitations).where(eq(invitations.id, sent.json().id));
    expect(invitation.userId).not.toBe(person.id);
    expect(await membershipsOf(person.id)).toEqual([a.business.id]);

    // The person joins B with the account A made, holding B's key: from then on only they change it.
    const { key } = (await b.request({ method: 'POST', url: `/api/v1/invitations/${invitation.id}/key` })).json<{ key: string }>();
    const token = await signIn(t.app, person.username, 'chosen-by-admin-1');
    await asUser(token, 'PUT', '/api/v1/account/password', { payload: { currentPassword: 'chosen-by-admin-1', newPassword: 'the-guards-own-1' } });
    const accepted = await asUser(token, 'POST', `/api/v1/account/invitations/${invitation.id}/accept`, { payload: { key } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await membershipsOf(person.id)).sort()).toEqual([a.business.id, b.business.id].sort());
    const reset = await a.request({ method: 'PUT', url: `/api/v1/users/${person.id}/password`, payload: { password: 'known-to-alpha-1' } });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe('Only the person can change their own name, e-mail and password');
    expect((await t.app.db.select().from(users).where(eq(users.id, person.id)))[0].passwordHash).not.toBe(person.passwordHash);
  });

  it('a reset done before the invitation opens nothing but choosing a password, and the invitation still needs its key', async () => {
    const email = 'guard.two@example.com';
    await a.request({ method: 'POST', url: `/api/v1/teams/${aSite}/users`, payload: invite(email) });
    const person = await userOf(email);
    await a.request({ method: 'POST', url: `/api/v1/users/${person.id}/activate` });
    expect((await a.request({ method: 'PUT', url: `/api/v1/users/${person.id}/password`, payload: { password: 'known-to-alpha-1' } })).statusCode).toBe(204);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite(email) });
    const invitationId = sent.json().id as number;

    // Alpha's admin signs in as the person with the password Alpha chose.
    const token = await signIn(t.app, person.username, 'known-to-alpha-1');
    for (const [method, url, payload] of [
      ['GET', '/api/v1/account/invitations', undefined],
      ['POST', `/api/v1/account/invitations/${invitationId}/accept`, undefined],
      ['POST', `/api/v1/account/invitations/${invitationId}/decline`, undefined],
      ['POST', '/api/v1/account/invitations/lookup', { key: 'guessed-key' }],
      ['PUT', '/api/v1/account', { fullName: 'Renamed', email: 'alpha-owned@example.com' }],
      ['GET', '/api/v1/businesses', undefined],
    ] as const) {
      const res = await asUser(token, method, url, { payload });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      expect(res.json().message).toBe('Choose your own password to continue');
    }
    const session = await asUser(token, 'GET', '/api/v1/account/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ workspace: null, invitations: [] });

    // Having "chosen" a password, the admin still cannot take the invitation: it needs its key,
    // which Bravo hands to the person it invited.
    const change = await asUser(token, 'PUT', '/api/v1/account/password', {
      payload: { currentPassword: 'known-to-alpha-1', newPassword: 'alpha-keeps-this-1' },
    });
    expect(change.statusCode).toBe(204);
    expect((await asUser(token, 'GET', '/api/v1/account/invitations')).json()).toEqual([]);
    expect((await asUser(token, 'POST', `/api/v1/account/invitations/${invitationId}/accept`)).statusCode).toBe(404);
    expect((await asUser(token, 'POST', `/api/v1/account/invitations/${invitationId}/accept`, { payload: { key: 'guessed-key' } })).statusCode).toBe(404);
    expect((await asUser(token, 'GET', `/api/v1/teams`, { apiKey: b.business.apiKey })).statusCode).toBe(403);
    expect(await membershipsOf(person.id)).toEqual([a.business.id]);
    expect((await t.app.db.select().from(invitations).where(eq(invitations.id, invitationId)))[0].status).toBe('PENDING');
  });
});

describe('whoever registers an e-mail first', () => {
  it('sees none of the invitations sent to it and cannot accept them; the key lets the invited person in', async () => {
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { username: 'squatter1', email: 'real.guard@example.com', password: 'squatter-pass-1', fullName: 'Not The Guard' },
    });
    expect(squatter.statusCode).toBe(201);
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite('real.guard@example.com') });
    const invitationId = sent.json().id as number;

    const squatterToken = await signIn(t.app, 'squatter1', 'squatter-pass-1');
    expect((await asUser(squatterToken, 'GET', '/api/v1/account/invitations')).json()).toEqual([]);
    expect((await asUser(squatterToken, 'GET', '/api/v1/account/session')).json().invitations).toEqual([]);
    expect((await asUser(squatterToken, 'POST', `/api/v1/account/invitations/${invitationId}/accept`)).statusCode).toBe(404);

    // Bravo issues the invitation's key and hands it to the guard, who signs in with their own account.
    const issued = await b.request({ method: 'POST', url: `/api/v1/invitations/${invitationId}/key` });
    expect(issued.statusCode).toBe(200);
    const { key } = issued.json<{ key: string }>();
    expect((await t.app.db.select().from(invitations).where(eq(invitations.id, invitationId)))[0].keyHash).not.toContain(key);
    // Another business cannot issue it.
    expect((await a.request({ method: 'POST', url: `/api/v1/invitations/${invitationId}/key` })).statusCode).toBe(404);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { username: 'realguard', email: 'guard.personal@example.com', password: 'guard-pass-12', fullName: 'The Guard' },
    });
    const guardToken = await signIn(t.app, 'realguard', 'guard-pass-12');
    const opened = await asUser(guardToken, 'POST', '/api/v1/account/invitations/lookup', { payload: { key } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: invitationId, businessName: 'Bravo Guards' });
    expect((await asUser(guardToken, 'POST', `/api/v1/account/invitations/${invitationId}/accept`, { payload: { key } })).statusCode).toBe(200);
    const guard = await userOf('guard.personal@example.com');
    expect(await membershipsOf(guard.id)).toEqual([b.business.id]);
    // Spent: neither the squatter nor anyone else can use it again.
    expect((await asUser(squatterToken, 'POST', `/api/v1/account/invitations/${invitationId}/accept`, { payload: { key } })).statusCode).toBe(404);
    expect((await asUser(squatterToken, 'POST', '/api/v1/account/invitations/lookup', { payload: { key } })).statusCode).toBe(404);
  });

  it('a newer key replaces the older one', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { username: 'rekeyed1', email: 'rekeyed1@example.com', password: 'rekeyed-pass-1', fullName: 'Re Keyed' },
    });
    const sent = await b.request({ method: 'POST', url: `/api/v1/teams/${bSite}/users`, payload: invite('rekeyed1@example.com') });
    const issue = async () => (await b.request({ method: 'POST', url: `/api/v1/invitations/${sent.json().id}/key` })).json<{ key: string }>().key;
    const first = await issue();
    const second = await issue();
    const token = await signIn(t.app, 'rekeyed1', 'rekeyed-pass-1');
    expect((await asUser(token, 'POST', `/api/v1/account/invitations/${sent.json().id}/accept`, { payload: { key: first } })).statusCode).toBe(404);
    expect((await asUser(token, 'POST', `/api/v1/account/invitations/${sent.json().id}/decline`, { payload: { key: second } })).statusCode).toBe(204);
  });
});
