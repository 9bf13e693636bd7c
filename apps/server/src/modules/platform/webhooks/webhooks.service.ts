// Webhooks as administrators manage them: endpoints (an address, a description, the events it
// wants, a signing secret), the secret's rotation (the old one signs too for a day), turning an
// endpoint on again after the app turned it off, a test message, and the log of deliveries with a
// resend. The secret is shown at creation and after a rotation, and an administrator may reveal it
// again (each reveal is in the audit log). No secret is ever written to the event log.
import crypto from 'node:crypto';
import { MSG } from '@fieldops/shared/messages';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
  type createWebhookRequest,
  type updateWebhookRequest,
} from '@fieldops/shared/webhooks';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent, type AuditKind, type ChangeData } from '../events/events.service.ts';
import { sendJob } from '../queue/queue.ts';
import { checkWebhookUrl, resolvesPrivately } from './webhook-address.ts';
import { newMessageId, webhookSettings, type SendJob } from './webhook-delivery.service.ts';
import {
  deleteEndpointRow,
  findAttempts,
  findDeliveries,
  findDelivery,
  findEndpoint,
  findEndpoints,
  insertDelivery,
  insertEndpoint,
  reopenDelivery,
  updateEndpointRow,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts';

type Page = { page: number; size: number };
export interface WebhookOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_HOSTS: endpoints on this machine or a private network are accepted (tests, private installs). */
  allowPrivateHosts: boolean;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks' libraries read it. */
export const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function present(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventKinds: row.eventKinds,
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'gone' || row.disabledReason === 'failing' ? row.disabledReason : null,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt:
      row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
const described = (row: EndpointRow) => ({ url: row.url, description: row.description, eventKinds: row.eventKinds, enabled: row.enabled });
const target = (row: EndpointRow): ChangeData['target'] => ({ type: 'webhook', id: row.id, name: row.url });

async function audit(tx: Db, caller: Caller, kind: AuditKind, data: ChangeData) {
  await recordEvent(tx, { businessId: caller.businessId, kind, actorId: caller.userId, data });
}

/** The address may be sent to: its shape, a private IP or local name, and what its name resolves to now. */
async function requireSendableUrl(url: string, options: WebhookOptions) {
  const verdict = checkWebhookUrl(url, options.allowPrivateHosts);
  if (verdict === 'invalid') throw fieldError('url', MSG.webhookUrlInvalid);
  if (verdict === 'private') throw fieldError('url', MSG.webhookUrlPrivate);
  if (!options.allowPrivateHosts && (await resolvesPrivately(new URL(url).hostname))) throw fieldError('url', MSG.webhookUrlPrivate);
}

async function requireEndpoint(db: Db, caller: Caller, id: number, lock = false) {
  const row = await findEndpoint(db, caller.businessId, id, lock);
  if (!row) throw notFound(MSG.webhookNotFound);
  return row;
}

export async function listWebhooks(db: Db, caller: Caller, page: Page) {
  const { rows, total } = await findEndpoints(db, caller.businessId, page);
  return { items: rows.map(present), total };
}

export async function createWebhook(db: Db, caller: Caller, body: z.output<typeof createWebhookRequest>, options: WebhookOptions): Promise<WebhookWithSecret> {
  await requireSendableUrl(body.url, options);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      businessId: caller.businessId,
      url: body.url,
      description: body.description,
      eventKinds: body.eventKinds,
      secret,
      createdBy: caller.userId,
    });
    await audit(tx, caller, 'webhook.created', { target: target(row), after: described(row) });
    return { endpoint: present(row), secret };
  });
}

export async function updateWebhook(db: Db, caller: Caller, id: number, body: z.output<typeof updateWebhookRequest>, options: WebhookOptions) {
  await requireEndpoint(db, caller, id);
  if (body.url !== undefined) await requireSendableUrl(body.url, options);
  return db.transaction(async (tx) => {
    const before = await requireEndpoint(tx, caller, id, true);
    const values = {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.eventKinds !== undefined ? { eventKinds: body.eventKinds } : {}),
    };
    const row = (await updateEndpointRow(tx, caller.businessId, id, values)) ?? before;
    await audit(tx, caller, 'webhook.updated', { target: target(row), before: described(before), after: described(row) });
    return present(row);
  });
}

