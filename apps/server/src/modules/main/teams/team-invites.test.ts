import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, teamMembers, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { addMember, addSupervisor, createProject, createSite, PASSWORD, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let siteA: number;
let siteB: number;
let siteC: number;
let foreignSite: number;

const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0].n;
const placementCount = async () => (await t.app.db.select({ n: count() }).from(teamMembers))[0].n;
const signInStatus = async (username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } })).statusCode;
const invite = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Nadia Karim',
  email,
  password: 'welcome-123',
  position: 'Cleaner',
  role: 'MEMBER',
  externalId: 'EMP-7',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member, other } = await createCast(t.app, { member: true, other: true }));
  const project = await createProject(t.app, owner);
  [siteA, siteB, siteC] = [
    (await createSite(t.app, owner, project.id)).id,
    (await createSite(t.app, owner, project.id)).id,
    (await createSite(t.app, owner, project.id)).id,
  ];
  supervisor = await addSupervisor(t.app, owner, [siteA, siteB]);
  foreignSite = (await createSite(t.app, other, (await createProject(t.app, other)).id)).id;
});
afterAll(() => t.close());

describe('POST /api/v1/teams/{teamId}/users', () => {
  it('creates an inactive account of this business with a week-long key, a MEMBER membership and the placement', async () => {
    const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite('Nadia.Karim@Example.com') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      email: 'nadia.karim@example.com',
      name: 'Nadia Karim',
      authority: 'MEMBER',
      position: 'Cleaner',
      externalId: 'EMP-7',
      teams: [{ id: siteA, name: expect.any(String) }],
      status: 'PENDING',
      createdAt: expect.any(String),
    });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'nadia.karim@example.com'));
    expect(user).toMatchObject({
      username: expect.stringMatching(/^nadia\.karim\.\d{4}$/),
      emailClaimed: false,
      activated: false,
      activationKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      createdByBusinessId: owner.business.id,
      mustChangePassword: true,
    });
    expect(user.activationExpiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const [membership] = await t.app.db.select().from(businessMembers).where(eq(businessMembers.userId, user.id));
    expect(membership).toMatchObject({ businessId: owner.business.id, role: 'MEMBER', position: 'Cleaner', externalId: 'EMP-7' });
    expect(await signInStatus(user.username, 'welcome-123')).toBe(401);

    // The row keeps the key's hash: the admin issues the key to hand over, shown once.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/activate?key=${user.activationKey}` })).statusCode).toBe(404);
    const { activationKey } = (await owner.request({ method: 'POST', url: `/api/v1/users/${user.id}/activation-key` })).json<{ activationKey: string }>();
    // A GET reads the key and changes nothing; the person activates with POST and their own password.
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/activate?key=${activationKey}` });
    expect(read.statusCode).toBe(200);
    expect(await signInStatus(user.username, 'welcome-123')).toBe(401);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activate',
      payload: { key: activationKey, name: 'Nadia Karim', password: 'nadia-own-pass' },
    });
    expect(activated.statusCode).toBe(200);
    expect(await signInStatus(user.username, 'welcome-123')).toBe(401);
    expect(await signInStatus(user.username, 'nadia-own-pass')).toBe(200);
    const listed = await owner.request({ method: 'GET', url: '/api/v1/invitations' });
    expect(listed.json().find((i: { id: number }) => i.id === res.json().id).status).toBe('ACCEPTED');
  });

  it("accepts a new account's invitation when an admin activates it", async () => {
    const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite('activated.by.admin@example.com') });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'activated.by.admin@example.com'));
    expect((await owner.request({ method: 'POST', url: `/api/v1/users/${user.id}/activate` })).statusCode).toBe(200);
    const pending = await owner.request({ method: 'GET', url: '/api/v1/invitations?status=PENDING' });
    expect(pending.json().map((i: { id: number }) => i.id)).not.toContain(res.json().id);
  });

  it('gives a new person a username from their address and random digits, which tells nothing of other accounts', async () => {
    const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite('nadia.karim@other.example.com') });
    expect(res.statusCode).toBe(201);
    const made = await t.app.db.select().from(users).where(eq(users.email, 'nadia.karim@other.example.com'));
    expect(made).toHaveLength(1);
    expect(made[0].username).toMatch(/^nadia\.karim\.\d{4}$/);
  });

  it('only invites a known e-mail: the answer is the same as for a new one, and nothing of theirs changes until they accept', async () => {
    const known = await addMember(t.app, other, 'MEMBER');
    const email = `${known.username}@example.com`;
    const [before] = await t.app.db.select().from(users).where(eq(users.id, known.userId));
    const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite(email, { role: 'SUPERVISOR' }) });
    expect(res.statusCode).toBe(201);
    const fresh = await owner.request({
      method: 'POST',
      url: `/api/v1/teams/${siteA}/users`,
      payload: invite('brand.new@example.com', { role: 'SUPERVISOR' }),
    });
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 0, email: '', createdAt: '' });
    expect(shape(res.json())).toEqual(shape(fresh.json()));
    expect(JSON.stringify(res.json())).not.toContain(`Person ${known.username}`);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, known.userId));
    expect(after).toEqual(before);
    expect(await signInStatus(known.username, PASSWORD)).toBe(200);
    const memberships = await t.app.db.select().from(businessMembers).where(eq(businessMembers.userId, known.userId));
    expect(memberships.map((m) => m.businessId)).toEqual([other.business.id]);
    // Not a member: the business cannot read them, nor their activation key.
    expect((await owner.request({ method: 'GET', url: `/api/v1/users/${known.userId}` })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `/api/v1/users/${known.userId}/activation-key` })).statusCode).toBe(404);
  });

  it('places a member of the business in the site at once', async () => {
    const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteC}/users`, payload: invite(`${member.username}@example.com`) });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('ACCEPTED');
    const rows = await t.app.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, member.userId), eq(teamMembers.teamId, siteC)));
    expect(rows).toHaveLength(1);
    await t.app.db.delete(teamMembers).where(and(eq(teamMembers.userId, member.userId), eq(teamMembers.teamId, siteC)));
  });

  it('refuses a commonly used password, whether or not the e-mail has an account, and creates nothing', async () => {
    const [u, p] = [await userCount(), await placementCount()];
    for (const email of ['common.new@example.com', `${member.username}@example.com`]) {
      const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite(email, { password: 'password123' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'password', message: 'This password is too common. Choose one that is harder to guess' }]);
    }
    expect([await userCount(), await placementCount()]).toEqual([u, p]);
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const [u, p] = [await userCount(), await placementCount()];
    const cases: [Record<string, unknown>, string, string?][] = [
      [invite('not-an-email'), 'email', 'Email is invalid'],
      [invite('short@example.com', { password: 'short' }), 'password', 'Password must be at least 8 characters'],
      [invite('blank@example.com', { password: '          ' }), 'password', 'Password cannot be only spaces'],
      [invite('bad.name@example.com', { name: '7 Nadia' }), 'name', 'Name is invalid, Should start with a letter not a number'],
      [invite('bad.role@example.com', { role: 'OWNER' }), 'role'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[0].field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    }
    expect([await userCount(), await placementCount()]).toEqual([u, p]);
  });

  it("answers 404 for another business's site; 403 to members and outside supervisors; nothing is created", async () => {
    const [u, p] = [await userCount(), await placementCount()];
    expect((await owner.request({ method: 'POST', url: `/api/v1/teams/${foreignSite}/users`, payload: invite('x1@example.com') })).statusCode).toBe(404);
    expect((await member.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite('x2@example.com') })).statusCode).toBe(403);
    expect((await supervisor.request({ method: 'POST', url: `/api/v1/teams/${siteC}/users`, payload: invite('x3@example.com') })).statusCode).toBe(403);
    expect([await userCount(), await placementCount()]).toEqual([u, p]);
    const ok = await supervisor.request({ method: 'POST', url: `/api/v1/teams/${siteA}/users`, payload: invite('by.supervisor@example.com') });
    expect(ok.statusCode).toBe(201);
  });
});

