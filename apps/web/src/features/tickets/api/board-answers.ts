// The ticket board's first screen as the server asks for it on a phone's `/tickets`
// (apps/server/src/plugins/first-screen.ts): each column's first page and the counters, without
// filters, put in the cache under the keys the board reads, as if it had asked itself.
import type { QueryClient } from '@tanstack/react-query';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import type { Ticket, TicketCounts } from '@fieldops/shared/helpdesk';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ListResult } from '../../../lib/api-client.ts';
import { BOARD_SORT, type TicketFilters } from './get-tickets.ts';
import { ticketKeys } from './ticket-keys.ts';

export interface BoardAnswers {
  /** How each column's page was asked for: the board's own page size and order, or not used. */
  size: number;
  sort: string;
  counts: TicketCounts;
  columns: Record<TicketStatus, { tickets: Ticket[]; total: number }>;
}

/** The board opened without filters reads these (use-ticket-filters.ts leaves none in). */
const NO_FILTERS: TicketFilters = {};

/** Whether the answers were asked for as the board asks (its page size and order) and hold every column. */
export function boardAnswersFit(board: BoardAnswers): boolean {
  if (board.size !== DEFAULT_PAGE_SIZE || board.sort !== BOARD_SORT) return false;
  // Read from the page: checked, not trusted to have its type.
  const columns: Partial<BoardAnswers['columns']> = board.columns;
  return TICKET_STATUSES.every((status) => Array.isArray(columns[status]?.tickets) && Number.isFinite(columns[status]?.total));
}

/** Puts answers that fit (boardAnswersFit) in the cache, each column as its first page. */
export function seedBoardAnswers(queryClient: QueryClient, board: BoardAnswers): void {
  for (const status of TICKET_STATUSES) {
    const { tickets, total } = board.columns[status];
    const page: ListResult<Ticket> = { data: tickets, total };
    queryClient.setQueryData(ticketKeys.column(status, NO_FILTERS), { pages: [page], pageParams: [0] });
  }
  queryClient.setQueryData(ticketKeys.countsOf(NO_FILTERS), board.counts);
}
