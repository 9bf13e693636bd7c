// GET /v1/tickets/{id}/sla: where a ticket stands on its SLA targets now, read from its status
// history on the business calendar: its first response (due, given, on time or late) and its
// resolution clock (running, paused on hold, stopped when resolved; the working time used and left).
import { z } from 'zod';

export const ticketClock = z.object({
  /** Whether an SLA rule covers the ticket; without one every other field is null. */
  covered: z.boolean(),
  firstResponse: z
    .object({
      targetMinutes: z.number(),
      dueAt: z.string(),
      /** When the ticket first left NEW; null while it waits. */
      respondedAt: z.string().nullable(),
      breached: z.boolean(),
    })
    .nullable(),
  resolution: z
    .object({
      targetMinutes: z.number(),
      /** Working minutes counted so far (while NEW or IN_PROGRESS). */
      usedMinutes: z.number(),
      /** What is left of the target; negative once breached. */
      leftMinutes: z.number(),
      state: z.enum(['RUNNING', 'PAUSED', 'STOPPED']),
      /** When it runs out: past once breached; null while paused or stopped with time left. */
      dueAt: z.string().nullable(),
      breached: z.boolean(),
    })
    .nullable(),
});
export type TicketClock = z.infer<typeof ticketClock>;
