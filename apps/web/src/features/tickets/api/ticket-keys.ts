// The helpdesk's query keys. The board's columns and the counters each have a root, so a status
// change can snapshot and restore all of them; the list, history and ticket are refreshed after
// any change (ticket-cache.ts).
import type { TicketStatus } from '@fieldops/shared/enums';
import type { TicketsFilter } from '@fieldops/shared/helpdesk';

const tickets = ['tickets'] as const;
const board = [...tickets, 'board'] as const;
const counts = [...tickets, 'counts'] as const;

export const ticketKeys = {
  all: tickets,
  lists: [...tickets, 'list'] as const,
  list: (filters: TicketsFilter, status: TicketStatus | undefined, page: number) => [...tickets, 'list', { ...filters, status, page }] as const,
  /** Every board column. */
  board,
  column: (status: TicketStatus, filters: TicketsFilter) => [...board, status, filters] as const,
  counts,
  countsOf: (filters: TicketsFilter) => [...counts, filters] as const,
  detail: (ticketId: number) => [...tickets, 'detail', ticketId] as const,
  comments: (ticketId: number) => [...tickets, 'comments', ticketId] as const,
  history: (ticketId: number) => [...tickets, 'history', ticketId] as const,
  attachments: (ticketId: number) => [...tickets, 'attachments', ticketId] as const,
  /** People named by a ticket's history, in one call. */
  users: (ids: readonly number[]) => ['users', 'ids', [...ids].sort((a, b) => a - b)] as const,
};
