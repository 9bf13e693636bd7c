import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, projects, teams, users } from '../db/schema.ts';
import { tasks } from '../db/schema-workflow.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo business', () => {
  it('creates a business to explore, signs in as demo, and never runs twice', async () => {
    expect(await seedDemo(t.app.db)).toBe(true);
    expect(await seedDemo(t.app.db)).toBe(false);
    const n = async (table: typeof projects | typeof teams | typeof tasks | typeof users) => (await t.app.db.select({ n: count() }).from(table))[0].n;
    expect(await n(projects)).toBe(3);
    expect(await n(teams)).toBe(5);
    expect(await n(tasks)).toBe(3);
    const waiting = await t.app.db.select().from(users).where(eq(users.activated, false));
    expect(waiting).toHaveLength(1);

    const res = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${res.json().id_token}` } });
    expect(account.json().businessIdentities[0]).toMatchObject({ businessName: 'Noor Facility Services', role: 'OWNER' });
    const members = await t.app.db.select().from(businessMembers);
    expect(members.length).toBe(7);
  });
});
