import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@fieldops/shared/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema-integrations.ts';
import { events, notifications } from '../../../db/schema-platform.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { dispatchEvent, webhookSettings } from './webhook-delivery.service.ts';

const H = '/services/helpdesk/api/v1';
let t: TestApp;
let owner: Caller;
let siteId: number;
let receiver: Receiver;
const saved = { ...webhookSettings };

beforeAll(async () => {
  t = await createTestApp({ jobs: { work: true, mailTransport: null, push: null }, webhooks: { allowPrivateHosts: true } });
  // Retries a moment apart, and a short wait for an answer, so a test sees a whole schedule.
  webhookSettings.retryDelaysSeconds = [0.2, 0.2, 0.2];
  webhookSettings.timeoutMs = 700;
  owner = await createBusinessWithOwner(t.app);
  siteId = (await createProjectAndSite(t.app, owner)).site.id;
  receiver = await startReceiver({ hangMs: 2000 });
}, 60_000);

afterAll(async () => {
  Object.assign(webhookSettings, saved);
  await receiver?.close();
  await t?.close();
});

async function register(caller: Caller, path: string, eventKinds: string[] = ['ticket.created']) {
  const res = await caller.request({ method: 'POST', url: '/api/v1/webhooks', payload: { url: receiver.url(path), description: path, eventKinds } });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json<WebhookWithSecret>();
  receiver.secrets(path, made.secret);
  return made;
}

