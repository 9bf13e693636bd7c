// One change for many tickets (POST /v1/tickets/bulk): an assignee, a priority, a category, or a
// status with its reason. What the whole request names (the assignee, the category) is checked
// first, and a wrong one refuses the request before any ticket changes. Then each ticket goes
// through the very call that changes one ticket alone (updateTicket, changeTicketStatus), in a
// transaction of its own (a savepoint inside a keyed request's transaction), so its rules, history,
// SLA due times and events are the same; a ticket those rules refuse (a forbidden move, out of the
// caller's sight or another business's, which read alike as "not found", not the caller's to
// change) is reported with the reason and left as it was, and the others are changed.
// Tickets are taken in the order of their ids, so two bulk changes at once lock them in the same
// order and never wait on each other in a circle.
import type { TicketBulkChange, TicketBulkResult, ticketBulkRequest } from '@fieldops/shared/ticket-bulk';
import { MSG } from '@fieldops/shared/messages';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError, missingReference } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { memberIdsOf } from '../../main/members/members.service.ts';
import { holdCategory } from '../ticket-categories/ticket-categories.service.ts';
import { changeTicketStatus } from './ticket-status.service.ts';
import { updateTicket } from './tickets.service.ts';

type BulkInput = z.output<typeof ticketBulkRequest>;

/** Refuses the whole request when the assignee or the category it sets is not the business's. */
async function checkChange(db: Db, businessId: number, change: TicketBulkChange) {
  if ('agentId' in change && change.agentId !== null && !(await memberIdsOf(db, businessId, [change.agentId])).has(change.agentId)) {
    throw missingReference('change.agentId', MSG.assigneeNotMember);
  }
  if ('categoryId' in change && change.categoryId !== null && !(await holdCategory(db, businessId, change.categoryId))) {
    throw missingReference('change.categoryId', MSG.categoryNotFound);
  }
}

/** Applies the change to one ticket exactly as a change of that ticket alone would. */
function applyTo(db: Db, caller: Caller, id: number, change: TicketBulkChange) {
  if ('status' in change) return changeTicketStatus(db, caller, id, change.status, change.reason);
  return updateTicket(db, caller, id, change);
}

export async function changeTickets(db: Db, caller: Caller, body: BulkInput): Promise<TicketBulkResult> {
  await checkChange(db, caller.businessId, body.change);
  const result: TicketBulkResult = { applied: [], refused: [] };
  for (const id of [...body.ticketIds].sort((a, b) => a - b)) {
    try {
      await applyTo(db, caller, id, body.change);
      result.applied.push(id);
    } catch (error) {
      // A rule's refusal (4xx) is this ticket's answer; anything else fails the whole request.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      result.refused.push({ id, message: error.message });
    }
  }
  return result;
}
