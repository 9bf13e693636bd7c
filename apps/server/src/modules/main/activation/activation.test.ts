import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createBusinessWithOwner, createInvitedUser, PASSWORD, type Caller } from '../../../test/factories.ts';
import { hashKey } from '../../../lib/tokens.ts';

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app, 'Invite Co');
});
afterAll(() => t.close());

const signInStatus = async (username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } })).statusCode;

describe('activation by key', () => {
  it('shows who the key belongs to', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${invited.activationKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: invited.username,
      email: invited.email,
      fullName: invited.fullName,
      businessName: 'Invite Co',
      activated: false,
    });
  });

  it('activates with a new name and password; the key is then spent', async () => {
    const invited = await createInvitedUser(t.app, owner);
    expect(await signInStatus(invited.username, PASSWORD)).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activate',
      payload: { key: invited.activationKey, name: 'Nadia Karim', password: 'my-new-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(await signInStatus(invited.username, 'my-new-pass')).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({ fullName: 'Nadia Karim', activated: true, activationKey: null });
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${invited.activationKey}` });
    expect(again.statusCode).toBe(404);
  });

  it('never activates by GET: it only reads the key, like activation-detail', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/activate?key=${invited.activationKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: invited.username, activated: false });
    expect(await signInStatus(invited.username, PASSWORD)).toBe(401);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({ activated: false, activationKey: hashKey(invited.activationKey) });
  });

  it('refuses an expired key with its own message, and a new key from the admin works', async () => {
    const invited = await createInvitedUser(t.app, owner);
    await t.app.db
      .update(users)
      .set({ activationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, invited.id));
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${invited.activationKey}` });
    expect(detail.statusCode).toBe(400);
    expect(detail.json().message).toBe('Activation key has expired. Ask your administrator for a new one');
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/activate', payload: { key: invited.activationKey, name: 'N K', password: 'my-new-pass' } });
    expect(post.statusCode).toBe(400);
    expect((await t.app.db.select().from(users).where(eq(users.id, invited.id)))[0].activated).toBe(false);

    const issued = await owner.request({ method: 'POST', url: `/api/v1/users/${invited.id}/activation-key` });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().activationKey).not.toBe(invited.activationKey);
    expect(new Date(issued.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activate',
      payload: { key: issued.json().activationKey, name: 'N K', password: 'my-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a commonly used password and an only-spaces one', async () => {
    const invited = await createInvitedUser(t.app, owner);
    for (const [password, message] of [
      ['qwerty123', 'This password is too common. Choose one that is harder to guess'],
      ['          ', 'Password cannot be only spaces'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/activate', payload: { key: invited.activationKey, name: 'N K', password } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'password', message }]);
    }
    expect((await t.app.db.select().from(users).where(eq(users.id, invited.id)))[0].activated).toBe(false);
  });

  it('answers the missing-key and unknown-key messages and changes nothing', async () => {
    const invited = await createInvitedUser(t.app, owner);
    for (const url of ['/api/v1/activation-detail', '/api/v1/activate', '/api/v1/activate?key=%20']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Activation key is missing');
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/activate', payload: { key: 'no-such-key', name: 'X', password: 'long-enough' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Activation key not found');
    const weak = await t.app.inject({ method: 'POST', url: '/api/v1/activate', payload: { key: invited.activationKey, name: '', password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(
      weak
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['name', 'password']);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, invited.id));
    expect(row.activated).toBe(false);
  });
});