async function createTicket(caller: Caller, title = `Leak ${Math.random()}`) {
  const res = await caller.request({ method: 'POST', url: `${H}/tickets`, payload: { title, description: 'Water on the floor', teamId: siteId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function deliveriesOf(caller: Caller, endpointId: number) {
  const res = await caller.request({ method: 'GET', url: `/api/v1/webhooks/${endpointId}/deliveries?size=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WebhookDelivery[]>();
}

/** Polls until `check` answers something, up to `ms`. */
async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const settled = (caller: Caller, endpointId: number, n = 1) =>
  until(async () => {
    const list = await deliveriesOf(caller, endpointId);
    return list.length >= n && list.every((d) => d.status !== 'pending') ? list : null;
  });

const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe('endpoints', () => {
  it('registers, lists, changes and deletes an endpoint; the secret is shown in full and never logged', async () => {
    const made = await register(owner, '/crud', ['ticket.created', 'answer.flagged']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.endpoint).toMatchObject({ url: receiver.url('/crud'), enabled: true, eventKinds: ['ticket.created', 'answer.flagged'] });
    const list = await owner.request({ method: 'GET', url: '/api/v1/webhooks' });
    expect(list.json<WebhookEndpoint[]>().map((e) => e.id)).toContain(made.endpoint.id);
    expect(list.body).not.toContain(made.secret);

    const patched = await owner.request({
      method: 'PATCH',
      url: `/api/v1/webhooks/${made.endpoint.id}`,
      payload: { description: 'Orders', eventKinds: ['ticket.updated'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<WebhookEndpoint>()).toMatchObject({ description: 'Orders', eventKinds: ['ticket.updated'] });

    const revealed = await owner.request({ method: 'GET', url: `/api/v1/webhooks/${made.endpoint.id}/secret` });
    expect(revealed.json<{ secret: string }>().secret).toBe(made.secret);

    const gone = await owner.request({ method: 'DELETE', url: `/api/v1/webhooks/${made.endpoint.id}` });
    expect(gone.statusCode).toBe(204);
    expect((await owner.request({ method: 'GET', url: `/api/v1/webhooks/${made.endpoint.id}/deliveries` })).statusCode).toBe(404);

    // The audit log has each change, and no secret anywhere in it.
    const kinds = await t.app.db.select({ kind: events.kind, data: events.data }).from(events).where(eq(events.businessId, owner.business.id));
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['webhook.created', 'webhook.updated', 'webhook.secret_revealed', 'webhook.deleted']));
    expect(JSON.stringify(kinds)).not.toContain(made.secret.slice(6));
  });

  it('refuses bad input with a problem and a message per field, changing nothing', async () => {
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'ftp://example.com/hook', eventKinds: ['ticket.created'] }, 'url', 'Enter an http:// or https:// address'],
      [{ url: 'not a url', eventKinds: ['ticket.created'] }, 'url', 'Enter an http:// or https:// address'],
      [{ url: 'https://user:pw@example.com/', eventKinds: ['ticket.created'] }, 'url', 'Enter an http:// or https:// address'],
      [{ url: `https://example.com/${'a'.repeat(2001)}`, eventKinds: ['ticket.created'] }, 'url', 'This must be at most 2000'],
      [{ url: 'https://example.com/hook', eventKinds: [] }, 'eventKinds', 'Choose at least one event'],
      [{ url: 'https://example.com/hook', eventKinds: ['ticket.deleted'] }, 'eventKinds.0', 'This event is not one webhooks can send'],
      [{ url: 'https://example.com/hook', eventKinds: ['ticket.created'], description: 'x'.repeat(501) }, 'description', 'This must be at most 500'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'POST', url: '/api/v1/webhooks', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<{ fieldErrors: { field: string; message: string }[] }>().fieldErrors).toContainEqual({ field, message });
    }
    expect(await t.app.db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints)).toEqual(before);
  });

  it('is for owners and admins only', async () => {
    const member = await addMember(t.app, owner, 'MEMBER');
    const res = await member.request({ method: 'GET', url: '/api/v1/webhooks' });
    expect(res.statusCode).toBe(403);
    const admin = await addMember(t.app, owner, 'ADMIN');
    expect((await admin.request({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(200);
  });

  it("answers 404 for another business's endpoints and deliveries, changing nothing", async () => {
    const made = await register(owner, '/tenancy');
    await createTicket(owner);
    const [delivery] = await settled(owner, made.endpoint.id);
    const other = await createBusinessWithOwner(t.app);
    const id = made.endpoint.id;
    const calls = [
      { method: 'PATCH', url: `/api/v1/webhooks/${id}`, payload: { description: 'Taken' } },
      { method: 'DELETE', url: `/api/v1/webhooks/${id}` },
      { method: 'POST', url: `/api/v1/webhooks/${id}/rotate-secret` },
      { method: 'GET', url: `/api/v1/webhooks/${id}/secret` },
      { method: 'POST', url: `/api/v1/webhooks/${id}/enable` },
      { method: 'POST', url: `/api/v1/webhooks/${id}/test` },
      { method: 'GET', url: `/api/v1/webhooks/${id}/deliveries` },
      { method: 'POST', url: `/api/v1/webhooks/${id}/deliveries/${delivery!.id}/resend` },
    ] as const;
    for (const call of calls) {
      const res = await other.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.body).not.toContain(receiver.url('/tenancy'));
    }
    // Its own endpoint with A's delivery id: not found either.
    const own = await register(other, '/tenancy-b');
    const res = await other.request({ method: 'POST', url: `/api/v1/webhooks/${own.endpoint.id}/deliveries/${delivery!.id}/resend` });
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ description: '/tenancy', secret: made.secret, enabled: true });
  });
});

describe('deliveries', () => {
  it('posts an event signed as Standard Webhooks says, and logs it', async () => {
    const made = await register(owner, '/signed');
    const ticketId = await createTicket(owner, 'Broken door');
    const [delivery] = await settled(owner, made.endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, responseBody: 'answer 200', eventType: 'ticket.created' });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
    expect(delivery!.attemptLog).toHaveLength(1);
    const [got] = at('/signed');
    expect(got!.verified).toBe(true);
    expect(got!.headers['webhook-id']).toBe(delivery!.messageId);
    expect(Math.abs(Number(got!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const payload = new Webhook(made.secret).verify(got!.body, got!.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'ticket.created', data: { target: { type: 'ticket', id: ticketId, name: 'Broken door' }, after: { siteId } } });
    expect(new Date(payload.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got!.body, got!.headers)).toThrow();
  });

  it('tries again after 500s, with the same webhook-id, until it succeeds', async () => {
    const made = await register(owner, '/flaky');
    receiver.answer('/flaky', 500, 503, 200);
    await createTicket(owner);
    const [delivery] = await settled(owner, made.endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(delivery!.attemptLog.map((a) => a.responseStatus)).toEqual([200, 503, 500]);
    const got = at('/flaky');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.messageId]));
    expect(got.every((r) => r.verified)).toBe(true);
  });

  it('tries again after a timeout, and gives up after the last retry', async () => {
    const made = await register(owner, '/slow');
    receiver.answer('/slow', 'hang', 200);
    await createTicket(owner);
    const [delivery] = await settled(owner, made.endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(delivery!.attemptLog[1]).toMatchObject({ responseStatus: null, error: 'No answer within 700 ms' });

    const down = await register(owner, '/down');
    receiver.answer('/down', 500);
    await createTicket(owner);
    const [failed] = await settled(owner, down.endpoint.id);
    // The first attempt and the three retries of the (shortened) schedule.
    expect(failed).toMatchObject({ status: 'failed', attempts: 4, responseStatus: 500 });
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, down.endpoint.id));
    expect(row!.failingSince).not.toBeNull();
    expect(row!.enabled).toBe(true);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const made = await register(owner, '/moved');
    receiver.answer('/moved', { redirect: receiver.url('/moved-here') });
    await createTicket(owner);
    const [delivery] = await settled(owner, made.endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', responseStatus: 302 });
    expect(delivery!.attemptLog[0]!.error).toBe('Redirects are not followed');
    expect(at('/moved-here')).toHaveLength(0);
  });

  it('turns off an endpoint that answers 410 and tells the administrators', async () => {
    const made = await register(owner, '/gone');
    receiver.answer('/gone', 410);
    await createTicket(owner);
    const [delivery] = await settled(owner, made.endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
    const list = (await owner.request({ method: 'GET', url: '/api/v1/webhooks' })).json<WebhookEndpoint[]>();
    expect(list.find((e) => e.id === made.endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const told = await until(async () => {
      const rows = await t.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.userId), eq(notifications.kind, 'webhookDisabled')));
      return rows.find((r) => r.params.url === receiver.url('/gone'));
    });
    expect(told).toMatchObject({ params: { reason: 'gone' }, link: '/settings/webhooks' });
    // No more deliveries while it is off.
    await createTicket(owner);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await deliveriesOf(owner, made.endpoint.id)).toHaveLength(1);

    // Turned on again, it receives events.
    receiver.answer('/gone', 200);
    const on = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${made.endpoint.id}/enable` });
    expect(on.json<WebhookEndpoint>()).toMatchObject({ enabled: true, disabledReason: null });
    await createTicket(owner);
    const after = await settled(owner, made.endpoint.id, 2);
    expect(after[0]).toMatchObject({ status: 'succeeded' });
  });

  it('turns off an endpoint failing for days at its next failure, not one failing for hours', async () => {
    const hours = await register(owner, '/hours');
    const days = await register(owner, '/days');
    receiver.answer('/hours', 500);
    receiver.answer('/days', 500);
    const since = (ms: number) => new Date(Date.now() - ms);
    await t.app.db
      .update(webhookEndpoints)
      .set({ failingSince: since(5 * 3600_000) })
      .where(eq(webhookEndpoints.id, hours.endpoint.id));
    await t.app.db
      .update(webhookEndpoints)
      .set({ failingSince: since(webhookSettings.disableAfterMs + 60_000) })
      .where(eq(webhookEndpoints.id, days.endpoint.id));
    await createTicket(owner);
    const [gaveUp] = await settled(owner, days.endpoint.id);
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 1 });
    await settled(owner, hours.endpoint.id);
    const rows = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} in (${hours.endpoint.id}, ${days.endpoint.id})`);
    expect(rows.find((r) => r.id === days.endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(rows.find((r) => r.id === hours.endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
    // A success ends the run of failures.
    receiver.answer('/hours', 200);
    await createTicket(owner);
    await settled(owner, hours.endpoint.id, 2);
    const [healed] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hours.endpoint.id));
    expect(healed!.failingSince).toBeNull();
  });

  it('signs with both secrets for a day after a rotation, then with the new one alone', async () => {
    const made = await register(owner, '/rotate');
    const rotated = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${made.endpoint.id}/rotate-secret` });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, endpoint } = rotated.json<WebhookWithSecret>();
    expect(secret).not.toBe(made.secret);
    expect(new Date(endpoint.previousSecretExpiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    await createTicket(owner);
    await settled(owner, made.endpoint.id);
    const [both] = at('/rotate');
    expect(both!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const key of [made.secret, secret]) expect(() => new Webhook(key).verify(both!.body, both!.headers)).not.toThrow();

    // A day later: the old secret no longer signs.
    await t.app.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, made.endpoint.id));
    await createTicket(owner);
    await settled(owner, made.endpoint.id, 2);
    const [, later] = at('/rotate');
    expect(later!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(secret).verify(later!.body, later!.headers)).not.toThrow();
    expect(() => new Webhook(made.secret).verify(later!.body, later!.headers)).toThrow();
  });

  it('sends a test message, and sends a delivery again by hand with the same webhook-id', async () => {
    const made = await register(owner, '/manual', ['ticket.updated']);
    const test = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${made.endpoint.id}/test` });
    expect(test.statusCode, test.body).toBe(202);
    const [sent] = await settled(owner, made.endpoint.id);
    expect(sent).toMatchObject({ status: 'succeeded', eventType: 'webhook.test' });
    const again = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${made.endpoint.id}/deliveries/${sent!.id}/resend` });
    expect(again.statusCode, again.body).toBe(202);
    await until(async () => ((await deliveriesOf(owner, made.endpoint.id))[0]?.attemptLog.length === 2 ? true : null));
    const got = at('/manual');
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id']);
    expect(got.every((r) => r.verified)).toBe(true);
    const missing = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${made.endpoint.id}/deliveries/987654321/resend` });
    expect(missing.statusCode).toBe(404);
  });

  it('carries ticket edits and status changes', async () => {
    const made = await register(owner, '/tickets', ['ticket.updated', 'ticket.status_changed']);
    const ticketId = await createTicket(owner, 'Dripping tap');
    const edit = await owner.request({ method: 'PUT', url: `${H}/tickets/${ticketId}`, payload: { title: 'Dripping tap, kitchen', priority: 'HIGH' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const status = await owner.request({ method: 'PUT', url: `${H}/tickets/${ticketId}/status/IN_PROGRESS?reason=Plumber%20called` });
    expect(status.statusCode, status.body).toBe(200);
    const list = await settled(owner, made.endpoint.id, 2);
    const byType = Object.fromEntries(list.map((d) => [d.eventType, d.payload]));
    expect(byType['ticket.updated']).toMatchObject({
      type: 'ticket.updated',
      data: { target: { type: 'ticket', id: ticketId }, before: { title: 'Dripping tap' }, after: { title: 'Dripping tap, kitchen', priority: 'HIGH' } },
    });
    expect(byType['ticket.status_changed']).toMatchObject({ data: { after: { ticketId, status: 'IN_PROGRESS' } } });
  });
});

describe('several instances', () => {
  it('makes exactly one delivery per event and endpoint, whichever instances work the jobs', async () => {
    // A slow answer under load would be a retry (the same webhook-id again), which is not what this counts.
    webhookSettings.timeoutMs = 10_000;
    const second = await t.secondInstance();
    const a = await register(owner, '/once-a');
    const b = await register(owner, '/once-b');
    const tickets: number[] = [];
    for (let i = 0; i < 12; i++) tickets.push(await createTicket(owner));
    await settled(owner, a.endpoint.id, 12);
    await settled(owner, b.endpoint.id, 12);
    // A dispatch job run again (an instance died after making the deliveries) makes none twice.
    const made = await t.app.db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, a.endpoint.id));
    await Promise.all(made.map((d) => dispatchEvent(second.db, owner.business.id, d.eventId!)));
    await new Promise((r) => setTimeout(r, 1000));
    for (const endpoint of [a, b]) {
      const rows = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id));
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.eventId)).size).toBe(12);
    }
    for (const path of ['/once-a', '/once-b']) {
      const ids = at(path).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(at(path).every((r) => r.verified)).toBe(true);
    }
    webhookSettings.timeoutMs = 700;
  }, 60_000);
});
