// The events webhooks carry beyond tickets, each recorded where its change happens and delivered
// to an endpoint that wants it: a member transferred and activated, a schedule missed (the
// schedule engine), with their audit entries.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookWithSecret } from '@fieldops/shared/webhooks';
import { events } from '../../../db/schema-platform.ts';
import {
  addMember,
  createBusinessWithOwner,
  createInvitedUser,
  createProjectAndSite,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
  type Caller,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { runScheduleEngine } from '../../workflow/schedule-engine/schedule-engine.ts';

let t: TestApp;
let owner: Caller;
let receiver: Receiver;
let endpointId: number;
let siteA: number;
let siteB: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: { work: true, mailTransport: null, push: null }, webhooks: { allowPrivateHosts: true } });
  owner = await createBusinessWithOwner(t.app);
  const { project, site } = await createProjectAndSite(t.app, owner, 'North gate');
  siteA = site.id;
  siteB = (await createSite(t.app, owner, project.id, { name: 'South gate' })).id;
  receiver = await startReceiver();
  const res = await owner.request({
    method: 'POST',
    url: '/api/v1/webhooks',
    payload: { url: receiver.url('/events'), eventKinds: ['member.transferred', 'member.activated', 'schedule.missed'] },
  });
  const made = res.json<WebhookWithSecret>();
  receiver.secrets('/events', made.secret);
  endpointId = made.endpoint.id;
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function deliveryOf(type: string) {
  const end = Date.now() + 15_000;
  for (;;) {
    const list = (await owner.request({ method: 'GET', url: `/api/v1/webhooks/${endpointId}/deliveries?size=100` })).json<WebhookDelivery[]>();
    const found = list.find((d) => d.eventType === type && d.status === 'succeeded');
    if (found) return found;
    if (Date.now() > end) throw new Error(`no ${type} delivery`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('events webhooks carry', () => {
  it('a member transferred from one site to another', async () => {
    const moving = await addMember(t.app, owner, 'MEMBER');
    await placeInSite(t.app, owner, siteA, moving.userId);
    const res = await owner.request({
      method: 'POST',
      url: `/api/v1/teams/${siteA}/users/${moving.userId}/transfer`,
      payload: { executionPlanIds: [], toTeamId: siteB },
    });
    expect(res.statusCode, res.body).toBe(200);
    const delivery = await deliveryOf('member.transferred');
    expect(delivery.payload).toMatchObject({
      type: 'member.transferred',
      data: {
        target: { type: 'member', id: moving.userId },
        before: { siteId: siteA, siteName: 'North gate' },
        after: { siteId: siteB, siteName: 'South gate', planIds: [] },
      },
    });
    expect(receiver.received.find((r) => r.headers['webhook-id'] === delivery.messageId)?.verified).toBe(true);
  });

  it('a member activated by an administrator', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await owner.request({ method: 'POST', url: `/api/v1/users/${invited.id}/activate` });
    expect(res.statusCode, res.body).toBe(200);
    const delivery = await deliveryOf('member.activated');
    expect(delivery.payload).toMatchObject({ data: { target: { type: 'member', id: invited.id }, after: { activated: true, by: 'administrator' } } });
  });

  it('a schedule the engine marks missed, recorded in the audit log too', async () => {
    const task = await createTask(t.app, owner, { nameEn: 'Night round' });
    const member = await addMember(t.app, owner, 'MEMBER');
    const past = Date.now() - 3 * 3600_000;
    const schedule = await createScheduleRow(t.app.db, {
      businessId: owner.business.id,
      taskId: task.id,
      teamId: siteA,
      userId: member.userId,
      start: new Date(past),
      end: new Date(past + 3600_000),
      deadline: new Date(past + 3600_000),
    });
    const pass = await runScheduleEngine(t.app.db, { horizonDays: 1 });
    expect(pass.missed).toBeGreaterThanOrEqual(1);
    const delivery = await deliveryOf('schedule.missed');
    expect(delivery.payload).toMatchObject({
      type: 'schedule.missed',
      data: {
        target: { type: 'schedule', id: schedule.id, name: 'Night round' },
        after: { status: 'missed', siteId: siteA, siteName: 'North gate', memberId: member.userId },
      },
    });
    const [audit] = await t.app.db
      .select()
      .from(events)
      .where(and(eq(events.businessId, owner.business.id), eq(events.kind, 'schedule.missed')));
    expect(audit?.handledAt).not.toBeNull();
  });
});
