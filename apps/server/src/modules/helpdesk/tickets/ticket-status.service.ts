// Status changes (spec §4): only the moves canTransition allows, always with a reason, written to
// the history with the old and new status in the same transaction.
import { canTransition, type Ticket } from '@fieldops/shared/helpdesk';
import type { TicketStatus } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { insertHistory } from './ticket-history.repository.ts';
import { updateTicketRow } from './tickets.repository.ts';
import { requireVisibleTicket, requireVisibleTicketRow } from './tickets.service.ts';

export async function changeTicketStatus(db: Db, caller: Caller, id: number, status: TicketStatus, reason: string): Promise<Ticket> {
  const access = await ticketAccessOf(db, caller);
  const { businessId, userId } = caller;
  await db.transaction(async (tx) => {
    // Locked, so two changes at once cannot both start from the same status.
    const row = await requireVisibleTicketRow(tx, access, id, true);
    if (!access.canManage) throw forbidden();
    if (!canTransition(row.status, status)) throw conflict(MSG.transitionUnavailable);
    await updateTicketRow(tx, businessId, id, { status, reason });
    await insertHistory(tx, [{ businessId, ticketId: id, field: 'STATUS', oldValue: row.status, newValue: status, reason, actorId: userId }]);
    await recordEvent(tx, {
      businessId,
      kind: 'ticket.status',
      actorId: userId,
      data: { ticketId: id, title: row.title, status, creatorId: row.creatorId, agentId: row.agentId },
    });
  });
  return requireVisibleTicket(db, access, id);
}
