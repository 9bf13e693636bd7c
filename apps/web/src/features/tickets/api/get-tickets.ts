// GET /services/helpdesk/api/v1/tickets: a page of tickets under the list's filters (sort id,desc,
// total in X-Total-Count), and each board column as pages that grow with "load more" (sort
// updatedDate,desc).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TicketStatus } from '@fieldops/shared/enums';
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

export function useTicketColumnQuery(status: TicketStatus, filters: TicketFilters) {
  return useInfiniteQuery({
    queryKey: ticketKeys.column(status, filters),
    queryFn: ({ pageParam, signal }) => fetchTickets({ ...filters, ticketStatus: status, page: pageParam, size: DEFAULT_PAGE_SIZE, sort: BOARD_SORT }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages, lastPage) => ((lastPage + 1) * DEFAULT_PAGE_SIZE < last.total && last.data.length > 0 ? lastPage + 1 : undefined),
  });
}
