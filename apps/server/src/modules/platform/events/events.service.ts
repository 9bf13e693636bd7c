// The event log (DESIGN §12): a change someone may want to hear of is written as an event in the
// change's own transaction, with the job that makes its notifications. Kinds that come in bursts
// (flagged answers, new schedules) are told in digests: their job waits a minute, and every event
// of the kind that arrives meanwhile joins the one waiting job.
//
// The event log is also the audit log (modules/platform/audit): every row keeps who acted (their
// name then), from which address and client (lib/request-origin.ts), and, for a change, what it
// was before and after. Kinds no one is notified of are written handled, with no job.
import { sql } from 'drizzle-orm';
import type { SlaEscalation, TicketPriority } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import type { WebhookEvent } from '@fieldops/shared/webhooks';
import { events } from '../../../db/schema-platform.ts';
import { webhookEndpoints } from '../../../db/schema-integrations.ts';
import { currentOrigin } from '../../../lib/request-origin.ts';
import { sendJob, sendJobs } from '../queue/queue.ts';

/** What an audit entry of a change holds: the thing changed, and what it was before and after. */
export interface ChangeData {
  target: { type: string; id: number | string | null; name?: string | null };
  /** The part of the target that changed, and how (a task's action or section: modules/workflow/actions). */
  part?: { type: string; id: number | null; name: string | null; change: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Kinds recorded for the audit log (and webhooks) alone: changes to the business and what it holds,
 * sign-ins, exports, and the integration and identity settings. Each holds a `ChangeData`.
 */
export const AUDIT_KINDS = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  // A business's API tokens (modules/main/api-tokens): name, scopes and expiry, never the token.
  'token.created',
  'token.revoked',
  // A person's two-factor sign-in (recorded in each of their businesses) and a business's security settings.
  'two_factor.enabled',
  'two_factor.disabled',
  'recovery_codes.regenerated',
  'security.updated',
  // The business and what it holds (modules/main, modules/workflow), and every export.
  'business.updated',
  'business.calendar_updated',
  'member.invited',
  'member.role_changed',
  'member.updated',
  'member.site_added',
  'member.site_removed',
  'member.removed',
  'member.password_set',
  'site.created',
  'site.updated',
  'site.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'plan.created',
  'plan.updated',
  'task.created',
  'task.updated',
  'task.deleted',
  'export.created',
  // A business's single sign-on provider, and an account linked to it (modules/main/sso).
  'sso.updated',
  'sso.deleted',
  'sso.linked',
  // What webhooks carry besides (modules/platform/webhooks): answers, missed schedules, inspections'
  // results, tickets' edits, members activated and transferred; and the endpoints' own changes.
  'answer.submitted',
  'schedule.missed',
  'inspection.passed',
  'inspection.failed',
  'ticket.updated',
  'member.activated',
  'member.transferred',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.enabled',
  'webhook.secret_rotated',
  'webhook.secret_revealed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface EventData {
  'ticket.created': { ticketId: number; title: string; teamId: number | null };
  /** `target`, `before` and `after` (the agent, the status): the audit log's view of the change. */
  'ticket.assigned': { ticketId: number; title: string; agentId: number } & Partial<ChangeData>;
  'ticket.commented': { ticketId: number; title: string; creatorId: number | null; agentId: number | null };
  'ticket.status': { ticketId: number; title: string; status: string; creatorId: number | null; agentId: number | null } & Partial<ChangeData>;
  /** A ticket reached an SLA threshold (helpdesk/sla-escalations), once each; `raisedTo`: the priority a breach raised it to. */
  'ticket.sla': {
    ticketId: number;
    title: string;
    escalation: SlaEscalation;
    agentId: number | null;
    teamId: number | null;
    dueAt: string | null;
    raisedTo: TicketPriority | null;
  };
  'answer.flagged': { teamId: number; scheduleId: number };
  /** The app turned a webhook endpoint off (it answered 410, or failed for days): its administrators are told. */
  'webhook.disabled': ChangeData & { endpointId: number; url: string; reason: 'gone' | 'failing' };
  'schedules.assigned': { userIds: number[]; taskName: string; taskNameAr: string; count: number };
  'cover.requested': {
    requestId: number;
    scheduleId: number;
    teamId: number;
    requesterId: number;
    taskName: string;
    taskNameAr: string;
    /** When the schedule starts (ISO); absent on events recorded before it was carried. */
    start?: string;
  };
  'cover.decided': {
    requestId: number;
    scheduleId: number;
    teamId: number;
    requesterId: number;
    coverId: number;
    status: 'ACCEPTED' | 'ASSIGNED';
    taskName: string;
    taskNameAr: string;
    start?: string;
  };
}
export type EventKind = keyof EventData | AuditKind;
export type EventDataOf<K extends EventKind> = K extends keyof EventData ? EventData[K] : ChangeData;

/** The kinds the notifications' fan-out and digests handle; the rest are written handled. */
const NOTIFIED_KINDS: ReadonlySet<string> = new Set<keyof EventData>([
  'ticket.created',
  'ticket.assigned',
  'ticket.commented',
  'ticket.status',
  'ticket.sla',
  'answer.flagged',
  'schedules.assigned',
  'cover.requested',
  'cover.decided',
  'webhook.disabled',
]);

/**
 * Kinds told in digests, and how long a digest waits for more: flagged answers come in bursts and
 * a minute of them makes one message; plans given one after another (a member in several) make one
 * message after a short pause. Read when an event is recorded (tests shorten them).
 */
export const digestSeconds: Partial<Record<EventKind, number>> = { 'answer.flagged': 60, 'schedules.assigned': 10 };

/**
 * Records the event and its notifications' job in `tx` (the change's own transaction), with the
 * request's origin. `actorName` defaults to the request's (an API token's) or the actor's name.
 */
export async function recordEvent<K extends EventKind>(
  tx: Db,
  event: { businessId: number; kind: K; actorId: number | null; data: EventDataOf<K>; actorName?: string | null },
) {
  const origin = currentOrigin();
  if (origin?.plainRead) throw new Error(`${origin.plainRead} records an event: its route must say \`recordsEvents\` to carry its origin`);
  const notified = NOTIFIED_KINDS.has(event.kind);
  const actorName = event.actorName ?? origin?.actorName ?? (event.actorId === null ? null : sql`(select full_name from users where id = ${event.actorId})`);
  const [row] = await tx
    .insert(events)
    .values({
      businessId: event.businessId,
      kind: event.kind,
      actorId: event.actorId,
      data: event.data as unknown as Record<string, unknown>,
      actorName,
      ip: origin?.ip ?? null,
      client: origin?.client ?? null,
      ...(notified ? {} : { handledAt: sql`now()` }),
    })
    .returning({ id: events.id });
  await dispatchWebhooks(tx, event.businessId, event.kind, row!.id);
  if (!notified) return row!.id;
  const wait = digestSeconds[event.kind];
  if (wait !== undefined) {
    await sendJob(
      tx,
      'events.digest',
      { businessId: event.businessId, kind: event.kind },
      { singletonKey: `${event.kind}:${event.businessId}`, startAfter: new Date(Date.now() + wait * 1000) },
    );
  } else {
    await sendJob(tx, 'events.fanout', { businessId: event.businessId, eventId: row!.id });
  }
  return row!.id;
}

/** The kinds webhooks carry, by the `type` their payloads give them (modules/platform/webhooks). */
export const WEBHOOK_EVENT_OF: Partial<Record<EventKind, WebhookEvent>> = {
  'answer.submitted': 'answer.submitted',
  'answer.flagged': 'answer.flagged',
  'schedule.missed': 'schedule.missed',
  'inspection.passed': 'inspection.passed',
  'inspection.failed': 'inspection.failed',
  'ticket.created': 'ticket.created',
  'ticket.updated': 'ticket.updated',
  'ticket.status': 'ticket.status_changed',
  'member.activated': 'member.activated',
  'member.transferred': 'member.transferred',
};

/**
 * An event webhooks carry makes its deliveries' job in the same transaction, when the business has
 * an enabled endpoint for it: one indexed look-up for a business without webhooks.
 */
async function dispatchWebhooks(tx: Db, businessId: number, kind: EventKind, eventId: number) {
  const type = WEBHOOK_EVENT_OF[kind];
  if (!type) return;
  const [wanted] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      sql`${webhookEndpoints.businessId} = ${businessId} and ${webhookEndpoints.enabled} and ${webhookEndpoints.eventKinds} @> ${JSON.stringify([type])}::jsonb`,
    )
    .limit(1);
  if (wanted) await sendJob(tx, 'webhooks.dispatch', { businessId, eventId });
}

/** The webhooks' jobs of events written together (several businesses' at once, such as missed schedules). */
export async function dispatchWebhooksOf(tx: Db, kind: EventKind, recorded: { businessId: number; eventId: number }[]) {
  const type = WEBHOOK_EVENT_OF[kind];
  if (!type || recorded.length === 0) return;
  const businessIds = [...new Set(recorded.map((r) => r.businessId))];
  const wanting = await tx
    .selectDistinct({ businessId: webhookEndpoints.businessId })
    .from(webhookEndpoints)
    .where(
      sql`${webhookEndpoints.businessId} in (${sql.join(
        businessIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${webhookEndpoints.enabled} and ${webhookEndpoints.eventKinds} @> ${JSON.stringify([type])}::jsonb`,
    );
  const wanted = new Set(wanting.map((w) => w.businessId));
  await sendJobs(
    tx,
    'webhooks.dispatch',
    recorded.filter((r) => wanted.has(r.businessId)),
  );
}
