// API answers are never stored by a cache, and only configured origins may read them from a
// browser page (none configured: the app's own origin only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsOrigins } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { IMAGES, createBusinessWithOwner, createProject, multipart, type Caller } from '../test/factories.ts';

const ALLOWED = 'https://app.example.com';

let t: TestApp;
let owner: Caller;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webRoot: root });
  owner = await createBusinessWithOwner(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer: main and service bases, errors and refusals included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await owner.request({ method: 'GET', url: '/api/v1/account' }),
      await owner.request({ method: 'GET', url: '/services/workflow/api/v1/tasks' }),
      await owner.request({ method: 'GET', url: '/services/helpdesk/api/v1/tickets' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/account' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'nobody', password: 'wrong-pass' } }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('no-store');
  });

  it('leaves the web app and the signed files their own', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/tickets' })).headers['cache-control']).toBe('no-cache');
    const form = multipart({}, [{ field: 'file', filename: 'me.png', type: 'image/png', data: IMAGES.png }]);
    const avatar: string = (await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', ...form })).json().avatar;
    expect((await t.app.inject({ method: 'GET', url: avatar })).headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS' as const,
    url: '/api/v1/account',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

  it('allows no other origin when none is configured, `null` included', async () => {
    for (const origin of ['https://evil.example', 'null', ALLOWED]) {
      const res = await owner.request({ method: 'GET', url: '/api/v1/account', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await t.app.inject(preflight(origin))).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('allows exactly the configured origins', async () => {
    const app = await t.secondInstance({ corsOrigins: [ALLOWED, 'http://localhost:5173'] });
    const allowed = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: ALLOWED } });
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect((await app.inject(preflight(ALLOWED))).headers['access-control-allow-origin']).toBe(ALLOWED);
    for (const origin of ['https://evil.example', 'null', `${ALLOWED}.evil.example`, 'http://app.example.com']) {
      expect((await app.inject({ method: 'GET', url: '/api/health', headers: { origin } })).headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await app.inject(preflight(origin))).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('reads CORS_ORIGIN as a list of origins and refuses anything else by name', () => {
    expect(corsOrigins(undefined)).toEqual([]);
    expect(corsOrigins(` ${ALLOWED}, http://localhost:5173 `)).toEqual([ALLOWED, 'http://localhost:5173']);
    for (const bad of ['*', 'null', 'https://app.example.com/', 'app.example.com', 'https://app.example.com/path']) {
      expect(() => corsOrigins(bad), bad).toThrow(/^CORS_ORIGIN: /);
    }
  });
});

describe('compression of API answers', () => {
  it('sends JSON over 1 KB in brotli or gzip as the client accepts, and small answers as they are', async () => {
    for (let i = 0; i < 12; i += 1) await createProject(t.app, owner, { name: `Compressed project ${i}` });
    const url = '/api/v1/projects?size=50';
    const plain = await owner.request({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await owner.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers['cache-control']).toBe('no-store');

    const gz = await owner.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body with a 4xx instead of inflating it', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Inflated' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const list = await owner.request({ method: 'GET', url: '/api/v1/projects?size=50' });
    expect(JSON.stringify(list.json())).not.toContain('Inflated');
  });
});

describe('security headers', () => {
  /** Each header of `res` matches its expectation: a text it contains, or undefined for none. */
  const expectHeaders = (res: { headers: Record<string, unknown> }, expected: Record<string, string | undefined>) =>
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, text]) => [name, text === undefined ? undefined : expect.stringContaining(text)])),
    );

  it('are on every page and file: the web app, its assets, the API documentation, a stored file', async () => {
    const form = multipart({}, [{ field: 'file', filename: 'me.png', type: 'image/png', data: IMAGES.png }]);
    const avatar: string = (await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', ...form })).json().avatar;
    for (const url of ['/assets/main-abc123.js', '/projects/12', '/api/docs', avatar]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
      expectHeaders(res, {
        'content-security-policy': "default-src 'self'",
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });

  it('on API answers, data or refusal, say that nothing may run in them, frame them or embed them elsewhere', async () => {
    const answers = [
      await owner.request({ method: 'GET', url: '/api/v1/account' }),
      await owner.request({ method: 'GET', url: '/services/workflow/api/v1/tasks?page=0&size=20' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/account' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
    ];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expectHeaders(res, {
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=',
        'referrer-policy': 'no-referrer',
        // A page's headers have nothing to do on data.
        'cross-origin-opener-policy': undefined,
        'x-xss-protection': undefined,
      });
    }
  });
});
