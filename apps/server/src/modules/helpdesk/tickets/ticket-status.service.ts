// Status changes (spec §4): only the moves canTransition allows, always with a reason, written to
// the history with the old and new status in the same transaction, and the SLA due times and
// the SLA report's facts worked out again from it. Every status change goes through here.
import { canTransition, type Ticket } from '@fieldops/shared/helpdesk';
import type { TicketStatus } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { slaOfStatusChange } from '../sla-policies/sla-policies.service.ts';
import { findStatusMoments, insertHistory } from './ticket-history.repository.ts';
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
    await insertHistory(tx, [{ businessId, ticketId: id, field: 'STATUS', oldValue: row.status, newValue: status, reason, actorId: userId }]);
    // Leaving NEW the first time is the first response; the SLA clock pauses, stops or runs on,
    // and the report's facts of the first response and of the resolution are fixed or undone.
    const now = new Date();
    const sla = await slaOfStatusChange(
      tx,
      businessId,
      { ...row, statuses: await findStatusMoments(tx, businessId, id), from: row.status, to: status, firstResponded: row.firstRespondedAt !== null },
      now,
    );
    await updateTicketRow(tx, businessId, id, {
      status,
      reason,
      ...sla,
      ...(row.status === 'NEW' && row.firstRespondedAt === null ? { firstRespondedAt: now } : {}),
    });
    await recordEvent(tx, {
      businessId,
      kind: 'ticket.status',
      actorId: userId,
      data: {
        ticketId: id,
        title: row.title,
        status,
        creatorId: row.creatorId,
        agentId: row.agentId,
        target: { type: 'ticket', id, name: row.title },
        before: { status: row.status },
        after: { status, reason },
      },
    });
  });
  return requireVisibleTicket(db, access, id);
}
