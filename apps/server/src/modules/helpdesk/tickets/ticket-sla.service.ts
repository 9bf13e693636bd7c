// What the SLA escalation sweep changes on a ticket itself: a breach may raise its priority.
import type { TicketPriority } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { insertHistory } from './ticket-history.repository.ts';
import { updateTicketRow } from './tickets.repository.ts';
import { ticketDueTimes } from './tickets.service.ts';

/**
 * Raises a breached ticket's priority as its SLA rule says (in the sweep's transaction, with the
 * ticket locked): a history entry without an actor, and the due and warning instants of the new
 * priority's rule.
 */
export async function raiseTicketPriority(
  db: Db,
  businessId: number,
  ticket: { id: number; priority: TicketPriority; categoryId: number | null },
  to: TicketPriority,
) {
  await insertHistory(db, [{ businessId, ticketId: ticket.id, field: 'PRIORITY', oldValue: ticket.priority, newValue: to, actorId: null }]);
  await updateTicketRow(db, businessId, ticket.id, {
    priority: to,
    ...(await ticketDueTimes(db, businessId, ticket.id, { priority: to, categoryId: ticket.categoryId })),
  });
}
