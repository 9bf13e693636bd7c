import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBusinessWithOwner, createInvitedUser, PASSWORD, type Caller } from '../../test/factories.ts';

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
      username: invited.username, email: invited.email, fullName: invited.fullName, businessName: 'Invite Co', activated: false,
    });
  });

  it('activates with a new name and password; the key is then spent', async () => {
    const invited = await createInvitedUser(t.app, owner);
    expect(await signInStatus(invited.username, PASSWORD)).toBe(401);
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/activate', payload: { key: invited.activationKey, name: 'Nadia Karim', password: 'my-new-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(await signInStatus(invited.username, 'my-new-pass')).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({ fullName: 'Nadia Karim', activated: true, activationKey: null });
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${invited.activationKey}` });
    expect(again.statusCode).toBe(404);
  });

  it('activates by GET with the password the inviter set', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/activate?key=${invited.activationKey}` });
    expect(res.statusCode).toBe(200);
    expect(await signInStatus(invited.username, PASSWORD)).toBe(200);
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
    expect(weak.json().fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'password']);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, invited.id));
    expect(row.activated).toBe(false);
  });
});
