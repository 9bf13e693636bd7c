import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { createInvitedUser, createProjectAndSite, IMAGES, multipart, placeInSite, signedFileUrl, type Caller } from '../../../test/factories.ts';
import { businessMembers, users } from '../../../db/schema.ts';
import { hashKey } from '../../../lib/tokens.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
  const { site } = await createProjectAndSite(t.app, owner, 'Tower A');
  await placeInSite(t.app, owner, site.id, member.userId, 'SUPERVISOR');
});
afterAll(() => t.close());

describe('users in a business', () => {
  it('GET /api/users/{id} and /api/v1/users/{id} answer the member with their sites', async () => {
    for (const url of [`/api/users/${member.userId}`, `/api/v1/users/${member.userId}`]) {
      const res = await owner.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        userId: member.userId,
        username: member.username,
        authority: 'MEMBER',
        status: 'ACTIVE',
        businessId: owner.business.id,
        teams: [{ name: 'Tower A', authority: 'SUPERVISOR', position: 'Guard' }],
      });
    }
  });

  it("answers 404 for another business's user, and 400 for a bad id", async () => {
    for (const url of [`/api/users/${other.userId}`, `/api/v1/users/${other.userId}`, `/api/users/${other.userId}/basic-info`]) {
      const res = await owner.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain(other.username);
    }
    expect((await owner.request({ method: 'GET', url: '/api/users/abc' })).statusCode).toBe(400);
  });

  it('GET basic-info and POST /api/users/ids answer only users of the business', async () => {
    const info = await owner.request({ method: 'GET', url: `/api/users/${member.userId}/basic-info` });
    expect(info.json()).toEqual({ id: member.userId, username: member.username, fullName: expect.any(String), avatar: null });
    const ids = await owner.request({ method: 'POST', url: '/api/users/ids', payload: [member.userId, other.userId, owner.userId] });
    expect(ids.statusCode).toBe(200);
    expect(
      ids
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([owner.userId, member.userId].sort());
    const bad = await owner.request({ method: 'POST', url: '/api/users/ids', payload: ['x'] });
    expect(bad.statusCode).toBe(400);
  });

  it('PUT /api/users/{id}/profile saves the name and details, with the avatar only when a file is sent', async () => {
    const form = multipart({ name: 'Omar Haddad', email: `${member.username}@example.com`, phone: '5551234', countryCode: '+971', bio: 'Night shift' }, [
      { field: 'avatar', filename: 'a.gif', type: 'image/gif', data: IMAGES.gif },
    ]);
    const res = await member.request({ method: 'PUT', url: `/api/users/${member.userId}/profile`, ...form });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Omar Haddad', phone: '5551234', countryCode: '+971', bio: 'Night shift' });
    const avatar = res.json().avatar;
    expect(avatar).toMatch(signedFileUrl('gif'));

    const noFile = multipart({ name: 'Omar H', email: `${member.username}@example.com` });
    const kept = await member.request({ method: 'PUT', url: `/api/users/${member.userId}/profile`, ...noFile });
    expect(kept.json()).toMatchObject({ fullName: 'Omar H', avatar });
  });

  it('refuses a profile without a name, and changes nothing', async () => {
    const form = multipart({ name: '  ', email: `${member.username}@example.com` });
    const res = await member.request({ method: 'PUT', url: `/api/users/${member.userId}/profile`, ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Profile name is required');
    expect((await member.request({ method: 'GET', url: `/api/users/${member.userId}` })).json().fullName).toBe('Omar H');
  });

  it("lets admins edit only the profile of a pending account they created; the person's own profile is theirs", async () => {
    const form = () => multipart({ name: 'Changed', email: `${owner.username}@example.com` });
    expect((await member.request({ method: 'PUT', url: `/api/users/${owner.userId}/profile`, ...form() })).statusCode).toBe(403);
    expect((await other.request({ method: 'PUT', url: `/api/users/${owner.userId}/profile`, ...form() })).statusCode).toBe(404);
    const byAdmin = multipart({ name: 'Edited By Owner', email: `${member.username}@example.com` });
    const refused = await owner.request({ method: 'PUT', url: `/api/users/${member.userId}/profile`, ...byAdmin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the person can change their own name, e-mail and password');
    const pending = await createInvitedUser(t.app, other);
    const forPending = multipart({ name: 'Typo Fixed', email: pending.email });
    expect((await other.request({ method: 'PUT', url: `/api/users/${pending.id}/profile`, ...forPending })).statusCode).toBe(200);
  });

  it('GET /api/admin/users pages members with X-Total-Count, for admins only', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/admin/users?page=0&size=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toHaveLength(1);
    expect((await member.request({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
    expect((await owner.request({ method: 'GET', url: '/api/admin/users?size=0' })).statusCode).toBe(400);
    const theirs = (await other.request({ method: 'GET', url: '/api/admin/users' })).json();
    expect(theirs.map((m: { userId: number }) => m.userId)).not.toContain(owner.userId);
    expect(theirs.map((m: { userId: number }) => m.userId)).toContain(other.userId);
  });

  it('the activation key is kept hashed: a read shows its expiry, a new key is shown once to admins of that business only', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await owner.request({ method: 'GET', url: `/api/v1/users/${invited.id}/activation-key` });
    expect(res.json()).toEqual({ userId: invited.id, activationKey: null, activated: false, expiresAt: expect.any(String) });
    const issued = await owner.request({ method: 'POST', url: `/api/v1/users/${invited.id}/activation-key` });
    expect(issued.json()).toEqual({
      userId: invited.id,
      activationKey: expect.stringMatching(/^[0-9a-f]{40}$/),
      activated: false,
      expiresAt: expect.any(String),
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, invited.id));
    expect(row.activationKey).toBe(hashKey(issued.json().activationKey));
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${invited.activationKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${issued.json().activationKey}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${row.activationKey}` })).statusCode).toBe(404);
    expect((await member.request({ method: 'POST', url: `/api/v1/users/${invited.id}/activation-key` })).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: `/api/v1/users/${invited.id}/activation-key` })).statusCode).toBe(403);
    expect((await other.request({ method: 'GET', url: `/api/v1/users/${invited.id}/activation-key` })).statusCode).toBe(404);
  });
});

describe("a person's sign-in limit", () => {
  it('is read and lifted by no business the person uses, only by the business that created a still-pending account', async () => {
    const alpha = await createCast(t.app, { member: true });
    const bravo = await createCast(t.app, {});
    // The member of Alpha joins Bravo too: neither business may watch or lift their limit.
    await t.app.db.insert(businessMembers).values({ businessId: bravo.owner.business.id, userId: alpha.member.userId, role: 'MEMBER' });
    for (const business of [alpha.owner, bravo.owner]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await business.request({ method, url: `/api/v1/users/${alpha.member.userId}/sign-in-lock` });
        expect(res.statusCode, `${method} by ${business.business.name}`).toBe(403);
        expect(res.json().message).toBe(
          'Only the person can lift the sign-in limit of an account they use; the business that created a pending account can lift its limit',
        );
      }
    }
    // Alpha created this account, but the person has activated it: it is theirs now.
    const activated = await createInvitedUser(t.app, alpha.owner);
    await t.app.db.update(users).set({ activated: true }).where(eq(users.id, activated.id));
    expect((await alpha.owner.request({ method: 'DELETE', url: `/api/v1/users/${activated.id}/sign-in-lock` })).statusCode).toBe(403);
    const pending = await createInvitedUser(t.app, alpha.owner);
    expect((await alpha.owner.request({ method: 'GET', url: `/api/v1/users/${pending.id}/sign-in-lock` })).json()).toEqual({ locked: false, until: null });
    expect((await alpha.owner.request({ method: 'DELETE', url: `/api/v1/users/${pending.id}/sign-in-lock` })).statusCode).toBe(204);
    expect((await alpha.member.request({ method: 'DELETE', url: `/api/v1/users/${pending.id}/sign-in-lock` })).statusCode).toBe(403);
    expect((await bravo.owner.request({ method: 'GET', url: `/api/v1/users/${pending.id}/sign-in-lock` })).statusCode).toBe(404);
  });
});
