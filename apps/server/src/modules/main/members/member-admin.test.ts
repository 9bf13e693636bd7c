import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, teamMembers, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, addSupervisor, createInvitedUser, createProject, createSite, PASSWORD, placeInSite, type Caller } from '../../../test/factories.ts';
import { hashKey } from '../../../lib/tokens.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let siteA: number;
let siteB: number;
/** An account this business created by invitation, never activated: its admins may still edit who it is. */
let pending: { userId: number; username: string };

const userRow = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];
const membershipOf = async (businessId: number, userId: number) =>
  (
    await t.app.db
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
  )[0];
const edit = (target: { userId: number; username: string }, extra: Record<string, unknown> = {}) => ({
  name: 'Layla Hassan',
  email: `${target.username}@example.com`,
  phone: '5550001',
  countryCode: '+966',
  position: 'Team lead',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  const project = await createProject(t.app, owner);
  siteA = (await createSite(t.app, owner, project.id)).id;
  siteB = (await createSite(t.app, owner, project.id)).id;
  supervisor = await addSupervisor(t.app, owner, [siteA]);
  await placeInSite(t.app, owner, siteA, member.userId);
  const invited = await createInvitedUser(t.app, owner);
  pending = { userId: invited.id, username: invited.username };
});
afterAll(() => t.close());

describe('PUT /api/v1/users/{id}', () => {
  it("edits a pending account's details, and anyone's business role and position", async () => {
    const res = await owner.request({ method: 'PUT', url: `/api/v1/users/${pending.userId}`, payload: edit(pending, { role: 'ADMIN' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: pending.userId,
      fullName: 'Layla Hassan',
      phone: '5550001',
      countryCode: '+966',
      authority: 'ADMIN',
      position: 'Team lead',
      createdHere: true,
    });
    const back = await owner.request({ method: 'PUT', url: `/api/v1/users/${pending.userId}`, payload: edit(pending, { role: 'MEMBER' }) });
    expect(back.json().authority).toBe('MEMBER');
    const kept = await admin.request({ method: 'PUT', url: `/api/v1/users/${pending.userId}`, payload: edit(pending, { name: 'Layla H' }) });
    expect(kept.json()).toMatchObject({ fullName: 'Layla H', authority: 'MEMBER' });
  });

  it("leaves an activated member's name, e-mail and phone to them; role and position still change", async () => {
    const before = await userRow(member.userId);
    const same = { name: before.fullName, email: before.email, phone: before.phone, countryCode: before.countryCode, position: 'Shift lead' };
    const role = await owner.request({ method: 'PUT', url: `/api/v1/users/${member.userId}`, payload: same });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject({ position: 'Shift lead', createdHere: false });
    for (const change of [{ name: 'Someone Else' }, { email: 'takeover@example.com' }, { phone: '5559999' }]) {
      const res = await owner.request({ method: 'PUT', url: `/api/v1/users/${member.userId}`, payload: { ...same, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe('Only the person can change their own name, e-mail and password');
    }
    expect(await userRow(member.userId)).toEqual(before);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await userRow(pending.userId);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [edit(pending, { name: '' }), 400, 'name', 'This field is required'],
      [edit(pending, { name: '1 Layla' }), 400, 'name', 'Name is invalid, Should start with a letter not a number'],
      [edit(pending, { email: 'nope' }), 400, 'email', 'Email is invalid'],
      [edit(pending, { phone: 'call me' }), 400, 'phone'],
      [edit(pending, { role: 'BOSS' }), 400, 'role'],
      [edit(pending, { role: 'OWNER' }), 400, 'role', 'Ownership cannot be given to a member'],
    ];
    for (const [payload, status, field, message] of cases) {
      const res = await owner.request({ method: 'PUT', url: `/api/v1/users/${pending.userId}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await userRow(pending.userId)).toEqual(before);
    expect((await membershipOf(owner.business.id, pending.userId)).role).toBe('MEMBER');
  });

  it("saves a pending account's e-mail whether or not another account has it: the edit tells nothing of others", async () => {
    const res = await owner.request({
      method: 'PUT',
      url: `/api/v1/users/${pending.userId}`,
      payload: edit(pending, { email: `${admin.username}@example.com` }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The account the business made does not claim the address: its owner still signs in with it.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: `${admin.username}@example.com`, password: PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    expect((await owner.request({ method: 'PUT', url: `/api/v1/users/${pending.userId}`, payload: edit(pending) })).statusCode).toBe(200);
  });

  it("keeps the owner's role, and leaves making admins to the owner", async () => {
    const ownerRole = await owner.request({ method: 'PUT', url: `/api/v1/users/${owner.userId}`, payload: edit(owner, { role: 'MEMBER' }) });
    expect(ownerRole.statusCode).toBe(400);
    expect(ownerRole.json().message).toBe("The owner's role cannot be changed");
    const same = await owner.request({ method: 'PUT', url: `/api/v1/users/${owner.userId}`, payload: edit(owner, { role: 'OWNER', name: 'Owner Self' }) });
    expect(same.json()).toMatchObject({ fullName: 'Owner Self', authority: 'OWNER' });

    const promote = await admin.request({ method: 'PUT', url: `/api/v1/users/${pending.userId}`, payload: edit(pending, { role: 'ADMIN' }) });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Only the owner can make, change or remove administrators');
    const demoteSelf = await admin.request({ method: 'PUT', url: `/api/v1/users/${admin.userId}`, payload: edit(admin, { role: 'MEMBER' }) });
    expect(demoteSelf.statusCode).toBe(403);
    const editOwner = await admin.request({ method: 'PUT', url: `/api/v1/users/${owner.userId}`, payload: edit(owner) });
    expect(editOwner.statusCode).toBe(403);
    expect((await membershipOf(owner.business.id, pending.userId)).role).toBe('MEMBER');
    expect((await userRow(owner.userId)).fullName).toBe('Owner Self');
  });

  it("answers 404 for another business's user; 403 to members and supervisors; nothing changes", async () => {
    const before = await userRow(other.userId);
    expect((await owner.request({ method: 'PUT', url: `/api/v1/users/${other.userId}`, payload: edit(other) })).statusCode).toBe(404);
    expect(await userRow(other.userId)).toEqual(before);
    const mine = await userRow(member.userId);
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'PUT', url: `/api/v1/users/${member.userId}`, payload: edit(member, { name: 'Hacked' }) })).statusCode).toBe(403);
    }
    expect(await userRow(member.userId)).toEqual(mine);
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('removes the member from the business with all their placements; the user remains', async () => {
    const leaving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, leaving.userId);
    await placeInSite(t.app, owner, siteB, leaving.userId);
    const res = await admin.request({ method: 'DELETE', url: `/api/v1/users/${leaving.userId}` });
    expect(res.statusCode).toBe(204);
    expect(await membershipOf(owner.business.id, leaving.userId)).toBeUndefined();
    expect(await t.app.db.select().from(teamMembers).where(eq(teamMembers.userId, leaving.userId))).toEqual([]);
    expect(await userRow(leaving.userId)).toBeDefined();
    expect((await owner.request({ method: 'GET', url: `/api/v1/users/${leaving.userId}` })).statusCode).toBe(404);
    expect((await leaving.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(403);
  });

  it('cannot remove the owner or yourself, and only the owner removes admins', async () => {
    const owned = await admin.request({ method: 'DELETE', url: `/api/v1/users/${owner.userId}` });
    expect(owned.statusCode).toBe(409);
    expect(owned.json().message).toBe('The owner cannot be removed from the business');
    const self = await admin.request({ method: 'DELETE', url: `/api/v1/users/${admin.userId}` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot remove yourself from the business');
    const otherAdmin = await addMember(t.app, owner, 'ADMIN');
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/users/${otherAdmin.userId}` })).statusCode).toBe(403);
    expect(await membershipOf(owner.business.id, otherAdmin.userId)).toBeDefined();
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/users/${otherAdmin.userId}` })).statusCode).toBe(204);
    expect(await membershipOf(owner.business.id, owner.userId)).toBeDefined();
  });

  it("answers 404 for another business's user; 403 to members and supervisors; nothing is removed", async () => {
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/users/${other.userId}` })).statusCode).toBe(404);
    expect(await membershipOf(other.business.id, other.userId)).toBeDefined();
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'DELETE', url: `/api/v1/users/${member.userId}` })).statusCode).toBe(403);
    }
    expect(await membershipOf(owner.business.id, member.userId)).toBeDefined();
    expect(await t.app.db.select().from(teamMembers).where(eq(teamMembers.userId, member.userId))).toHaveLength(1);
  });
});

