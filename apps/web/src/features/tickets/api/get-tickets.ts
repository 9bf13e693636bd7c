// GET /services/helpdesk/api/v1/tickets: a page of tickets under the list's filters (sort id,desc,
// total in X-Total-Count), and each board column as pages that grow with "load more" (sort
// updatedDate,desc).
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import type { Ticket, TicketsFilter } from '@fieldops/shared/helpdesk';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { api, type ListResult } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

/** The filters both views share (from the shared ticketsQuery schema); the board adds the status of each column. */
export type TicketFilters = TicketsFilter;

interface TicketSearch extends TicketFilters {
  ticketStatus?: TicketStatus;
  page: number;
  size: number;
  sort: string;
}

export const LIST_SORT = 'id,desc';
export const BOARD_SORT = 'updatedDate,desc';

export const fetchTickets = (query: TicketSearch, signal?: AbortSignal) => api.list<Ticket>('/v1/tickets', { base: 'helpdesk', params: { ...query }, signal });

export function useTicketsQuery(filters: TicketFilters, status: TicketStatus | undefined, page: number) {
  return useQuery({
    queryKey: ticketKeys.list(filters, status, page),
    queryFn: ({ signal }) => fetchTickets({ ...filters, ticketStatus: status, page, size: DEFAULT_PAGE_SIZE, sort: LIST_SORT }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The loaded pages of a column as one list (a ticket that moved between pages shows once). */
export function columnTickets(pages: readonly ListResult<Ticket>[] | undefined): Ticket[] {
  const seen = new Set<number>();
  const tickets: Ticket[] = [];
  for (const page of pages ?? []) {
    for (const ticket of page.data) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      tickets.push(ticket);
    }
  }
  return tickets;
}

const columnQuery = (status: TicketStatus, filters: TicketFilters) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.column(status, filters),
    queryFn: ({ pageParam, signal }) => fetchTickets({ ...filters, ticketStatus: status, page: pageParam, size: DEFAULT_PAGE_SIZE, sort: BOARD_SORT }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages, lastPage) => ((lastPage + 1) * DEFAULT_PAGE_SIZE < last.total && last.data.length > 0 ? lastPage + 1 : undefined),
  });

export function useTicketColumnQuery(status: TicketStatus, filters: TicketFilters) {
  return useInfiniteQuery(columnQuery(status, filters));
}

/**
 * Asks for the first page of every column as the board page starts drawing, instead of once the
 * whole page has been drawn: on a phone the answers are then there by the time the columns are.
 * Like TanStack Query's own prefetch hooks, it asks during the render, and only for a column
 * that has nothing cached or on its way.
 */
export function usePrefetchBoardColumns(filters: TicketFilters, enabled: boolean) {
  const queryClient = useQueryClient();
  if (!enabled) return;
  for (const status of TICKET_STATUSES) {
    const options = columnQuery(status, filters);
    if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchInfiniteQuery(options);
  }
}
