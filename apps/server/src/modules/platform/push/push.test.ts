import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { users } from '../../../db/schema.ts';
import { notifications, pushDeliveries, pushSubscriptions } from '../../../db/schema-platform.ts';
import { rowsOf } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, type Caller } from '../../../test/factories.ts';
import { startPushService, verifyVapid, type PushService, type TestSubscription } from '../../../test/push-service.ts';
import { startQueue, type Queue } from '../queue/queue.ts';
import { deliveryKeyOf, sendPush, workPushes, type PushPayload } from './push-worker.ts';
import { enqueuePushes, PUSH_QUEUE, type PushJob } from './push.service.ts';

const SETTINGS = { vapid: null, subject: 'mailto:ops@example.com', localEndpoints: true };

let t: TestApp;
let push: PushService;
let owner: Caller;
let member: Caller;
beforeAll(async () => {
  // The test's push service listens on 127.0.0.1.
  vi.stubEnv('PUSH_LOCAL_ENDPOINTS', 'true');
  vi.stubEnv('VAPID_SUBJECT', SETTINGS.subject);
  t = await createTestApp();
  push = await startPushService();
  owner = await createBusinessWithOwner(t.app);
  member = await addMember(t.app, owner);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await push.close();
  await t.close();
});

const subscribe = (caller: Caller, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
  caller.request({ method: 'POST', url: '/api/v1/push/subscriptions', payload: subscription });

async function subscriptionRow(endpoint: string) {
  const [row] = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

async function notify(caller: Caller, values: { kind: string; params?: Record<string, string | number>; link?: string | null }) {
  const [row] = await t.app.db
    .insert(notifications)
    .values({ businessId: caller.business.id, userId: caller.userId, deliveryKey: `test:${Math.random()}`, params: {}, ...values })
    .returning();
  if (!row) throw new Error('no notification');
  return row;
}

async function subscribed(caller: Caller): Promise<TestSubscription & { id: number }> {
  const subscription = push.subscription();
  expect((await subscribe(caller, subscription)).statusCode).toBe(204);
  const row = await subscriptionRow(subscription.endpoint);
  if (!row) throw new Error('not stored');
  return { ...subscription, id: row.id };
}

const pushesTo = (subscription: TestSubscription) => push.received.filter((r) => subscription.endpoint.endsWith(`/${r.id}`));
const payloadOf = (subscription: TestSubscription, index = 0): PushPayload => {
  const received = pushesTo(subscription)[index];
  if (!received) throw new Error('nothing arrived');
  return JSON.parse(subscription.decrypt(received.body)) as PushPayload;
};

describe('push key', () => {
  it('GET /api/v1/push/key answers one P-256 public key, the same from every instance', async () => {
    const res = await member.request({ method: 'GET', url: '/api/v1/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    const other = await t.secondInstance();
    const again = await other.inject({ method: 'GET', url: '/api/v1/push/key', headers: { authorization: `Bearer ${owner.token}` } });
    expect(again.json()).toEqual({ publicKey });
  });

  it('uses the pair from the environment when one is set', async () => {
    const pair = webpush.generateVAPIDKeys();
    vi.stubEnv('VAPID_PUBLIC_KEY', pair.publicKey);
    vi.stubEnv('VAPID_PRIVATE_KEY', pair.privateKey);
    try {
      const other = await t.secondInstance();
      const res = await other.inject({ method: 'GET', url: '/api/v1/push/key', headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.json()).toEqual({ publicKey: pair.publicKey });
    } finally {
      vi.stubEnv('VAPID_PUBLIC_KEY', '');
      vi.stubEnv('VAPID_PRIVATE_KEY', '');
    }
  });

  it('wants a signed-in person', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/push/key' });
    expect(res.statusCode).toBe(401);
  });
});

describe('push subscriptions', () => {
  it('stores a subscription for the caller, and moves an endpoint to whoever subscribes it last', async () => {
    const subscription = push.subscription();
    expect((await subscribe(member, subscription)).statusCode).toBe(204);
    expect(await subscriptionRow(subscription.endpoint)).toMatchObject({
      userId: member.userId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
    expect((await subscribe(owner, subscription)).statusCode).toBe(204);
    expect(await subscriptionRow(subscription.endpoint)).toMatchObject({ userId: owner.userId });
    const count = await t.app.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(count).toBe(1);
  });

  it('refuses bad input with problem+json, storing nothing', async () => {
    const good = push.subscription();
    const cases = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await subscribe(member, payload as never);
      expect(res.statusCode, field).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(await subscriptionRow(good.endpoint)).toBeUndefined();
  });

  it('refuses an endpoint on this machine or a private network unless PUSH_LOCAL_ENDPOINTS allows it', async () => {
    vi.stubEnv('PUSH_LOCAL_ENDPOINTS', 'false');
    try {
      const other = await t.secondInstance();
      const headers = { authorization: `Bearer ${member.token}` };
      for (const endpoint of [
        push.subscription().endpoint,
        'https://localhost/push/1',
        'https://10.1.2.3/push',
        'https://[::1]/push',
        'https://169.254.169.254/latest',
      ]) {
        const res = await other.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers, payload: { ...push.subscription(), endpoint } });
        expect(res.statusCode, endpoint).toBe(400);
      }
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers,
        payload: { ...push.subscription(), endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
      });
      expect(res.statusCode).toBe(204);
      await t.app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/fcm/send/abc'));
    } finally {
      vi.stubEnv('PUSH_LOCAL_ENDPOINTS', 'true');
    }
  });

  it("DELETE removes the caller's own subscription only", async () => {
    const mine = await subscribed(member);
    const theirs = await subscribed(owner);
    const refused = await member.request({ method: 'DELETE', url: '/api/v1/push/subscriptions', payload: { endpoint: theirs.endpoint } });
    expect(refused.statusCode).toBe(204);
    expect(await subscriptionRow(theirs.endpoint)).toBeDefined();
    const removed = await member.request({ method: 'DELETE', url: '/api/v1/push/subscriptions', payload: { endpoint: mine.endpoint } });
    expect(removed.statusCode).toBe(204);
    expect(await subscriptionRow(mine.endpoint)).toBeUndefined();
    const bad = await member.request({ method: 'DELETE', url: '/api/v1/push/subscriptions', payload: { endpoint: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });
});

describe('sending', () => {
  let queue: Queue;
  beforeAll(async () => {
    queue = await startQueue(t.app.db, t.app.log);
    await workPushes(queue, t.app.db, t.app.log, { settings: SETTINGS, agent: push.agent });
  });
  afterAll(() => queue.stop());

  const jobsOf = async (notificationId: number) =>
    rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${PUSH_QUEUE} and (data->>'notificationId')::bigint = ${notificationId}`,
      ),
    )[0]?.n;

  const jobStates = async (notificationId: number) =>
    rowsOf<{ state: string }>(
      await t.app.db.execute(sql`select state from pgboss.job where name = ${PUSH_QUEUE} and (data->>'notificationId')::bigint = ${notificationId}`),
    ).map((r) => r.state);

  it('sends each notification to every device of its recipient, in their language, signed with the VAPID key', async () => {
    const english = await addMember(t.app, owner);
    const arabic = await addMember(t.app, owner);
    await t.app.db.update(users).set({ language: 'ar' }).where(eq(users.id, arabic.userId));
    const [phone, laptop, arabicPhone] = [await subscribed(english), await subscribed(english), await subscribed(arabic)];
    const before = push.received.length;

    const params = { count: 3, siteName: 'North yard' };
    const n1 = await notify(english, { kind: 'schedulesAssigned', params, link: '/tracker' });
    const n2 = await notify(arabic, { kind: 'schedulesAssigned', params, link: '/tracker' });
    const n3 = await notify(arabic, { kind: 'ticketAssigned', params: { ticketTitle: 'Leaking pipe' }, link: '/tickets/7' });
    await t.app.db.transaction((tx) => enqueuePushes(tx, [n1.id, n2.id, n3.id]));
    await push.waitFor(before + 4);

    for (const device of [phone, laptop]) {
      expect(payloadOf(device)).toEqual({
        title: 'New schedules',
        body: 'You have 3 new schedules at North yard.',
        link: '/tracker',
        tag: `notification-${n1.id}`,
        lang: 'en',
      });
    }
    const arabicPayloads = pushesTo(arabicPhone).map((_, i) => payloadOf(arabicPhone, i));
    expect(arabicPayloads).toHaveLength(2);
    expect(arabicPayloads).toContainEqual({
      title: 'جداول جديدة',
      body: `لديك ${(3).toLocaleString('ar')} جداول جديدة في North yard.`,
      link: '/tracker',
      tag: `notification-${n2.id}`,
      lang: 'ar',
    });
    expect(arabicPayloads).toContainEqual({ title: 'أُسندت إليك تذكرة', body: 'Leaking pipe', link: '/tickets/7', tag: `notification-${n3.id}`, lang: 'ar' });

    const { publicKey } = (await english.request({ method: 'GET', url: '/api/v1/push/key' })).json<{ publicKey: string }>();
    for (const received of [...pushesTo(phone), ...pushesTo(arabicPhone)]) {
      const vapid = verifyVapid(received.headers.authorization as string, push.origin);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims.sub).toBe(SETTINGS.subject);
      expect(received.headers['content-encoding']).toBe('aes128gcm');
      expect(received.headers.ttl).toBe('86400');
      expect(received.headers.urgency).toBe('normal');
    }
    // The worker records the send once the push service has answered, a moment after it received it.
    const sentAt = async () =>
      (
        await t.app.db
          .select()
          .from(pushDeliveries)
          .where(eq(pushDeliveries.deliveryKey, deliveryKeyOf(n1.id, phone.id)))
      )[0]?.sentAt;
    await expect.poll(sentAt, { timeout: 5_000 }).toBeInstanceOf(Date);
    // The queue records each job done, so none runs again.
    await expect.poll(() => jobStates(n1.id), { timeout: 10_000 }).toEqual(['completed', 'completed']);
  });

  it('sends a schedule about to start at once, and only for a short while', async () => {
    const device = await subscribed(member);
    const n = await notify(member, { kind: 'scheduleStarting', params: { taskName: 'Morning round', siteName: 'Gate 2' }, link: '/tracker/5' });
    await sendPush(t.app.db, SETTINGS, { businessId: owner.business.id, notificationId: n.id, subscriptionId: device.id }, t.app.log, push.agent);
    const [received] = pushesTo(device);
    expect(received?.headers.urgency).toBe('high');
    expect(received?.headers.ttl).toBe('1800');
    expect(payloadOf(device)).toMatchObject({ title: 'A schedule is starting', body: 'Morning round at Gate 2 starts now.' });
  });

  it('enqueues nothing when the transaction that wrote the notification rolls back', async () => {
    await subscribed(member);
    const n = await notify(member, { kind: 'ticketCreated' });
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueuePushes(tx, [n.id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsOf(n.id)).toBe(0);
    await t.app.db.transaction((tx) => enqueuePushes(tx, [n.id]));
    expect(await jobsOf(n.id)).toBeGreaterThan(0);
  });

  it('sends a retried job once: a failure is thrown for the queue to retry, and a sent push is not sent again', async () => {
    const device = await subscribed(member);
    const n = await notify(member, { kind: 'ticketCommented', params: { ticketTitle: 'Broken lock' }, link: '/tickets/9' });
    const job: PushJob = { businessId: owner.business.id, notificationId: n.id, subscriptionId: device.id };
    push.answer(device, 503);
    await expect(sendPush(t.app.db, SETTINGS, job, t.app.log, push.agent)).rejects.toThrow(/503/);
    push.answer(device, 201);
    await sendPush(t.app.db, SETTINGS, job, t.app.log, push.agent);
    await sendPush(t.app.db, SETTINGS, job, t.app.log, push.agent);
    expect(pushesTo(device)).toHaveLength(2); // the refused one, then the one sent
    expect(payloadOf(device, 1)).toMatchObject({ title: 'New comment on a ticket', body: 'Broken lock' });
    expect(await subscriptionRow(device.endpoint)).toBeDefined();
  });

  it('removes a subscription the push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      const device = await subscribed(member);
      const n = await notify(member, { kind: 'ticketAnswered' });
      push.answer(device, status);
      await sendPush(t.app.db, SETTINGS, { businessId: owner.business.id, notificationId: n.id, subscriptionId: device.id }, t.app.log, push.agent);
      expect(pushesTo(device)).toHaveLength(1);
      expect(await subscriptionRow(device.endpoint)).toBeUndefined();
    }
  });

  it("never sends one person's notification to a device that has since moved to someone else", async () => {
    const device = await subscribed(member);
    const n = await notify(member, { kind: 'ticketAssigned', params: { ticketTitle: 'Private matter' } });
    expect((await subscribe(owner, device)).statusCode).toBe(204);
    await sendPush(t.app.db, SETTINGS, { businessId: owner.business.id, notificationId: n.id, subscriptionId: device.id }, t.app.log, push.agent);
    expect(pushesTo(device)).toHaveLength(0);
  });
});
