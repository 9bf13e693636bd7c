import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentOrigin, requestOriginPlugin, requestsWithOrigin } from './request-origin.ts';

async function appWith(checkReads: boolean) {
  const app = Fastify();
  await app.register(requestOriginPlugin, { checkReads });
  const seen = async () => ({ origin: currentOrigin(), holding: requestsWithOrigin() });
  app.get('/list', seen);
  app.get('/export', { config: { recordsEvents: true } }, seen);
  app.post('/change', seen);
  app.delete('/change', seen);
  return app;
}

const AGENT = 'OriginTest/1.0';

describe("the request's origin", () => {
  it('is carried by changes and by reads that record, with the address and the client', async () => {
    const app = await appWith(false);
    for (const [method, url] of [
      ['POST', '/change'],
      ['DELETE', '/change'],
      ['GET', '/export'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { 'user-agent': AGENT } });
      expect(res.json(), `${method} ${url}`).toEqual({ origin: { ip: '127.0.0.1', client: AGENT }, holding: 1 });
    }
    // Each gave it back with its answer.
    expect(requestsWithOrigin()).toBe(0);
    await app.close();
  });

  it('is not carried by a plain read, which so pays nothing for it', async () => {
    const app = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/list', headers: { 'user-agent': AGENT } });
    expect(res.json()).toEqual({ origin: null, holding: 0 });
    await app.close();
  });

  it('when reads are checked, a plain read carries one marked as such', async () => {
    const app = await appWith(true);
    const res = await app.inject({ method: 'GET', url: '/list', headers: { 'user-agent': AGENT } });
    expect(res.json()).toEqual({ origin: { ip: '127.0.0.1', client: AGENT, plainRead: 'GET /list' }, holding: 1 });
    expect(requestsWithOrigin()).toBe(0);
    await app.close();
  });
});
