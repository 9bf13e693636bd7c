// `POST /v1/tickets/bulk`: one change for many tickets at once (the board's and the list's
// selection): an assignee (or none), a priority, a category (or none), or a status with its
// reason. Each ticket is changed on its own, by the same rules as one ticket alone; those the
// rules refuse are reported with the reason, and the others are changed.
import { z } from 'zod';
import { id } from './common.ts';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './enums.ts';
import { ticketStatusQuery } from './helpdesk.ts';
import { TICKET_BULK_MAX } from './limits.ts';
import { MSG } from './messages.ts';

/** The most tickets one bulk change takes (kept in limits.ts, which the board reads without the schema library). */
export { TICKET_BULK_MAX };

/** Exactly one of these; the priority first, so a generated example is a whole change. */
export const ticketBulkChange = z.union(
  [
    z.strictObject({ priority: z.enum(TICKET_PRIORITIES) }),
    z.strictObject({ agentId: id.nullable() }),
    z.strictObject({ categoryId: id.nullable() }),
    z.strictObject({ status: z.enum(TICKET_STATUSES), reason: ticketStatusQuery.shape.reason }),
  ],
  { error: MSG.bulkOneChange },
);
export type TicketBulkChange = z.infer<typeof ticketBulkChange>;

export const ticketBulkRequest = z.object({
  ticketIds: z
    .array(id, { error: MSG.selectTicket })
    .min(1, MSG.selectTicket)
    .max(TICKET_BULK_MAX, MSG.tooManyTickets)
    .refine((ids) => new Set(ids).size === ids.length, MSG.duplicateTickets),
  change: ticketBulkChange,
});
export type TicketBulkRequest = z.input<typeof ticketBulkRequest>;

/** Which tickets changed, and why each of the others did not (a message of messages.ts). */
export const ticketBulkResult = z.object({
  applied: z.array(z.number()),
  refused: z.array(z.object({ id: z.number(), message: z.string() })),
});
export type TicketBulkResult = z.infer<typeof ticketBulkResult>;
