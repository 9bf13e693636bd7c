// Which status a ticket may move to from which (spec §4). Without the schema library: the board
// decides which columns take a dragged card and which moves its menu offers with this alone.
import { TICKET_STATUSES, type TicketStatus } from './enums.ts';

const FORBIDDEN: ReadonlyArray<readonly [TicketStatus | '*', TicketStatus | '*']> = [
  ['RESOLVED', 'NEW'],
  ['RESOLVED', 'IN_PROGRESS'],
  ['CLOSED', '*'],
  ['NEW', 'CLOSED'],
  ['NEW', 'RESOLVED'],
  ['IN_PROGRESS', 'NEW'],
  ['IN_PROGRESS', 'CLOSED'],
];

/** Whether a ticket may move from one status to another; staying put is not a move. */
export function canTransition(from: TicketStatus, to: TicketStatus): boolean {
  if (from === to) return false;
  return !FORBIDDEN.some(([a, b]) => (a === '*' || a === from) && (b === '*' || b === to));
}

/** The statuses a ticket in `from` may move to. */
export const allowedTransitions = (from: TicketStatus): TicketStatus[] => TICKET_STATUSES.filter((to) => canTransition(from, to));
