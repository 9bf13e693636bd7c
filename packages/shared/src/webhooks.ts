// Outgoing webhooks: an administrator registers addresses the business's events are posted to,
// signed as the Standard Webhooks specification says, and sees each delivery and its attempts.
import { z } from 'zod';
import { pageQuery } from './common.ts';
import { MSG, maxMessage } from './messages.ts';
import { isHttpAddress, parseWebAddress } from './web-address.ts';

/** The events an endpoint may receive, as their `type` reads in a payload. */
export const WEBHOOK_EVENTS = [
  'answer.submitted',
  'answer.flagged',
  'schedule.missed',
  'inspection.passed',
  'inspection.failed',
  'ticket.created',
  'ticket.updated',
  'ticket.status_changed',
  'member.activated',
  'member.transferred',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The type of the message an administrator sends to try an endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** How much of a response's body the log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT = 2048;

/** An http(s) address with a host and no user name or password in it. */
export const webhookUrl = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(WEBHOOK_URL_MAX, maxMessage(WEBHOOK_URL_MAX))
  .refine((value) => isHttpAddress(value) && !parseWebAddress(value)?.username && !parseWebAddress(value)?.password, MSG.webhookUrlInvalid);

const eventKinds = z
  .array(z.enum(WEBHOOK_EVENTS, { error: MSG.webhookEventInvalid }), { error: MSG.webhookEventsRequired })
  .min(1, MSG.webhookEventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((kinds) => [...new Set(kinds)]);

const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, maxMessage(WEBHOOK_DESCRIPTION_MAX));

export const createWebhookRequest = z.object({ url: webhookUrl, description: description.default(''), eventKinds });
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

export const updateWebhookRequest = z.object({ url: webhookUrl.optional(), description: description.optional(), eventKinds: eventKinds.optional() });
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

/** Why the app turned an endpoint off: it answered 410 Gone, or it failed for days. */
export const webhookDisabledReason = z.enum(['gone', 'failing']);
export type WebhookDisabledReason = z.infer<typeof webhookDisabledReason>;

export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  eventKinds: z.array(z.string()),
  enabled: z.boolean(),
  /** Null while enabled, or when an administrator turned it off. */
  disabledReason: webhookDisabledReason.nullable(),
  disabledAt: z.string().nullable(),
  /** When its current run of failures began. */
  failingSince: z.string().nullable(),
  /** Until when the secret before the last rotation still signs too. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** A new endpoint or a rotated secret: the secret in full (`whsec_…`). */
export const webhookWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookSecret = z.object({ secret: z.string() });

export const webhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

export const webhookAttempt = z.object({
  id: z.number(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  attemptedAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.number(),
  endpointId: z.number(),
  eventId: z.number().nullable(),
  /** The `webhook-id` header: the same on every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** Newest first. */
  attemptLog: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhooksQuery = pageQuery;
export const webhookDeliveriesQuery = pageQuery;
