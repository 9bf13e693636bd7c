// Delivering webhooks (jobs `webhooks.dispatch` and `webhooks.send`). An event of a kind webhooks
// carry makes a dispatch job in its own transaction (events.service.ts); the job makes one delivery
// per endpoint that wants the event (once, whoever runs it: the unique (event, endpoint) key) and
// one send job each. A send job takes one attempt of its delivery (a guarded update, so a copy of
// the job run elsewhere sends nothing), posts it, logs the attempt, and on failure plans the next
// after the retry schedule below. An endpoint that answers 410 Gone, or whose failures have lasted
// `disableAfterMs`, is turned off and its administrators are told.
import crypto from 'node:crypto';
import { WEBHOOK_RESPONSE_EXCERPT } from '@fieldops/shared/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { recordEvent, WEBHOOK_EVENT_OF, type ChangeData, type EventKind } from '../events/events.service.ts';
import { sendJob, sendJobs, type Queue } from '../queue/queue.ts';
import { postWebhook } from './webhook-sender.ts';
import {
  claimAttempt,
  clearFailing,
  disableEndpointRow,
  endpointForSend,
  endpointsWanting,
  findEvent,
  insertAttempt,
  insertDeliveries,
  markFailing,
  updateDeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The retry schedule (Standard Webhooks' suggestion): after a failed attempt the next comes after
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h — eight attempts over about 28 hours — then the
 * delivery has failed. An endpoint failing for `disableAfterMs` (3 days) is turned off at its next
 * failure. Read at each attempt (tests shorten them).
 */
export const webhookSettings = {
  retryDelaysSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as number[],
  timeoutMs: 10_000,
  disableAfterMs: 72 * HOUR_MS,
  /** How long the secret before a rotation keeps signing too. */
  previousSecretMs: 24 * HOUR_MS,
};

/** What a send job carries: the delivery, the attempts it had when the job was made, and which try of this round it is. */
export interface SendJob {
  businessId: number;
  deliveryId: number;
  expect: number;
  round: number;
  [key: string]: unknown;
}

export const newMessageId = () => `msg_${crypto.randomUUID().replace(/-/g, '')}`;

/**
 * A payload's `data`: what changed (`target`: its type, id and name; `before` and `after`: the
 * fields that changed, or that describe it), the same shape for every type (docs/SECURITY.md).
 */
export function payloadData(kind: string, data: Record<string, unknown>): ChangeData {
  const d = data as { ticketId?: number; title?: string; teamId?: number | null; status?: string; scheduleId?: number };
  switch (kind) {
    case 'ticket.created':
      return {
        target: { type: 'ticket', id: d.ticketId ?? null, name: d.title ?? null },
        after: { ticketId: d.ticketId, title: d.title, siteId: d.teamId ?? null },
      };
    case 'ticket.status':
      return { target: { type: 'ticket', id: d.ticketId ?? null, name: d.title ?? null }, after: { ticketId: d.ticketId, title: d.title, status: d.status } };
    case 'answer.flagged':
      return { target: { type: 'schedule', id: d.scheduleId ?? null }, after: { scheduleId: d.scheduleId, siteId: d.teamId, flagged: true } };
    default: {
      const change = data as unknown as ChangeData;
      return { target: change.target, ...(change.before ? { before: change.before } : {}), ...(change.after ? { after: change.after } : {}) };
    }
  }
}

/**
 * How long after its dispatch a delivery's first send job waits: the dispatching worker sends it at
 * once itself, and the job is there for an instance that died meanwhile (after the claim's
 * two-minute window for a lost attempt).
 */
const SAFETY_NET_MS = 150_000;

/**
 * Makes an event's deliveries, one per endpoint that wants it, each with a send job that waits as
 * a safety net; answers the new deliveries' first send, which the caller makes at once.
 */
export async function dispatchEvent(db: Db, businessId: number, eventId: number): Promise<SendJob[]> {
  return db.transaction(async (tx) => {
    const event = await findEvent(tx, businessId, eventId);
    const type = event ? WEBHOOK_EVENT_OF[event.kind as EventKind] : undefined;
    if (!event || !type) return [];
    const endpoints = await endpointsWanting(tx, businessId, type);
    const payload = { type, timestamp: event.createdAt.toISOString(), data: payloadData(event.kind, event.data) };
    const made = await insertDeliveries(
      tx,
      endpoints.map((endpoint) => ({ businessId, endpointId: endpoint.id, eventId, messageId: newMessageId(), eventType: type, payload })),
    );
    const first = made.map((d): SendJob => ({ businessId, deliveryId: d.id, expect: 0, round: 0 }));
    await sendJobs(tx, 'webhooks.send', first, { startAfter: new Date(Date.now() + SAFETY_NET_MS) });
    return first;
  });
}

/** The secrets a message is signed with now: the current one, and the previous one for a day after a rotation. */
export function signingSecrets(endpoint: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, now = new Date()) {
  const previous = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

async function disable(tx: Db, endpoint: EndpointRow, reason: 'gone' | 'failing') {
  const off = await disableEndpointRow(tx, endpoint.id, reason);
  if (!off) return;
  await recordEvent(tx, {
    businessId: endpoint.businessId,
    kind: 'webhook.disabled',
    actorId: null,
    actorName: 'FieldOps',
    data: {
      target: { type: 'webhook', id: endpoint.id, name: endpoint.url },
      before: { enabled: true },
      after: { enabled: false, reason },
      endpointId: endpoint.id,
      url: endpoint.url,
      reason,
    },
  });
}

/** One attempt of a delivery, and what follows from its outcome. */
export async function sendDelivery(db: Db, job: SendJob, options: { allowPrivateHosts: boolean }) {
  const claimed = await claimAttempt(db, job.deliveryId, job.expect);
  if (!claimed) return;
  const deliveryId = Number(claimed.id);
  const endpoint = await endpointForSend(db, Number(claimed.endpoint_id));
  if (!endpoint) return;
  // A test message is sent to a turned-off endpoint too: it is how an administrator checks it before turning it on again.
  if (!endpoint.enabled && claimed.event_id !== null) {
    await updateDeliveryRow(db, deliveryId, { status: 'failed', responseBody: 'Not sent: the endpoint is turned off', responseStatus: null });
    return;
  }
  const result = await postWebhook({
    url: endpoint.url,
    secrets: signingSecrets(endpoint),
    messageId: claimed.message_id,
    body: JSON.stringify(claimed.payload),
    timeoutMs: webhookSettings.timeoutMs,
    allowPrivate: options.allowPrivateHosts,
  });
  const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const delays = webhookSettings.retryDelaysSeconds;
  await db.transaction(async (tx) => {
    await insertAttempt(tx, {
      deliveryId,
      responseStatus: result.status,
      responseBody: result.body,
      error: result.error,
      durationMs: result.durationMs,
    });
    const logged = {
      responseStatus: result.status,
      responseBody: (result.error ?? result.body ?? '').slice(0, WEBHOOK_RESPONSE_EXCERPT),
      durationMs: result.durationMs,
    };
    if (succeeded) {
      await updateDeliveryRow(tx, deliveryId, { ...logged, status: 'succeeded' });
      await clearFailing(tx, endpoint.id);
      return;
    }
    if (gone) {
      await updateDeliveryRow(tx, deliveryId, { ...logged, status: 'failed' });
      await disable(tx, endpoint, 'gone');
      return;
    }
    const since = await markFailing(tx, endpoint.id);
    if (endpoint.enabled && Date.now() - since.getTime() >= webhookSettings.disableAfterMs) {
      await updateDeliveryRow(tx, deliveryId, { ...logged, status: 'failed' });
      await disable(tx, endpoint, 'failing');
      return;
    }
    const delay = delays[job.round];
    if (delay === undefined) {
      await updateDeliveryRow(tx, deliveryId, { ...logged, status: 'failed' });
      return;
    }
    const next = new Date(Date.now() + delay * 1000);
    await updateDeliveryRow(tx, deliveryId, { ...logged, nextAttemptAt: next });
    await sendJob<SendJob>(
      tx,
      'webhooks.send',
      { businessId: job.businessId, deliveryId, expect: claimed.attempts, round: job.round + 1 },
      { startAfter: next },
    );
  });
}

/** Works both queues in this instance. */
export async function workWebhooks(queue: Queue, db: Db, options: { allowPrivateHosts: boolean; log: FastifyBaseLogger }) {
  const send = async (job: SendJob) => {
    try {
      await sendDelivery(db, job, options);
    } catch (err) {
      options.log.error({ err, deliveryId: job.deliveryId }, 'webhook delivery');
      throw err;
    }
  };
  // The first attempts go out from the dispatching worker, a queue hop sooner; a failure there is
  // left to the safety-net job.
  await queue.work<{ businessId: number; eventId: number }>(
    'webhooks.dispatch',
    async ({ businessId, eventId }) => {
      const first = await dispatchEvent(db, businessId, eventId);
      await Promise.all(first.map((job) => send(job).catch(() => undefined)));
    },
    { batch: 20, pollSeconds: 0.5 },
  );
  await queue.work<SendJob>('webhooks.send', send, { batch: 20, pollSeconds: 0.5 });
}