describe('POST /api/v1/users/{id}/activate', () => {
  it('activates an invited member now, spending the key; they sign in with their invitation password', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await admin.request({ method: 'POST', url: `/api/v1/users/${invited.id}/activate` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: invited.id, active: true, status: 'ACTIVE' });
    expect(await userRow(invited.id)).toMatchObject({ activated: true, activationKey: null });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: invited.username, password: PASSWORD } });
    expect(signIn.statusCode).toBe(200);
  });

  it("answers 404 for another business's user and 403 to members; nothing is activated", async () => {
    const theirs = await createInvitedUser(t.app, other);
    expect((await owner.request({ method: 'POST', url: `/api/v1/users/${theirs.id}/activate` })).statusCode).toBe(404);
    const mine = await createInvitedUser(t.app, owner);
    for (const caller of [member, supervisor]) {
      expect((await caller.request({ method: 'POST', url: `/api/v1/users/${mine.id}/activate` })).statusCode).toBe(403);
    }
    expect(await userRow(theirs.id)).toMatchObject({ activated: false, activationKey: hashKey(theirs.activationKey) });
    expect(await userRow(mine.id)).toMatchObject({ activated: false, activationKey: hashKey(mine.activationKey) });
    expect((await owner.request({ method: 'POST', url: '/api/v1/users/abc/activate' })).statusCode).toBe(400);
  });
});
