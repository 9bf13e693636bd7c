// POST /services/helpdesk/api/v1/tickets/bulk: one change (assignee, priority, category, or status
// with its reason) for many tickets; the answer names the changed ones and each refused one with
// why. Sent with an Idempotency-Key like every change (lib/api-client.ts), so a retry is done once.
import { useCallback } from 'react';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import type { Ticket, TicketsFilter } from '@fieldops/shared/helpdesk';
import type { TicketBulkRequest, TicketBulkResult } from '@fieldops/shared/ticket-bulk';
import { api, type ListResult } from '../../../lib/api-client.ts';
import { columnTickets } from './get-tickets.ts';
import { invalidateTicketViews } from './ticket-cache.ts';
import { ticketKeys } from './ticket-keys.ts';

export const bulkUpdateTicketsMutationKey = ['tickets', 'bulk'] as const;

export const bulkUpdateTickets = (body: TicketBulkRequest) => api.post<TicketBulkResult>('/v1/tickets/bulk', body, { base: 'helpdesk' });

export function useBulkUpdateTicketsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: bulkUpdateTicketsMutationKey,
    mutationFn: bulkUpdateTickets,
    onSettled: () => invalidateTicketViews(queryClient),
  });
}

type Cached = InfiniteData<ListResult<Ticket>, number> | ListResult<Ticket> | undefined;

/** A ticket as the board or the list last showed it (for its title in a report), if it is there. */
export function cachedTicket(queryClient: QueryClient, id: number): Ticket | undefined {
  for (const key of [ticketKeys.board, ticketKeys.lists]) {
    for (const [, data] of queryClient.getQueriesData<Cached>({ queryKey: key })) {
      const pages = data && 'pages' in data ? data.pages : data ? [data] : [];
      for (const page of pages) {
        const found = page.data.find((ticket) => ticket.id === id);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** Finds a ticket the page showed, by its id. */
export function useCachedTicket(): (id: number) => Ticket | undefined {
  const queryClient = useQueryClient();
  return (id) => cachedTicket(queryClient, id);
}

/** The ids of the tickets shown now, in their order: the board's loaded columns, or the list's page. */
export function useShownTickets(view: 'board' | 'list', filters: TicketsFilter, status: TicketStatus | undefined, page: number): () => number[] {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      view === 'board'
        ? TICKET_STATUSES.flatMap((column) =>
            columnTickets(queryClient.getQueryData<InfiniteData<ListResult<Ticket>, number>>(ticketKeys.column(column, filters))?.pages).map(
              (ticket) => ticket.id,
            ),
          )
        : (queryClient.getQueryData<ListResult<Ticket>>(ticketKeys.list(filters, status, page))?.data ?? []).map((ticket) => ticket.id),
    [queryClient, view, filters, status, page],
  );
}
