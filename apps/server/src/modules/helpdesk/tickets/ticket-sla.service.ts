// What the SLA escalation sweep changes on a ticket itself: a breach may raise its priority.
import type { TicketPriority } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { insertHistory } from './ticket-history.repository.ts';
import { updateTicketRow } from './tickets.repository.ts';
import { ticketDueTimes } from './tickets.service.ts';

type Instants = Awaited<ReturnType<typeof ticketDueTimes>>;

/** The earlier of two instants, either of which may be missing. */
const earlier = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a <= b ? a : b);

/**
 * Raises a breached ticket's priority as its SLA rule says (in the sweep's transaction, with the
 * ticket locked): a history entry without an actor, and the due and warning instants of the new
 * priority's rule where they come sooner. A raise never takes a breach back: a rule for the new
 * priority that allows longer, or none, leaves the passed due time as it was.
 */
export async function raiseTicketPriority(
  db: Db,
  businessId: number,
  ticket: { id: number; priority: TicketPriority; categoryId: number | null } & Instants,
  to: TicketPriority,
) {
  await insertHistory(db, [{ businessId, ticketId: ticket.id, field: 'PRIORITY', oldValue: ticket.priority, newValue: to, actorId: null }]);
  const next = await ticketDueTimes(db, businessId, ticket.id, { priority: to, categoryId: ticket.categoryId });
  await updateTicketRow(db, businessId, ticket.id, {
    priority: to,
    firstResponseDueAt: earlier(ticket.firstResponseDueAt, next.firstResponseDueAt),
    resolutionDueAt: earlier(ticket.resolutionDueAt, next.resolutionDueAt),
    firstResponseWarnAt: earlier(ticket.firstResponseWarnAt, next.firstResponseWarnAt),
    resolutionWarnAt: earlier(ticket.resolutionWarnAt, next.resolutionWarnAt),
  });
}
