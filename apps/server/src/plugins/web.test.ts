import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const BIG_JS = 'console.log("a line of the app");\n'.repeat(200);
const INLINE = 'document.documentElement.lang="en"';
let t: TestApp;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><head><script>${INLINE}</script><title>app</title><script type="module" src="/assets/main-abc123.js"></script></head>`,
  );
  fs.writeFileSync(path.join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  // What the build writes beside a large file (apps/web/build/precompress.ts).
  fs.writeFileSync(path.join(root, 'assets', 'big-abc123.js'), BIG_JS);
  fs.writeFileSync(path.join(root, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(root, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(BIG_JS));
  t = await createTestApp({ webRoot: root });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('serves static files without a token, hashed assets cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the brotli or gzip copy the build made, as the client accepts, and the file itself otherwise', async () => {
    const url = '/assets/big-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('answers index.html for client routes, so a reload keeps the page', async () => {
    for (const url of ['/', '/projects/12', '/activate?key=abc', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a client route without piling listeners onto the response', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/projects/12' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20)); // warnings are emitted on a later tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('keeps API paths as problem+json, and API routes private', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    const workflowMissing = await t.app.inject({ method: 'GET', url: '/services/workflow/api/unknown' });
    expect(workflowMissing.statusCode).toBe(404);
    expect(workflowMissing.headers['content-type']).toContain('application/problem+json');
    expect((await t.app.inject({ method: 'GET', url: '/services/workflow/api/v1/tasks' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
  });
});
