import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createBusinessWithOwner, signIn, type Caller } from '../test/factories.ts';

let t: TestApp;
let owner: Caller;
// A long flush interval: the test decides when counts are shared.
const settings = { perSession: 5, perAddress: 12, windowMs: 60_000, flushMs: 60_000 };
beforeAll(async () => {
  t = await createTestApp({ rateLimit: settings });
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

const list = (app: TestApp['app'], token: string, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/api/v1/projects', headers: { authorization: `Bearer ${token}`, 'x-api-key': owner.business.apiKey }, remoteAddress });

describe('API rate limit', () => {
  it('refuses a session past its limit with 429 problem+json and Retry-After; another session goes on', async () => {
    const token = await signIn(t.app, owner.username);
    for (let i = 0; i < 5; i++) expect((await list(t.app, token, '10.7.0.1')).statusCode).toBe(200);
    const refused = await list(t.app, token, '10.7.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().message).toBe('Too many requests. Please slow down and try again shortly.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await list(t.app, await signIn(t.app, owner.username), '10.7.0.1')).statusCode).toBe(200);
    // Health checks are never limited.
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.7.0.1' })).statusCode).toBe(200);
  });

  it('refuses an address past its limit whoever signs in, even without a token', async () => {
    for (let i = 0; i < 12; i++) await t.app.inject({ method: 'GET', url: '/api/v1/account', remoteAddress: '10.8.0.1' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: owner.username, password: 'x' },
      remoteAddress: '10.8.0.1',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please slow down and try again shortly.');
  });

  it('shares the counts with every instance through the database', async () => {
    const second = await t.secondInstance({ rateLimit: settings });
    const token = await signIn(t.app, owner.username);
    for (let i = 0; i < 5; i++) expect((await list(t.app, token, '10.9.0.1')).statusCode).toBe(200);
    await t.app.rateLimiter!.flush();
    // The second instance learns the shared total when it next adds its own counts.
    await list(second, token, '10.9.0.2');
    await second.rateLimiter!.flush();
    expect((await list(second, token, '10.9.0.3')).statusCode).toBe(429);
  });
});
