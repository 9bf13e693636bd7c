import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, callerFor, createBusinessWithOwner, createUser, placeInSite, signIn, type Caller } from '../../../test/factories.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({
    owner,
    member,
    site: { id: siteId },
  } = await createCast(t.app, { member: true, site: true }));
  await placeInSite(t.app, owner, siteId, member.userId, 'SUPERVISOR');
  await placeInSite(t.app, owner, siteId, owner.userId);
});
afterAll(() => t.close());

const session = (caller: Caller, key: string | null = caller.business.apiKey) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/account/session',
    headers: { authorization: `Bearer ${caller.token}`, ...(key ? { 'x-api-key': key } : {}) },
  });

/** What the endpoints of the account load sequence answer one by one. */
async function oneByOne(caller: Caller) {
  const get = async (url: string) => {
    const res = await caller.request({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return { body: res.json(), total: Number(res.headers['x-total-count'] ?? NaN) };
  };
  const account = (await get('/api/v1/account')).body;
  const member = (await get(`/api/users/${caller.userId}`)).body;
  const sites = await get('/api/v1/teams?page=0&size=500');
  const members = await get(`/api/v1/businesses/${caller.business.id}/members?page=0&size=20`);
  const teamMembers: Record<string, unknown> = {};
  for (const team of member.teams) teamMembers[String(team.id)] = (await get(`/api/v1/teams/${team.id}/members`)).body;
  return {
    account,
    workspace: {
      apiKey: caller.business.apiKey,
      member,
      business: (await get(`/api/v1/businesses/${caller.business.id}`)).body,
      lookups: (await get(`/api/v1/business/config/api-key/${caller.business.apiKey}/lookup`)).body,
      sites: { items: sites.body, total: sites.total },
      members: { items: members.body, total: members.total },
      teamMembers,
      managedProfile: (await get('/api/v1/business/config/managed-profile')).body.managedProfile,
    },
    invitations: (await get('/api/v1/account/invitations')).body,
  };
}

/** File links are signed per answer: compare them without their signatures. */
const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?[^"]*expires=[^"]*/g, ''));

describe('GET /api/v1/account/session', () => {
  it('answers in one call exactly what the account load sequence reads one endpoint at a time', async () => {
    for (const caller of [owner, member]) {
      const res = await session(caller);
      expect(res.statusCode).toBe(200);
      expect(unsigned(res.json())).toEqual(unsigned(await oneByOne(caller)));
    }
    const mine = (await session(member)).json();
    expect(mine.workspace.member.teams).toEqual([expect.objectContaining({ id: siteId, authority: 'SUPERVISOR' })]);
    expect(Object.keys(mine.workspace.teamMembers)).toEqual([String(siteId)]);
    expect(mine.workspace.business.ownershipType).toBe('MEMBER');
  });

  it("opens the business the stored key names when it is the person's, and the default business otherwise", async () => {
    const other = await createBusinessWithOwner(t.app);
    await t.app.db.insert(businessMembers).values({ businessId: other.business.id, userId: member.userId, role: 'ADMIN' });
    expect((await session(member, other.business.apiKey)).json().workspace).toMatchObject({
      apiKey: other.business.apiKey,
      business: { id: other.business.id, ownershipType: 'ADMIN' },
    });
    // A key of a business the person does not belong to opens nothing of it.
    const stranger = await createBusinessWithOwner(t.app);
    for (const key of [stranger.business.apiKey, null, 'no-such-key']) {
      const workspace = (await session(member, key)).json().workspace;
      expect(workspace.business.id).toBe(owner.business.id);
      expect(JSON.stringify(workspace)).not.toContain(stranger.business.apiKey);
    }
  });

  it('opens no business while the person must choose their own password, or belongs to none', async () => {
    const chosen = await addMember(t.app, owner);
    await t.app.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, chosen.userId));
    const forced = (await session(chosen)).json();
    expect(forced.account.mustChangePassword).toBe(true);
    expect(forced.workspace).toBeNull();

    const loner = await createUser(t.app);
    const alone = callerFor(t.app, loner, await signIn(t.app, loner.username), owner.business);
    const res = await session(alone, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: { id: loner.id, businessIdentities: [] }, workspace: null, invitations: [] });
  });

  it('needs a signed-in person', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/account/session' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
