// API tokens as administrators manage them and as integrations use them: made once and kept
// hashed (the token itself is nowhere in the database), listed with state and last use, revoked at
// once, refused once expired, bound to their business and to their maker's role, recorded in the
// audit log under their own name, and described in the OpenAPI document. Bad input changes nothing.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SHAPE, MAX_ACTIVE_API_TOKENS, type ApiToken, type CreatedApiToken } from '@fieldops/shared/api-tokens';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers } from '../../../db/schema.ts';
import { apiTokens } from '../../../db/schema-integrations.ts';
import { events } from '../../../db/schema-platform.ts';
import { hashKey } from '../../../lib/tokens.ts';
import { WRITE_ALL, createApiToken, tokenCaller } from '../../../test/api-token-kit.ts';
import { addMember, createBusinessWithOwner, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const URL = '/api/v1/api-tokens';
let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app, 'Nile Cleaning');
  admin = await addMember(t.app, owner, 'ADMIN');
  member = await addMember(t.app, owner);
  other = await createBusinessWithOwner(t.app, 'Delta Guards');
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tokensOf = async (caller: Caller) => (await caller.request({ method: 'GET', url: URL })).json<ApiToken[]>();
const countTokens = async (businessId: number) => (await t.app.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.businessId, businessId)))[0]?.n;

