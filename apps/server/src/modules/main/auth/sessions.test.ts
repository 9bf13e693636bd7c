import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, callerFor, createBusinessWithOwner, createInvitedUser, PASSWORD, signIn, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

const get = (app: TestApp['app'], token: string, url = '/api/v1/account') => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const post = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/account/password', headers: { authorization: `Bearer ${token}` }, payload });

describe('sessions', () => {
  it("logout ends that session at once, on every instance; the person's other sessions go on", async () => {
    const member = await addMember(t.app, owner);
    const other = await signIn(t.app, member.username);
    const second = await t.secondInstance();
    expect((await get(second, member.token)).statusCode).toBe(200);
    expect((await post(member.token, '/api/v1/logout')).statusCode).toBe(204);
    for (const app of [t.app, second]) {
      const res = await get(app, member.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication failed');
    }
    expect((await get(second, other)).statusCode).toBe(200);
    expect((await post(member.token, '/api/v1/logout')).statusCode).toBe(401);
  });

  it('"sign out of all devices" ends every session of the person, and only theirs', async () => {
    const member = await addMember(t.app, owner);
    const phone = await signIn(t.app, member.username);
    expect((await post(member.token, '/api/v1/account/sign-out-everywhere')).statusCode).toBe(204);
    expect((await get(t.app, member.token)).statusCode).toBe(401);
    expect((await get(t.app, phone)).statusCode).toBe(401);
    expect((await get(t.app, owner.token)).statusCode).toBe(200);
    expect((await get(t.app, await signIn(t.app, member.username))).statusCode).toBe(200);
  });

  it('refuses a genuine token without an expiry or without a session', async () => {
    const member = await addMember(t.app, owner);
    const sign = (claims: Record<string, unknown>, exp: boolean) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setSubject(String(member.userId)).setIssuedAt();
      return (exp ? jwt.setExpirationTime('1h') : jwt).sign(t.jwtSecret);
    };
    const { sid } = JSON.parse(Buffer.from(member.token.split('.')[1], 'base64url').toString()) as { sid: string };
    expect((await get(t.app, await sign({ sid }, true))).statusCode).toBe(200);
    expect((await get(t.app, await sign({ sid }, false))).statusCode).toBe(401);
    expect((await get(t.app, await sign({}, true))).statusCode).toBe(401);
  });

  it('removing a member from the business ends what they could do in it at once', async () => {
    const member = await addMember(t.app, owner);
    expect((await member.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/users/${member.userId}` })).statusCode).toBe(204);
    expect((await member.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(403);
  });
});

describe('PUT /api/v1/account/password', () => {
  it('needs the current password and refuses weak ones, naming the field; nothing changes', async () => {
    const member = await addMember(t.app, owner);
    const cases: [object, string, string][] = [
      [{ currentPassword: 'wrong-one', newPassword: 'a-fine-new-pass' }, 'currentPassword', 'Current password is incorrect'],
      [{ currentPassword: PASSWORD, newPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters'],
      [{ currentPassword: PASSWORD, newPassword: '          ' }, 'newPassword', 'Password cannot be only spaces'],
      [{ currentPassword: PASSWORD, newPassword: 'password123' }, 'newPassword', 'This password is too common. Choose one that is harder to guess'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await changePassword(member.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors[0]).toEqual({ field, message });
    }
    expect(await signIn(t.app, member.username)).toBeTruthy();
  });

  it('changes it, ending the other sessions and keeping this one', async () => {
    const member = await addMember(t.app, owner);
    const laptop = await signIn(t.app, member.username);
    expect((await changePassword(member.token, { currentPassword: PASSWORD, newPassword: 'my-own-new-pass' })).statusCode).toBe(204);
    expect((await get(t.app, member.token)).statusCode).toBe(200);
    expect((await get(t.app, laptop)).statusCode).toBe(401);
    await expect(signIn(t.app, member.username)).rejects.toThrow(/401/);
    expect(await signIn(t.app, member.username, 'my-own-new-pass')).toBeTruthy();
  });
});

describe("PUT /api/v1/users/{userId}/password (an admin's reset)", () => {
  it('resets an account the business created, ends its sessions, and the person chooses their own at sign-in', async () => {
    const invited = await createInvitedUser(t.app, owner);
    await owner.request({ method: 'POST', url: `/api/v1/users/${invited.id}/activate` });
    const first = await signIn(t.app, invited.username);
    const reset = await owner.request({ method: 'PUT', url: `/api/v1/users/${invited.id}/password`, payload: { password: 'temporary-pass-9' } });
    expect(reset.statusCode).toBe(204);
    expect((await get(t.app, first)).statusCode).toBe(401);

    const token = await signIn(t.app, invited.username, 'temporary-pass-9');
    const account = await get(t.app, token);
    expect(account.json().mustChangePassword).toBe(true);
    const person = callerFor(t.app, { id: invited.id, username: invited.username }, token, owner.business);
    const blocked = await person.request({ method: 'GET', url: '/api/v1/projects' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Choose your own password to continue');
    expect((await changePassword(token, { currentPassword: 'temporary-pass-9', newPassword: 'chosen-by-me-1' })).statusCode).toBe(204);
    expect((await get(t.app, token)).json().mustChangePassword).toBe(false);
    expect((await person.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
  });

  it('refuses a person who signed up themselves or who also belongs to another business; nothing changes', async () => {
    const member = await addMember(t.app, owner);
    const other = await createBusinessWithOwner(t.app);
    const shared = await createInvitedUser(t.app, owner);
    await t.app.db.update(users).set({ activated: true }).where(eq(users.id, shared.id));
    await t.app.db.insert(businessMembers).values({ businessId: other.business.id, userId: shared.id, role: 'MEMBER' });
    for (const userId of [member.userId, shared.id, owner.userId]) {
      const [before] = await t.app.db.select().from(users).where(eq(users.id, userId));
      const res = await owner.request({ method: 'PUT', url: `/api/v1/users/${userId}/password`, payload: { password: 'taken-over-pass' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the person can change their own name, e-mail and password');
      expect((await t.app.db.select().from(users).where(eq(users.id, userId)))[0]).toEqual(before);
    }
    expect((await get(t.app, member.token)).statusCode).toBe(200);
  });
});
