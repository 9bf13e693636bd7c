// Queries of the escalation sweep: the thresholds open tickets have reached without an escalation
// of their kind, across businesses in one statement; the locked tickets of a batch; and the
// escalation rows, each inserted once.
import { and, inArray, sql } from 'drizzle-orm';
import type { SlaEscalation } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';
import { ticketSlaEscalations, tickets } from '../../../db/schema-helpdesk.ts';

export interface Reached {
  ticketId: number;
  kind: SlaEscalation;
}

/**
 * Up to `limit` (ticket, threshold) pairs reached by `now` and not escalated yet, from the ticket
 * `fromTicketId` on, in ticket order. The warnings are
 * found through their partial indexes, which hold only tickets whose clock runs; the breaches
 * through each business's open tickets (tickets_business_status_idx), since a due time stays on a
 * ticket once it has passed. First response thresholds count only while the first response is
 * awaited; the resolution's only while its clock runs (NEW or IN_PROGRESS).
 */
export async function findReached(db: Db, now: Date, limit: number, fromTicketId = 0): Promise<Reached[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ ticket_id: string | number; kind: SlaEscalation }>(
    await db.execute(sql`
      with reached (ticket_id, kind) as (
        select t.id, 'FIRST_RESPONSE_WARNING' from tickets t
         where t.first_response_warn_at <= ${at}::timestamptz and t.status = 'NEW' and t.first_responded_at is null
        union all
        select t.id, 'RESOLUTION_WARNING' from tickets t
         where t.resolution_warn_at <= ${at}::timestamptz and t.status in ('NEW', 'IN_PROGRESS')
        union all
        select o.id, o.kind from businesses b
         cross join lateral (
           select t.id, k.kind from tickets t
            cross join lateral (values
              ('FIRST_RESPONSE_BREACH', t.status = 'NEW' and t.first_responded_at is null and t.first_response_due_at <= ${at}::timestamptz),
              ('RESOLUTION_BREACH', t.resolution_due_at <= ${at}::timestamptz)
            ) k (kind, due)
            where t.business_id = b.id and t.status in ('NEW', 'IN_PROGRESS') and k.due
         ) o
      )
      select r.ticket_id, r.kind from reached r
       where r.ticket_id >= ${fromTicketId}
         and not exists (select 1 from ticket_sla_escalations e where e.ticket_id = r.ticket_id and e.kind = r.kind)
       order by r.ticket_id, r.kind
       limit ${limit}`),
  );
  return rows.map((r) => ({ ticketId: Number(r.ticket_id), kind: r.kind }));
}

/**
 * The batch's tickets, locked for the transaction. A ticket another transaction holds (a status
 * change, another sweep) is skipped: the next sweep finds it again if it still has a threshold due.
 */
export async function lockTickets(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: tickets.id,
      businessId: tickets.businessId,
      title: tickets.title,
      status: tickets.status,
      priority: tickets.priority,
      categoryId: tickets.categoryId,
      agentId: tickets.agentId,
      teamId: tickets.teamId,
      firstRespondedAt: tickets.firstRespondedAt,
      firstResponseDueAt: tickets.firstResponseDueAt,
      firstResponseWarnAt: tickets.firstResponseWarnAt,
      resolutionDueAt: tickets.resolutionDueAt,
      resolutionWarnAt: tickets.resolutionWarnAt,
    })
    .from(tickets)
    .where(inArray(tickets.id, ids))
    .orderBy(tickets.id)
    .for('update', { skipLocked: true });
}
export type LockedTicket = Awaited<ReturnType<typeof lockTickets>>[number];

/** Inserts the escalations; only those not made before come back. */
export async function insertEscalations(db: Db, rows: Array<Reached & { businessId: number }>): Promise<Reached[]> {
  if (rows.length === 0) return [];
  const made = await db
    .insert(ticketSlaEscalations)
    .values(rows)
    .onConflictDoNothing({ target: [ticketSlaEscalations.ticketId, ticketSlaEscalations.kind] })
    .returning({ ticketId: ticketSlaEscalations.ticketId, kind: ticketSlaEscalations.kind });
  return made;
}

/** The escalations of these tickets (tests and the ticket's own reading). */
export async function escalationsOf(db: Db, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select({ ticketId: ticketSlaEscalations.ticketId, kind: ticketSlaEscalations.kind, createdDate: ticketSlaEscalations.createdDate })
    .from(ticketSlaEscalations)
    .where(and(inArray(ticketSlaEscalations.ticketId, ticketIds)));
}
