import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessMembers, lookups, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createBusinessWithOwner, signIn } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/register', payload });
const countRows = async (table: typeof users | typeof businesses) => (await t.app.db.select({ n: count() }).from(table))[0].n;

describe('onboarding', () => {
  it('registers a user, signs in, creates their business and lands them in it', async () => {
    const res = await register({ username: 'Maha.Owner', email: 'Maha@Example.com', password: 'long-enough', fullName: 'Maha' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'maha.owner', email: 'maha@example.com' });

    const token = await signIn(t.app, 'maha.owner', 'long-enough');
    const [industry] = (await t.app.inject({ method: 'GET', url: '/api/v1/industries' })).json();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/onboarding/user/${user.id}/business`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Maha Cleaning', colour: '#aa3300', timeZone: 'Asia/Dubai', industryId: industry.id },
    });
    expect(created.statusCode).toBe(201);
    const business = created.json();
    expect(business).toMatchObject({ name: 'Maha Cleaning', colour: '#aa3300', timeZone: 'Asia/Dubai', ownershipType: 'OWNER', industryId: industry.id });
    expect(business.apiKey).toMatch(/^[a-f0-9]{40}$/);

    const account = (await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${token}` } })).json();
    expect(account.businessIdentities).toEqual([
      { businessId: business.id, businessName: 'Maha Cleaning', apiKey: business.apiKey, defaultBusiness: true, role: 'OWNER' },
    ]);
    const types = await t.app.db.select().from(lookups).where(eq(lookups.businessId, business.id));
    expect(types.length).toBeGreaterThan(0);
  });

  it('names each bad field and creates nothing', async () => {
    const before = await countRows(users);
    const res = await register({ username: '1abc', email: 'not-an-email', password: 'short', fullName: '' });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .fieldErrors.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['email', 'fullName', 'password', 'username']);
    expect(await countRows(users)).toBe(before);
  });

  it('refuses a username or e-mail already in use', async () => {
    const first = { username: 'taken.name', email: 'taken@example.com', password: 'long-enough', fullName: 'A' };
    expect((await register(first)).statusCode).toBe(201);
    const sameName = await register({ ...first, email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().fieldErrors[0]).toEqual({ field: 'username', message: 'Username is already in use' });
    const sameEmail = await register({ ...first, username: 'other.name', email: 'TAKEN@example.com' });
    expect(sameEmail.json().fieldErrors[0].field).toBe('email');
  });

  it('creates no business on bad input, and only one business per new user', async () => {
    const { id } = (await register({ username: 'solo.owner', email: 'solo@example.com', password: 'long-enough', fullName: 'Solo' })).json();
    const token = await signIn(t.app, 'solo.owner', 'long-enough');
    const call = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/onboarding/user/${id}/business`, headers: { authorization: `Bearer ${token}` }, payload });
    const before = await countRows(businesses);
    const bad = await call({ name: '', colour: 'red', timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['colour', 'name', 'timeZone']);
    const unknownIndustry = await call({ name: 'Good Name', industryId: 999999 });
    expect(unknownIndustry.statusCode).toBe(400);
    expect(unknownIndustry.json().message).toBe('Industry not found');
    expect(await countRows(businesses)).toBe(before);
    expect((await call({ name: 'Good Name' })).statusCode).toBe(201);
    expect((await call({ name: 'Second' })).statusCode).toBe(409);
    const memberships = await t.app.db.select().from(businessMembers).where(eq(businessMembers.userId, id));
    expect(memberships).toHaveLength(1);
  });

  it('does not let one user create a business for another', async () => {
    const victim = (await register({ username: 'victim.user', email: 'victim@example.com', password: 'long-enough', fullName: 'V' })).json();
    const other = await createBusinessWithOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/onboarding/user/${victim.id}/business`,
      headers: { authorization: `Bearer ${other.token}` },
      payload: { name: 'Hijack' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.app.db.select().from(businessMembers).where(eq(businessMembers.userId, victim.id))).toHaveLength(0);
  });

  it('requires a token to create a business', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/onboarding/user/1/business', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});