export async function deleteWebhook(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const row = await requireEndpoint(tx, caller, id, true);
    await deleteEndpointRow(tx, caller.businessId, id);
    await audit(tx, caller, 'webhook.deleted', { target: target(row), before: described(row) });
  });
}

/** A new secret; the one before keeps signing (beside it) for a day, while receivers change over. */
export async function rotateWebhookSecret(db: Db, caller: Caller, id: number): Promise<WebhookWithSecret> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const before = await requireEndpoint(tx, caller, id, true);
    const row = await updateEndpointRow(tx, caller.businessId, id, {
      secret,
      previousSecret: before.secret,
      previousSecretExpiresAt: new Date(Date.now() + webhookSettings.previousSecretMs),
    });
    await audit(tx, caller, 'webhook.secret_rotated', { target: target(before), after: { previousSecretExpiresAt: iso(row!.previousSecretExpiresAt) } });
    return { endpoint: present(row!), secret };
  });
}

export async function revealWebhookSecret(db: Db, caller: Caller, id: number) {
  return db.transaction(async (tx) => {
    const row = await requireEndpoint(tx, caller, id);
    await audit(tx, caller, 'webhook.secret_revealed', { target: target(row) });
    return { secret: row.secret };
  });
}

/** Turns an endpoint on again (after the app turned it off): its run of failures starts over. */
export async function enableWebhook(db: Db, caller: Caller, id: number) {
  return db.transaction(async (tx) => {
    const before = await requireEndpoint(tx, caller, id, true);
    const row = await updateEndpointRow(tx, caller.businessId, id, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    if (!before.enabled)
      await audit(tx, caller, 'webhook.enabled', {
        target: target(before),
        before: { enabled: false, reason: before.disabledReason },
        after: { enabled: true },
      });
    return present(row!);
  });
}

function presentDelivery(row: DeliveryRow, attempts: Awaited<ReturnType<typeof findAttempts>>): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    durationMs: row.durationMs,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
    attemptLog: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        id: a.id,
        responseStatus: a.responseStatus,
        responseBody: a.responseBody,
        error: a.error,
        durationMs: a.durationMs,
        attemptedAt: a.attemptedAt.toISOString(),
      })),
  };
}

/** A message of type `webhook.test` to the endpoint, at once (sent even to a turned-off endpoint). */
export async function sendTestMessage(db: Db, caller: Caller, id: number) {
  return db.transaction(async (tx) => {
    const endpoint = await requireEndpoint(tx, caller, id);
    const payload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { target: { type: 'webhook', id: endpoint.id, name: endpoint.url }, after: { message: 'A test message from FieldOps' } },
    };
    const row = await insertDelivery(tx, {
      businessId: caller.businessId,
      endpointId: endpoint.id,
      eventId: null,
      messageId: newMessageId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload,
    });
    await sendJob<SendJob>(tx, 'webhooks.send', { businessId: caller.businessId, deliveryId: row.id, expect: 0, round: 0 });
    return presentDelivery(row, []);
  });
}

export async function listDeliveries(db: Db, caller: Caller, endpointId: number, page: Page) {
  await requireEndpoint(db, caller, endpointId);
  const { rows, total } = await findDeliveries(db, caller.businessId, endpointId, page);
  const attempts = await findAttempts(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => presentDelivery(row, attempts)), total };
}

/** Sends a finished delivery again, with the same `webhook-id`, its retries starting over. */
export async function resendDelivery(db: Db, caller: Caller, endpointId: number, deliveryId: number) {
  return db.transaction(async (tx) => {
    await requireEndpoint(tx, caller, endpointId);
    const found = await findDelivery(tx, caller.businessId, endpointId, deliveryId);
    if (!found) throw notFound(MSG.webhookDeliveryNotFound);
    const reopened = await reopenDelivery(tx, caller.businessId, deliveryId);
    if (!reopened) throw conflict(MSG.webhookDeliveryPending);
    await sendJob<SendJob>(tx, 'webhooks.send', { businessId: caller.businessId, deliveryId, expect: reopened.attempts, round: 0 });
    const row = await findDelivery(tx, caller.businessId, endpointId, deliveryId);
    return presentDelivery(row!, await findAttempts(tx, [deliveryId]));
  });
}
