// The event log (DESIGN §12): a change someone may want to hear of is written as an event in the
// change's own transaction, with the job that makes its notifications. Kinds that come in bursts
// (flagged answers, new schedules) are told in digests: their job waits a minute, and every event
// of the kind that arrives meanwhile joins the one waiting job.
import type { SlaEscalation, TicketPriority } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { events } from '../../../db/schema-platform.ts';
import { sendJob } from '../queue/queue.ts';

export interface EventData {
  'ticket.created': { ticketId: number; title: string; teamId: number | null };
  'ticket.assigned': { ticketId: number; title: string; agentId: number };
  'ticket.commented': { ticketId: number; title: string; creatorId: number | null; agentId: number | null };
  'ticket.status': { ticketId: number; title: string; status: string; creatorId: number | null; agentId: number | null };
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
export type EventKind = keyof EventData;

/**
 * Kinds told in digests, and how long a digest waits for more: flagged answers come in bursts and
 * a minute of them makes one message; plans given one after another (a member in several) make one
 * message after a short pause. Read when an event is recorded (tests shorten them).
 */
export const digestSeconds: Partial<Record<EventKind, number>> = { 'answer.flagged': 60, 'schedules.assigned': 10 };

/** Records the event and its notifications' job in `tx` (the change's own transaction). */
export async function recordEvent<K extends EventKind>(tx: Db, event: { businessId: number; kind: K; actorId: number | null; data: EventData[K] }) {
  const [row] = await tx
    .insert(events)
    .values({ businessId: event.businessId, kind: event.kind, actorId: event.actorId, data: event.data as unknown as Record<string, unknown> })
    .returning({ id: events.id });
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
}
