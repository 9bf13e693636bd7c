// Webhooks are never sent to this machine or a private network (WEBHOOKS_ALLOW_PRIVATE_HOSTS off):
// such addresses are refused at registration, and at each send after resolving the name, so an
// endpoint whose name comes to point inward (DNS rebinding) reaches nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@fieldops/shared/webhooks';
import { webhookEndpoints } from '../../../db/schema-integrations.ts';
import { createBusinessWithOwner, createProjectAndSite, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { isBlockedAddress } from './webhook-address.ts';
import { newSecret } from './webhooks.service.ts';

let t: TestApp;
let owner: Caller;
let siteId: number;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ jobs: { work: true, mailTransport: null, push: null } });
  owner = await createBusinessWithOwner(t.app);
  siteId = (await createProjectAndSite(t.app, owner)).site.id;
  receiver = await startReceiver();
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const PRIVATE_URLS = [
  'http://127.0.0.1/hook',
  'http://127.1.2.3:8080/hook',
  'http://2130706433/hook', // 127.0.0.1 written as a number
  'http://0.0.0.0/hook',
  'http://10.0.0.5/hook',
  'http://172.16.4.4/hook',
  'http://192.168.1.10/hook',
  'http://100.64.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'https://[::1]/hook',
  'https://[::]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:169.254.169.254]/hook',
  'https://[::ffff:a00:1]/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456::1]/hook',
  'https://[fe80::1]/hook',
  'http://localhost:8080/hook',
  'http://api.localhost/hook',
];

describe('registration', () => {
  it.each(PRIVATE_URLS)('refuses %s', async (url) => {
    const res = await owner.request({ method: 'POST', url: '/api/v1/webhooks', payload: { url, eventKinds: ['ticket.created'] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'url', message: 'This address is on a private network or on this server: webhooks cannot be sent to it' },
    ]);
  });

  it('refuses a private address on a change too, and takes a public one', async () => {
    const made = await owner.request({
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: 'https://93.184.215.14/hook', eventKinds: ['ticket.created'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ endpoint: { id: number } }>().endpoint.id;
    const res = await owner.request({ method: 'PATCH', url: `/api/v1/webhooks/${id}`, payload: { url: 'http://[::ffff:10.1.1.1]/' } });
    expect(res.statusCode).toBe(400);
    await owner.request({ method: 'DELETE', url: `/api/v1/webhooks/${id}` });
  });

  it('knows public addresses from private ones', () => {
    for (const address of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isBlockedAddress(address), address).toBe(false);
    for (const address of ['127.0.0.1', '::1', '::ffff:7f00:1', '::ffff:127.0.0.1', 'fdff::1', '169.254.169.254', '0.0.0.0', 'not an address']) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
  });
});

describe('sending', () => {
  it('sends nothing to an endpoint whose address is, or resolves to, a private one', async () => {
    // Endpoints written as if registered while their names pointed elsewhere.
    const port = new URL(receiver.url('/')).port;
    const urls = [
      `http://localhost:${port}/rebound`,
      `http://127.0.0.1:${port}/literal`,
      `http://[::ffff:127.0.0.1]:${port}/mapped`,
      `http://[::1]:${port}/v6`,
    ];
    const ids: number[] = [];
    for (const url of urls) {
      const [row] = await t.app.db
        .insert(webhookEndpoints)
        .values({ businessId: owner.business.id, url, eventKinds: ['ticket.created'], secret: newSecret() })
        .returning();
      ids.push(row!.id);
    }
    const res = await owner.request({
      method: 'POST',
      url: '/services/helpdesk/api/v1/tickets',
      payload: { title: 'Leak', description: 'Water', teamId: siteId },
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const id of ids) {
      const end = Date.now() + 20_000;
      let list: WebhookDelivery[] = [];
      while (Date.now() < end) {
        list = (await owner.request({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries` })).json<WebhookDelivery[]>();
        if (list[0]?.attemptLog.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const attempt = list[0]!.attemptLog[0]!;
      expect(attempt.responseStatus).toBeNull();
      expect(attempt.error).toMatch(/private/);
    }
    expect(receiver.received).toHaveLength(0);
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ids[0]!));
    expect(row!.failingSince).not.toBeNull();
  }, 40_000);
});
