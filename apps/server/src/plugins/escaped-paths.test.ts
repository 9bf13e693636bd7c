// An attacker writes the API's address with %-escapes (`/%61pi/v1/projects`): the router decodes
// it and answers the API call, so every guard must see it as one too. And a request without a
// token, whatever its method or body, is refused as problem+json before anything is judged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { IMAGES, createBusinessWithOwner, multipart, signedFileUrl, type Caller } from '../test/factories.ts';

const settings = { perSession: 1_000, perAddress: 6, windowMs: 60_000, flushMs: 60_000 };
const ESCAPED = ['/%61pi/v1/projects', '/%61%70%69/v1/account', '/services/%77orkflow/api/v1/tasks', '/api/v1/%70rojects'];

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: settings });
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('an API call written with %-escapes', () => {
  it('reaches the API only with its guards: no-store, the API security headers, and the rate limit', async () => {
    const address = '10.61.0.1';
    for (const url of ESCAPED) {
      const res = await owner.request({ method: 'GET', url, remoteAddress: address });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await owner.request({ method: 'GET', url: ESCAPED[0], remoteAddress: address })).statusCode);
    // Six calls in the window are allowed from one address; the seventh and later are refused.
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('answers its file links signed, as the plain address does', async () => {
    const form = multipart({}, [{ field: 'file', filename: 'me.png', type: 'image/png', data: IMAGES.png }]);
    expect((await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', remoteAddress: '10.61.0.2', ...form })).statusCode).toBe(200);
    const account = await owner.request({ method: 'GET', url: '/%61pi/v1/account', remoteAddress: '10.61.0.2' });
    expect(account.statusCode).toBe(200);
    expect(account.json<{ avatar: string }>().avatar).toMatch(signedFileUrl('png'));
  });

  it('is refused as problem+json when it names no call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/v1/no-such-call', remoteAddress: '10.61.0.3' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a request without a token', () => {
  it('is refused 401 as problem+json whatever its method, OPTIONS and HEAD included', async () => {
    for (const method of ['OPTIONS', 'HEAD', 'GET', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/projects', remoteAddress: '10.61.0.4' });
      expect(res.statusCode, method).toBe(401);
      expect(res.headers['content-type'], method).toContain('application/problem+json');
      if (method !== 'HEAD') expect(res.json<{ message: string }>().message, method).toBeTruthy();
    }
  });

  it('is refused 401 before its body is judged: it learns nothing of what the body should hold', async () => {
    for (const payload of [{}, { name: 5 }, { name: 'x'.repeat(10_000) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/projects', payload, remoteAddress: '10.61.0.5' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).not.toHaveProperty('fieldErrors');
    }
  });
});
