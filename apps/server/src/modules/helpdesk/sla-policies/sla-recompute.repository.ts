// Queries of the recomputation of due times: a business's open tickets in batches, locked, with
// their status histories, and the new instants written in one statement a batch.
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { ticketHistory, tickets } from '../../../db/schema-helpdesk.ts';
import type { SlaTimes, StatusMoment } from './sla-times.ts';

/** Up to `size` of the business's open (not resolved or closed) tickets after `afterId`, locked. */
export async function lockOpenTickets(db: Db, businessId: number, afterId: number, size: number) {
  return db
    .select({
      id: tickets.id,
      priority: tickets.priority,
      categoryId: tickets.categoryId,
      firstResponseDueAt: tickets.firstResponseDueAt,
      resolutionDueAt: tickets.resolutionDueAt,
    })
    .from(tickets)
    .where(and(eq(tickets.businessId, businessId), gt(tickets.id, afterId), notInArray(tickets.status, ['RESOLVED', 'CLOSED'])))
    .orderBy(asc(tickets.id))
    .limit(size)
    .for('update');
}

/** Each ticket's statuses, oldest first: its creation (NEW), then every status change. */
export async function statusMomentsOf(db: Db, businessId: number, ticketIds: number[]): Promise<Map<number, StatusMoment[]>> {
  const moments = new Map<number, StatusMoment[]>();
  if (ticketIds.length === 0) return moments;
  const rows = await db
    .select({ ticketId: ticketHistory.ticketId, field: ticketHistory.field, newValue: ticketHistory.newValue, at: ticketHistory.createdDate })
    .from(ticketHistory)
    .where(and(eq(ticketHistory.businessId, businessId), inArray(ticketHistory.ticketId, ticketIds), inArray(ticketHistory.field, ['CREATED', 'STATUS'])))
    .orderBy(asc(ticketHistory.ticketId), asc(ticketHistory.id));
  for (const r of rows) {
    const list = moments.get(r.ticketId) ?? [];
    list.push({ status: (r.field === 'CREATED' ? 'NEW' : r.newValue) as TicketStatus, at: r.at });
    moments.set(r.ticketId, list);
  }
  return moments;
}

const at = (d: Date | null) => sql`${d?.toISOString() ?? null}::timestamptz`;

/** Writes the instants; the tickets keep their place on the board (their updated date stays). */
export async function writeSlaTimes(db: Db, businessId: number, rows: Array<SlaTimes & { id: number }>) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::bigint, ${at(r.firstResponseDueAt)}, ${at(r.resolutionDueAt)}, ${at(r.firstResponseWarnAt)}, ${at(r.resolutionWarnAt)})`),
    sql`, `,
  );
  await db.execute(sql`
    update tickets t
       set first_response_due_at = v.frd, resolution_due_at = v.rd, first_response_warn_at = v.frw, resolution_warn_at = v.rw
      from (values ${values}) v (id, frd, rd, frw, rw)
     where t.id = v.id and t.business_id = ${businessId}`);
}