describe('making, listing and revoking tokens', () => {
  it('answers the token once; the list shows its first characters, scopes, expiry and maker, never the token', async () => {
    const res = await admin.request({
      method: 'POST',
      url: URL,
      payload: { name: '  Payroll export  ', scopes: { reports: 'read', organisation: 'write' }, expiresInDays: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreatedApiToken>();
    expect(created.token).toMatch(API_TOKEN_SHAPE);
    expect(created.apiToken).toMatchObject({
      name: 'Payroll export',
      prefix: created.token.slice(0, 11),
      scopes: { reports: 'read', organisation: 'write' },
      state: 'ACTIVE',
      createdBy: { id: admin.userId },
      lastUsedAt: null,
      revokedAt: null,
    });
    const days = (Date.parse(created.apiToken.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const listed = await owner.request({ method: 'GET', url: URL });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total-count']).toBeDefined();
    expect(listed.json<ApiToken[]>()[0]).toEqual(created.apiToken);
    expect(listed.body).not.toContain(created.token);
    expect(listed.body).not.toContain(hashKey(created.token));
    // Another business sees none of them.
    expect(await tokensOf(other)).toEqual([]);
  });

  it('keeps only the SHA-256: the token is in no table of the database', async () => {
    const made = await createApiToken(t.app, owner, { name: 'Needle' });
    await made.request({ method: 'GET', url: '/api/v1/projects' });
    const tables = rowsOf<{ table_name: string }>(
      await t.app.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    );
    expect(tables.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: name } of tables) {
      const [row] = rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${`%${made.token.slice(3)}%`}`),
      );
      if (row && row.n > 0) found.push(name);
    }
    expect(found).toEqual([]);
    const [stored] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(stored?.tokenHash).toBe(hashKey(made.token));
  });

  it('works as a bearer, records its last use at most once a minute, and stops at once when revoked', async () => {
    const made = await createApiToken(t.app, owner, { name: 'Revoke me', scopes: { organisation: 'read' } });
    const first = await made.request({ method: 'GET', url: '/api/v1/projects', remoteAddress: '10.9.0.1' });
    expect(first.statusCode, first.body).toBe(200);
    // HEAD reads too.
    expect((await made.request({ method: 'HEAD', url: '/api/v1/projects', remoteAddress: '10.9.0.1' })).statusCode).toBe(200);
    const used = (await tokensOf(owner)).find((x) => x.id === made.id);
    expect(used?.lastUsedAt).not.toBeNull();
    expect(used?.lastUsedIp).toBe('10.9.0.1');
    // Within the minute: no write.
    await made.request({ method: 'GET', url: '/api/v1/projects', remoteAddress: '10.9.0.2' });
    expect((await tokensOf(owner)).find((x) => x.id === made.id)).toMatchObject({ lastUsedAt: used?.lastUsedAt, lastUsedIp: '10.9.0.1' });
    // A minute later: written again.
    await t.app.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiTokens.id, made.id));
    await made.request({ method: 'GET', url: '/api/v1/projects', remoteAddress: '10.9.0.3' });
    expect((await tokensOf(owner)).find((x) => x.id === made.id)?.lastUsedIp).toBe('10.9.0.3');

    const revoked = await admin.request({ method: 'DELETE', url: `${URL}/${made.id}` });
    expect(revoked.statusCode, revoked.body).toBe(204);
    const refused = await made.request({ method: 'GET', url: '/api/v1/projects' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().message).toBe(MSG.apiTokenInvalid);
    expect((await tokensOf(owner)).find((x) => x.id === made.id)).toMatchObject({ state: 'REVOKED', revokedAt: expect.any(String) });
    // Revoking again changes nothing.
    expect((await owner.request({ method: 'DELETE', url: `${URL}/${made.id}` })).statusCode).toBe(204);
  });

  it('is refused once expired, and a made-up or malformed token is refused alike', async () => {
    const made = await createApiToken(t.app, owner, { name: 'Short lived', scopes: { tasks: 'read' }, expiresInDays: 1 });
    expect((await made.request({ method: 'GET', url: '/services/workflow/api/v1/tasks' })).statusCode).toBe(200);
    await t.app.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, made.id));
    for (const caller of [
      made,
      tokenCaller(t.app, 0, `fo_${'A'.repeat(43)}`),
      tokenCaller(t.app, 0, 'fo_short'),
      tokenCaller(t.app, 0, `fo_${'é'.repeat(43)}`),
    ]) {
      const res = await caller.request({ method: 'GET', url: '/services/workflow/api/v1/tasks' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.apiTokenInvalid);
    }
    expect((await tokensOf(owner)).find((x) => x.id === made.id)?.state).toBe('EXPIRED');
  });

  it('is for owners and administrators only, and never reaches another business', async () => {
    const before = await countTokens(owner.business.id);
    expect((await member.request({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await member.request({ method: 'POST', url: URL, payload: { name: 'Mine', scopes: WRITE_ALL } })).statusCode).toBe(403);
    const mine = await createApiToken(t.app, owner, { name: 'Not yours' });
    expect((await member.request({ method: 'DELETE', url: `${URL}/${mine.id}` })).statusCode).toBe(403);
    const foreign = await other.request({ method: 'DELETE', url: `${URL}/${mine.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.apiTokenNotFound);
    expect((await other.request({ method: 'DELETE', url: `${URL}/987654321` })).json().message).toBe(MSG.apiTokenNotFound);
    expect((await mine.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
    expect(await countTokens(owner.business.id)).toBe(before + 1);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { name: '  ', scopes: WRITE_ALL }, MSG.required],
    ['a name too long', { name: 'x'.repeat(101), scopes: WRITE_ALL }, 'This must be at most 100'],
    ['no scope', { name: 'Empty', scopes: {} }, MSG.apiTokenScopesRequired],
    ['an unknown area', { name: 'Odd', scopes: { payroll: 'read' } }, MSG.apiTokenAreaUnknown],
    ['an unknown level', { name: 'Odd', scopes: { tasks: 'admin' } }, MSG.apiTokenLevelInvalid],
    ['no scopes at all', { name: 'Odd' }, MSG.apiTokenScopesRequired],
    ['zero days', { name: 'Odd', scopes: WRITE_ALL, expiresInDays: 0 }, 'This must be at least 1'],
    ['more than a year in days', { name: 'Odd', scopes: WRITE_ALL, expiresInDays: 366 }, 'This must be at most 365'],
    ['an expiry in the past', { name: 'Odd', scopes: WRITE_ALL, expiresAt: new Date(Date.now() - 60_000).toISOString() }, MSG.apiTokenExpiryPast],
    ['an expiry past a year', { name: 'Odd', scopes: WRITE_ALL, expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, MSG.apiTokenExpiryTooLong],
    ['both expiries', { name: 'Odd', scopes: WRITE_ALL, expiresInDays: 5, expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, MSG.apiTokenExpiryBoth],
    ['an expiry that is no date', { name: 'Odd', scopes: WRITE_ALL, expiresAt: 'next week' }, MSG.invalid],
  ];
  for (const [what, payload, message] of cases) {
    it(`refuses ${what} with 400 naming the field, and makes nothing`, async () => {
      const before = await countTokens(owner.business.id);
      const res = await owner.request({ method: 'POST', url: URL, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().message).toBe(message);
      expect(res.json().fieldErrors?.length).toBeGreaterThan(0);
      expect(await countTokens(owner.business.id)).toBe(before);
    });
  }

  it('takes an exact expiry in the coming year, and 90 days when none is given', async () => {
    const at = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const exact = await owner.request({ method: 'POST', url: URL, payload: { name: 'Exact', scopes: { helpdesk: 'read' }, expiresAt: at } });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json<CreatedApiToken>().apiToken.expiresAt).toBe(at);
    const plain = await owner.request({ method: 'POST', url: URL, payload: { name: 'Plain', scopes: { helpdesk: 'read' } } });
    const days = (Date.parse(plain.json<CreatedApiToken>().apiToken.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });

  it(`holds at most ${MAX_ACTIVE_API_TOKENS} live tokens a business; revoked and expired ones do not count`, async () => {
    const full = await createBusinessWithOwner(t.app, 'Full House');
    let made = 0;
    const rows = (n: number, extra: Partial<typeof apiTokens.$inferInsert> = {}) =>
      Array.from({ length: n }, (_, i) => ({
        businessId: full.business.id,
        name: `Filler ${i}`,
        tokenHash: hashKey(`filler-${full.business.id}-${made++}`),
        prefix: 'fo_filler',
        scopes: { tasks: 'read' as const },
        createdBy: full.userId,
        ...extra,
      }));
    await t.app.db.insert(apiTokens).values(rows(MAX_ACTIVE_API_TOKENS - 1));
    await t.app.db.insert(apiTokens).values(rows(3, { revokedAt: new Date() }));
    await t.app.db.insert(apiTokens).values(rows(2, { expiresAt: new Date(Date.now() - 1000) }));
    const last = await full.request({ method: 'POST', url: URL, payload: { name: 'Fiftieth', scopes: WRITE_ALL } });
    expect(last.statusCode, last.body).toBe(201);
    const refused = await full.request({ method: 'POST', url: URL, payload: { name: 'One too many', scopes: WRITE_ALL } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.apiTokenLimit);
    await full.request({ method: 'DELETE', url: `${URL}/${last.json<CreatedApiToken>().apiToken.id}` });
    expect((await full.request({ method: 'POST', url: URL, payload: { name: 'Room again', scopes: WRITE_ALL } })).statusCode).toBe(201);
  });
});

describe('what a token acts as', () => {
  it('acts in its own business: its key or none is fine, another business key is refused', async () => {
    const made = await createApiToken(t.app, owner, { name: 'Own business', scopes: { organisation: 'read' } });
    expect((await made.request({ method: 'GET', url: '/api/v1/projects', headers: { 'x-api-key': owner.business.apiKey } })).statusCode).toBe(200);
    const wrong = await made.request({ method: 'GET', url: '/api/v1/projects', headers: { 'x-api-key': other.business.apiKey } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MSG.apiTokenOtherBusiness);
  });

  it('stops when its maker is no longer an owner or administrator, and comes back with their role', async () => {
    const made = await createApiToken(t.app, admin, { name: 'Admin made', scopes: { organisation: 'read' } });
    expect((await made.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
    // Changing a membership is announced to every instance (lib/callers.ts); settle waits to hear it.
    const demote = async (role: 'ADMIN' | 'MEMBER') => {
      await t.app.db
        .update(businessMembers)
        .set({ role })
        .where(and(eq(businessMembers.userId, admin.userId), eq(businessMembers.businessId, owner.business.id)));
      await t.app.callers.settle();
    };
    await demote('MEMBER');
    const refused = await made.request({ method: 'GET', url: '/api/v1/projects' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.apiTokenCreatorNotAdmin);
    await demote('ADMIN');
    expect((await made.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
  });

  it('has no session: the account, sign-out, notifications and the tokens themselves refuse it with 403', async () => {
    const made = await createApiToken(t.app, owner, { name: 'No session' });
    for (const [method, url] of [
      ['GET', '/api/v1/account'],
      ['POST', '/api/v1/logout'],
      ['POST', '/api/v1/account/sign-out-everywhere'],
      ['GET', '/api/v1/notifications'],
      ['GET', URL],
      ['POST', URL],
      ['GET', '/services/workflow/api/v1/report/live'],
      ['GET', '/api/v1/kiosks'],
    ] as const) {
      const res = await made.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(MSG.apiTokenNotAllowed);
    }
    // The token still works: nothing above signed it out.
    expect((await made.request({ method: 'GET', url: '/api/v1/projects' })).statusCode).toBe(200);
  });

  it('is named in the audit log: its making and revoking (without the token), and what it does', async () => {
    const made = await createApiToken(t.app, owner, { name: 'Helpdesk bot', scopes: { helpdesk: 'write' } });
    const ticket = await made.request({
      method: 'POST',
      url: '/services/helpdesk/api/v1/tickets',
      payload: { title: 'From the bot', description: 'Made by a token' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    await owner.request({ method: 'DELETE', url: `${URL}/${made.id}` });
    const logged = await t.app.db
      .select({ kind: events.kind, actorId: events.actorId, actorName: events.actorName, data: events.data })
      .from(events)
      .where(eq(events.businessId, owner.business.id));
    const created = logged.find((e) => e.kind === 'token.created' && JSON.stringify(e.data).includes('Helpdesk bot'));
    expect(created).toMatchObject({
      actorId: owner.userId,
      data: { target: { type: 'api_token', id: made.id, name: 'Helpdesk bot' }, after: { scopes: { helpdesk: 'write' }, expiresAt: expect.any(String) } },
    });
    expect(logged.find((e) => e.kind === 'token.revoked' && JSON.stringify(e.data).includes('Helpdesk bot'))).toBeDefined();
    expect(logged.find((e) => e.kind === 'ticket.created' && JSON.stringify(e.data).includes('From the bot'))).toMatchObject({
      actorId: owner.userId,
      actorName: 'API token "Helpdesk bot"',
    });
    const all = JSON.stringify(logged);
    expect(all).not.toContain(made.token.slice(3));
    expect(all).not.toContain(hashKey(made.token));
  });
});

describe('the OpenAPI document', () => {
  it('describes the tokens as a bearer scheme and says on each operation whether, and with which scope, a token may call it', () => {
    const doc = t.app.swagger() as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-api-token-scope'?: string }>>;
    };
    const scheme = doc.components.securitySchemes.apiToken;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme?.description).toContain('fo_');
    expect(scheme?.description).toContain('organisation, tasks, answers, reports, helpdesk');
    const projects = doc.paths['/api/v1/projects'];
    expect(projects?.get?.['x-api-token-scope']).toBe('organisation:read');
    expect(projects?.post?.['x-api-token-scope']).toBe('organisation:write');
    expect(projects?.get?.security).toContainEqual({ apiToken: [] });
    expect(doc.paths[URL]?.post?.['x-api-token-scope']).toBe('never');
    expect(doc.paths[URL]?.post?.security).not.toContainEqual({ apiToken: [] });
    expect(doc.paths['/services/helpdesk/api/v1/tickets']?.get?.['x-api-token-scope']).toBe('helpdesk:read');
  });
});
