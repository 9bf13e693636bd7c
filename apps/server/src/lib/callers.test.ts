// The callers each instance keeps in memory (lib/callers.ts): found without a database read once
// known, and forgotten on every instance the moment a change commits, whichever instance (or no
// instance at all) made it.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, sessions } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { addMember, createBusinessWithOwner, type Caller } from '../test/factories.ts';

let t: TestApp;
let second: FastifyInstance;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

/** A request of `caller` to an instance, with their token and business key. */
const call = (app: FastifyInstance, caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${caller.token}`, 'x-api-key': caller.business.apiKey },
    ...(payload ? { payload } : {}),
  });

/** Waits (a second at most) until `check` holds: for changes made outside any request. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('the callers an instance keeps', () => {
  it('finds a known caller with no database read', async () => {
    const member = await addMember(t.app, owner);
    expect((await call(second, member, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    const before = { ...second.callers.stats };
    for (let i = 0; i < 5; i++) expect((await call(second, member, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    expect(second.callers.active).toBe(true);
    expect(second.callers.stats.misses).toBe(before.misses);
    expect(second.callers.stats.hits - before.hits).toBe(10); // a session and the memberships, five times
  });

  it('a role changed on one instance is the role on the other at once, both ways', async () => {
    const member = await addMember(t.app, owner);
    const roleOnSecond = async () => (await call(second, member, 'GET', `/api/v1/businesses/${owner.business.id}`)).json().ownershipType;
    expect(await roleOnSecond()).toBe('MEMBER');
    const edit = (role: string) => ({ name: `Person ${member.username}`, email: `${member.username}@example.com`, position: 'Lead', role });
    expect((await call(t.app, owner, 'PUT', `/api/v1/users/${member.userId}`, edit('ADMIN'))).statusCode).toBe(200);
    expect(await roleOnSecond()).toBe('ADMIN');
    expect((await call(t.app, owner, 'PUT', `/api/v1/users/${member.userId}`, edit('MEMBER'))).statusCode).toBe(200);
    expect(await roleOnSecond()).toBe('MEMBER');
  });

  it('removal from the business on one instance ends the member there on the other at once', async () => {
    const member = await addMember(t.app, owner);
    expect((await call(second, member, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    expect((await call(t.app, owner, 'DELETE', `/api/v1/users/${member.userId}`)).statusCode).toBe(204);
    expect((await call(second, member, 'GET', '/api/v1/projects')).statusCode).toBe(403);
  });

  it('logout on one instance: the next request on the same or the other instance is refused', async () => {
    const member = await addMember(t.app, owner);
    for (const app of [t.app, second]) expect((await call(app, member, 'GET', '/api/v1/account')).statusCode).toBe(200);
    expect((await call(t.app, member, 'POST', '/api/v1/logout')).statusCode).toBe(204);
    for (const app of [t.app, second]) expect((await call(app, member, 'GET', '/api/v1/account')).statusCode).toBe(401);
  });

  it('hears changes made straight in the database, by no instance: a session ended, a business key replaced', async () => {
    const member = await addMember(t.app, owner);
    expect((await call(second, member, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.userId, member.userId));
    expect(await eventually(async () => (await call(second, member, 'GET', '/api/v1/projects')).statusCode === 401)).toBe(true);

    const other = await createBusinessWithOwner(t.app);
    expect((await call(second, other, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    await t.database.db
      .update(businesses)
      .set({ apiKey: `replaced-${other.business.id}` })
      .where(eq(businesses.id, other.business.id));
    expect(await eventually(async () => (await call(second, other, 'GET', '/api/v1/projects')).statusCode === 403)).toBe(true);
  });
});