describe('POST /api/v1/team-members', () => {
  it('invites one person to several sites in one go', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/api/v1/team-members',
      payload: { ...invite('multi@example.com', { role: 'SUPERVISOR' }), teams: [siteB, siteC] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ authority: 'SUPERVISOR', status: 'PENDING' });
    expect(
      res
        .json()
        .teams.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([siteB, siteC].sort());
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'multi@example.com'));
    const rows = await t.app.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
    expect(rows.map((r) => [r.teamId, r.authority]).sort()).toEqual(
      [
        [siteB, 'SUPERVISOR'],
        [siteC, 'SUPERVISOR'],
      ].sort(),
    );
  });

  it('refuses an empty or repeated site list, naming teams, and creates nothing', async () => {
    const [u, p] = [await userCount(), await placementCount()];
    for (const [teams, message] of [
      [[], 'Select at least one site'],
      [[siteA, siteA], 'Each site can be listed only once'],
    ] as const) {
      const res = await owner.request({ method: 'POST', url: '/api/v1/team-members', payload: { ...invite('none@example.com'), teams } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[0]).toEqual({ field: 'teams', message });
    }
    expect([await userCount(), await placementCount()]).toEqual([u, p]);
  });

  it("answers 404 naming teams when one is another business's, and creates nothing", async () => {
    const [u, p] = [await userCount(), await placementCount()];
    const res = await owner.request({ method: 'POST', url: '/api/v1/team-members', payload: { ...invite('half@example.com'), teams: [siteA, foreignSite] } });
    expect(res.statusCode).toBe(404);
    expect(res.json().fieldErrors).toEqual([{ field: 'teams', message: 'Site not found' }]);
    expect([await userCount(), await placementCount()]).toEqual([u, p]);
  });

  it('lets a supervisor invite only to sites they all supervise; members may not', async () => {
    const [u, p] = [await userCount(), await placementCount()];
    const payload = (email: string, teams: number[]) => ({ ...invite(email), teams });
    expect((await member.request({ method: 'POST', url: '/api/v1/team-members', payload: payload('m@example.com', [siteA]) })).statusCode).toBe(403);
    expect((await supervisor.request({ method: 'POST', url: '/api/v1/team-members', payload: payload('s@example.com', [siteA, siteC]) })).statusCode).toBe(403);
    expect([await userCount(), await placementCount()]).toEqual([u, p]);
    const ok = await supervisor.request({ method: 'POST', url: '/api/v1/team-members', payload: payload('s@example.com', [siteA, siteB]) });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 's@example.com'));
    const placements = await t.app.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, row.id), eq(teamMembers.businessId, owner.business.id)));
    expect(placements.map((x) => x.teamId).sort()).toEqual([siteA, siteB].sort());
  });
});
