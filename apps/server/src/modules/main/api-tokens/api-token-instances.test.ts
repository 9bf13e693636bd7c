// API tokens behind a load balancer: two instances on one database. A token revoked through one is
// refused by the other on its very next request, as is a token whose maker is no longer an
// administrator; and each token has its own rate limit, counted across instances.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers } from '../../../db/schema.ts';
import { createApiToken, tokenCaller } from '../../../test/api-token-kit.ts';
import { addMember, createBusinessWithOwner, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// A long flush interval: the test decides when instances share their counts.
const rateLimit = { perSession: 1_000, perAddress: 10_000, perToken: 4, windowMs: 60_000, flushMs: 60_000 };
let t: TestApp;
let second: FastifyInstance;
let owner: Caller;

beforeAll(async () => {
  t = await createTestApp({ rateLimit });
  second = await t.secondInstance();
  owner = await createBusinessWithOwner(t.app, 'Twin Towers Cleaning');
});
afterAll(() => t?.close());

const projects = { method: 'GET' as const, url: '/api/v1/projects' };

describe('API tokens on several instances', () => {
  it('a token revoked on one instance is refused by the other at once', async () => {
    const made = await createApiToken(t.app, owner, { name: 'Twin', scopes: { organisation: 'read' } });
    const onSecond = tokenCaller(second, made.id, made.token);
    expect((await onSecond.request(projects)).statusCode).toBe(200);
    const revoked = await owner.request({ method: 'DELETE', url: `/api/v1/api-tokens/${made.id}` });
    expect(revoked.statusCode).toBe(204);
    const refused = await onSecond.request(projects);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MSG.apiTokenInvalid);
  });

  it('a token stops on the other instance as soon as its maker is no longer an administrator', async () => {
    const admin = await addMember(t.app, owner, 'ADMIN');
    const made = await createApiToken(t.app, admin, { name: 'Admin twin', scopes: { organisation: 'read' } });
    const onSecond = tokenCaller(second, made.id, made.token);
    expect((await onSecond.request(projects)).statusCode).toBe(200);
    await t.app.db
      .update(businessMembers)
      .set({ role: 'MEMBER' })
      .where(and(eq(businessMembers.userId, admin.userId), eq(businessMembers.businessId, owner.business.id)));
    // The second instance has heard every change committed so far (lib/callers.ts).
    await second.callers.settle();
    const refused = await onSecond.request(projects);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.apiTokenCreatorNotAdmin);
  });

  it('each token has its own rate limit, shared by the instances; sessions and other tokens go on', async () => {
    const busy = await createApiToken(t.app, owner, { name: 'Busy', scopes: { organisation: 'read' } });
    const calm = await createApiToken(t.app, owner, { name: 'Calm', scopes: { organisation: 'read' } });
    for (let i = 0; i < 4; i++) expect((await busy.request({ ...projects, remoteAddress: `10.20.0.${i}` })).statusCode).toBe(200);
    const refused = await busy.request({ ...projects, remoteAddress: '10.20.1.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().message).toBe(MSG.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The other instance learns the shared count at its next flush (at most one flush late).
    await t.app.rateLimiter?.flush();
    const onSecond = tokenCaller(second, busy.id, busy.token);
    await onSecond.request(projects);
    await second.rateLimiter?.flush();
    expect((await onSecond.request(projects)).statusCode).toBe(429);
    expect((await calm.request(projects)).statusCode).toBe(200);
    expect((await owner.request(projects)).statusCode).toBe(200);
  });
});
